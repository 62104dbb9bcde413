import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { csrfFailed } from '../../lib/http-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false exempts a route from CSRF checks; only for requests that carry their own proof (signed webhooks). */
    csrf?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for every state-changing request (WIRE.md), before anything is parsed or changed:
 * 1. the browser says the request is same-origin (Sec-Fetch-Site, Origin);
 * 2. it carries X-Requested-With: XMLHttpRequest (a header no form or simple request can set);
 * 3. X-CSRF-Token equals the CSRF cookie, and that cookie is an HMAC bound to this request's session
 *    (or pre-session) id. Any failure answers 403 csrf_failed.
 * JSON-only bodies (415 otherwise) come from the content-type parsers: only application/json is registered.
 */
export default fp(
  async (app) => {
    const trustedOrigins = new Set([app.config.publicUrl.origin, ...app.config.allowedOrigins]);

    app.addHook('onRequest', (request, _reply, done) => {
      // Every state-changing request, whatever its path: deciding by URL prefix would invite encoding tricks.
      if (SAFE_METHODS.has(request.method) || request.routeOptions.config.csrf === false) return done();
      const problem = crossSiteProblem(request, trustedOrigins) ?? tokenProblem(request);
      done(problem ? csrfFailed(problem) : undefined);
    });

    function tokenProblem(request: FastifyRequest): string | null {
      if (request.headers['x-requested-with'] !== 'XMLHttpRequest') return 'missing X-Requested-With header.';
      const header = request.headers['x-csrf-token'];
      if (typeof header !== 'string' || header === '') return 'missing CSRF token.';
      if (!app.authCookies.verifyDoubleSubmit(request, header)) return 'invalid CSRF token.';
      return null;
    }
  },
  { name: 'csrf', dependencies: ['auth', 'cookie'] },
);

function crossSiteProblem(request: FastifyRequest, trustedOrigins: Set<string>): string | null {
  const fetchSite = request.headers['sec-fetch-site'];
  // 'none' is a user typing an address, never a script: still not a same-origin call.
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return 'cross-site request.';
  const origin = request.headers.origin;
  if (origin !== undefined && !trustedOrigins.has(origin)) return 'cross-site request.';
  return null;
}
