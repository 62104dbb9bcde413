import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import {
  FRAMED_PAGES,
  FRAMES_WITH_CARD,
  frameHtml,
  frameWithCardHtml,
  LANDING_HTML,
} from '../../../contract/spa-build';
import { loadSpaPage, runtimeConfigOf, type SpaPage, sendSpaPage } from '../../lib/spa-pages';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The SPA's pages with the runtime configuration written in (../../lib/spa-pages.ts): `index` for every page,
     * `landing` for `/` and `/Landing` when the build prerendered it (LANDING_HTML), `frames` for each signed-in
     * page whose frame the build painted (`frameHtml`), by the page's name in lower case, and `cardFrames`, the HTML
     * of the frames with the user's card in slots (`frameWithCardHtml`), for a request with a session. Null when
     * SPA_DIST holds no built SPA (only the API is served).
     */
    spaPages: {
      index: SpaPage;
      landing: SpaPage | null;
      frames: ReadonlyMap<string, SpaPage>;
      cardFrames: ReadonlyMap<string, string>;
    } | null;
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
    if (!available) {
      app.decorate('spaPages', null);
      app.log.warn({ root }, 'no built SPA found (run `npm run build`); serving the API only');
      return;
    }
    const runtimeConfig = runtimeConfigOf(app.config);
    const optionalPage = (name: string) => {
      const file = path.join(root, name);
      return existsSync(file) ? loadSpaPage(file, runtimeConfig) : null;
    };
    const pages = {
      index: loadSpaPage(path.join(root, 'index.html'), runtimeConfig),
      landing: optionalPage(LANDING_HTML),
      frames: new Map(
        FRAMED_PAGES.flatMap((name) => {
          const frame = optionalPage(frameHtml(name));
          return frame ? [[name.toLowerCase(), frame] as const] : [];
        }),
      ),
      cardFrames: new Map(
        FRAMES_WITH_CARD.flatMap((name) => {
          const frame = optionalPage(frameWithCardHtml(name));
          return frame ? [[name.toLowerCase(), frame.html] as const] : [];
        }),
      ),
    };
    app.decorate('spaPages', pages);
    // `/` is the landing page: its prerendered HTML when the build made one (scripts/vite/prerender-landing.ts).
    // Every other page is the not-found handler's (../app/not-found.ts).
    app.get('/', (request, reply) => sendSpaPage(request, reply, pages.landing ?? pages.index));
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: true,
      // The build writes .br and .gz twins (vite.config.ts); the one the browser accepts is sent.
      preCompressed: true,
      // Pages are sent with the configuration written in: `/` above, the others by the not-found handler.
      index: false,
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
