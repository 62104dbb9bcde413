import type { FastifyInstance } from 'fastify';

/**
 * Replaces Fastify's JSON parser with one that accepts an empty body: supabase-js sends
 * `Content-Type: application/json` with no body on `POST /logout`, and GoTrue accepts that.
 * A malformed body still fails, with an error the app's handler turns into a 400.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      done(new MalformedJsonError(error instanceof Error ? error.message : String(error)), undefined);
    }
  });
}

export class MalformedJsonError extends Error {
  readonly statusCode = 400;
  constructor(detail: string) {
    super(`Could not parse request body as JSON: ${detail}`);
    this.name = 'MalformedJsonError';
  }
}
