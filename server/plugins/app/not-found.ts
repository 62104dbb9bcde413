import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../../lib/http-errors';
import { sendSpaPage, sendUserPage, withSignedInUser } from '../../lib/spa-pages';
import { currentUserWithFlags } from '../../services/current-user';

/**
 * Unknown addresses: under /api a JSON 404; a page path (a GET of /Billing, /Foo/Settings, ...: no file
 * extension) gets the SPA's index.html so the client-side router can take it, whatever the Accept header says
 * (curl, uptime probes and link previews ask for pages too); /Landing gets the landing page's prerendered HTML
 * (and `/`, ../external/static.ts), a signed-in page the same index.html with its frame painted in it, and, for a
 * request with a session, the user written in (../../lib/spa-pages.ts `withSignedInUser`).
 * Every page carries the runtime configuration (../../lib/spa-pages.ts).
 * A missing file (/assets/gone.js) stays a 404: HTML in its place would only confuse the browser.
 */
export default fp(
  async (app) => {
    app.setNotFoundHandler(async (request, reply) => {
      const pages = app.spaPages;
      if (isPageNavigation(request) && pages) {
        if (isLandingPage(request.url)) return sendSpaPage(request, reply, pages.landing ?? pages.index);
        const name = lastSegment(request.url);
        const frame = pages.frames.get(name);
        if (!frame) return sendSpaPage(request, reply, pages.index);
        // A signed-in page for the session's user: its identity, and its card where the frame has one. Only at the
        // page's own address (/Profile, not /assets/x/Profile): a cache that keeps whatever is under a path prefix,
        // whatever the page says, would keep one user's page for the next visitor of the link (web cache deception).
        // The app moves an address under another to the page's own (ROUTE-20), and asks for the user there.
        if (!isOwnAddress(request.url)) return sendSpaPage(request, reply, frame, { byCookie: true });
        const identity = await pageIdentity(request).catch((error: unknown) => {
          // The database is down or slow to answer: the page as without a session, not an error in its place. The
          // SPA asks GET /api/auth/me itself and shows what failed, with a retry.
          request.log.error({ err: error }, 'the signed-in page is sent without its user');
          return null;
        });
        if (!identity) return sendSpaPage(request, reply, frame, { byCookie: true });
        return sendUserPage(
          request,
          reply,
          withSignedInUser(pages.cardFrames.get(name) ?? frame.html, identity),
        );
      }
      throw notFound(request.url.startsWith('/api') ? 'No such API endpoint.' : 'Not found');
    });

    /** What GET /api/auth/me?include_flags=true answers the request's session; null without one. */
    async function pageIdentity(request: FastifyRequest) {
      const auth = await app.authenticate(request);
      if (!auth) return null;
      return currentUserWithFlags(auth.user, { signups: app.signups, adminEmails: app.config.adminEmails });
    }
  },
  { name: 'not-found', dependencies: ['static', 'auth', 'repositories'] },
);

function isPageNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  if (path === '/api' || path.startsWith('/api/')) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

/**
 * The path's last segment in lower case: the name of the page it shows, whose frame the build may have painted (the
 * app shows /foo/Billing as /Billing [product: ROUTE-12]). /Dashboard has none: it says 'Checking session…' instead
 * of the frame's 'Loading…' [product: CHECK-1], so it starts from the empty page.
 */
function lastSegment(url: string): string {
  const segments = (url.split('?')[0] ?? '').split('/').filter((segment) => segment !== '');
  return (segments.at(-1) ?? '').toLowerCase();
}

/** A page's own address: one segment, with or without a trailing slash (`/Profile`, `/billing/`). */
function isOwnAddress(url: string): boolean {
  return /^\/[^/]+\/?$/.test(url.split('?')[0] ?? '');
}

/** `/Landing` in any case, with or without a trailing slash (page names are case-insensitive [product: ROUTE-12]). */
function isLandingPage(url: string): boolean {
  return /^\/landing\/?$/i.test(url.split('?')[0] ?? '');
}
