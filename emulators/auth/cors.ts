import type { FastifyInstance } from 'fastify';
import { API_VERSION_HEADER } from './errors';

// The SPA calls the emulator from another origin. Like GoTrue (rs/cors with credentials), the request origin is
// echoed back; the API-version header must be exposed or browser code cannot read it and error codes degrade.

const ALLOWED_HEADERS = [
  'authorization',
  'apikey',
  'x-client-info',
  'x-supabase-api-version',
  'content-type',
  'x-retry-count',
  'traceparent',
  'tracestate',
  'baggage',
].join(', ');

export function registerCors(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Access-Control-Allow-Credentials', 'true');
      reply.header('Vary', 'Origin');
    } else {
      reply.header('Access-Control-Allow-Origin', '*');
    }
    reply.header('Access-Control-Expose-Headers', `X-Total-Count, Link, ${API_VERSION_HEADER}`);
  });

  app.options('/*', { config: { withoutApiKey: true } }, async (_request, reply) =>
    reply
      .code(204)
      .header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS')
      .header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
      .header('Access-Control-Max-Age', '86400')
      .send(),
  );
}
