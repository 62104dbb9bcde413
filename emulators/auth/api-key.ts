import type { FastifyInstance } from 'fastify';
import type { AuthConfig } from './config';

// Supabase's gateway, not GoTrue, rejects calls without the project's key. The emulator does the same only when a
// key is configured, so that a misconfigured SPA fails locally as it would in production. Browser navigations
// (e-mail links, the Google page) and the public JWKS carry no key and are marked `withoutApiKey`.

declare module 'fastify' {
  interface FastifyContextConfig {
    withoutApiKey?: boolean;
  }
}

export function requireApiKey(app: FastifyInstance, config: AuthConfig): void {
  const expected = config.anonKey;
  if (!expected) return;
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.withoutApiKey) return;
    const query = request.query as Record<string, unknown> | undefined;
    const given = request.headers.apikey ?? (typeof query?.apikey === 'string' ? query.apikey : undefined);
    if (!given) {
      return reply.code(401).send({
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      });
    }
    if (given !== expected) {
      return reply.code(401).send({
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      });
    }
  });
}
