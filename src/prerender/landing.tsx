import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { AppRoot } from '../app/AppRoot';
import { createAppRoot } from '../app/root';
import { paths } from '../domain/pages';

/**
 * The landing page as HTML, rendered at build time (scripts/vite/prerender-landing.ts) so its first paint needs
 * no JavaScript; the browser then hydrates it (src/main.tsx). It is the app's own root on the landing route, as a
 * visitor sees it before anything has loaded: nobody signed in, no configuration yet, the anonymous actions.
 */
export async function renderLandingPage(): Promise<string> {
  // The router's browser build registers itself on `self` (devtools); Node has no `self`.
  (globalThis as { self?: unknown }).self ??= globalThis;
  const { router } = createAppRoot({
    history: createMemoryHistory({ initialEntries: [paths.landing] }),
    // Render exactly what the browser renders (the router has server-only branches that would not hydrate).
    buildTime: { origin: 'http://localhost' },
    actorOptions: {},
  });
  await router.load();
  return renderToString(<AppRoot router={router} />);
}
