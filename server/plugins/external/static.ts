import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { LANDING_HTML } from '../../../contract/spa-build';

declare module 'fastify' {
  interface FastifyInstance {
    /** False when SPA_DIST holds no built SPA (only the API is served). */
    spaAvailable: boolean;
    /** True when the build prerendered the landing page (LANDING_HTML). */
    landingPrerendered: boolean;
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

/**
 * The built SPA on the same origin as the API. Vite's hashed files under assets/ never change, so they are
 * cached for a year; index.html is revalidated every time so a deploy is picked up at once.
 */
export default fp(
  async (app) => {
    const root = path.resolve(app.config.spaDist);
    const available = existsSync(path.join(root, 'index.html'));
    app.decorate('spaAvailable', available);
    app.decorate('landingPrerendered', available && existsSync(path.join(root, LANDING_HTML)));
    if (!available) {
      app.log.warn({ root }, 'no built SPA found (run `npm run build`); serving the API only');
      return;
    }
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: true,
      // The build writes .br and .gz twins (vite.config.ts); the one the browser accepts is sent.
      preCompressed: true,
      // `/` shows the landing page: its prerendered HTML when the build made one (scripts/vite/prerender-landing.ts).
      index: [LANDING_HTML, 'index.html'],
      cacheControl: false,
      dotfiles: 'ignore',
      // Source maps give away the sources, comments included: only in local mode or when asked for.
      allowedPath: (pathName) => app.config.serveSourceMaps || !pathName.endsWith('.map'),
      setHeaders: (reply, filePath) => {
        const relative = path.relative(root, filePath).split(path.sep).join('/');
        const cacheControl = relative.startsWith('assets/')
          ? IMMUTABLE
          : relative.endsWith('.html')
            ? REVALIDATE
            : SHORT;
        reply.header('cache-control', cacheControl);
      },
    });
  },
  { name: 'static', dependencies: ['config'] },
);
