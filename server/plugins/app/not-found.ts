import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LANDING_HTML } from '../../../contract/spa-build';
import { notFound } from '../../lib/http-errors';

/**
 * Unknown addresses: under /api a JSON 404; a page the browser navigates to (GET accepting HTML) gets the
 * SPA's index.html so the client-side router can take it (/Billing, /Profile, ...); /Landing gets the landing
 * page's prerendered HTML.
 */
export default fp(
  async (app) => {
    app.setNotFoundHandler(async (request, reply) => {
      if (isPageNavigation(request) && app.spaAvailable) {
        reply.header('cache-control', 'no-cache');
        return reply.sendFile(
          app.landingPrerendered && isLandingPage(request.url) ? LANDING_HTML : 'index.html',
        );
      }
      throw notFound(request.url.startsWith('/api') ? 'No such API endpoint.' : 'Not found');
    });
  },
  { name: 'not-found', dependencies: ['static'] },
);

function isPageNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?'))
    return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/** `/Landing` in any case, with or without a trailing slash (page names are case-insensitive [product: ROUTE-12]). */
function isLandingPage(url: string): boolean {
  return /^\/landing\/?$/i.test(url.split('?')[0] ?? '');
}
