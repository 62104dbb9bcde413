import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { paths } from '../routes/paths';
import { createAppRouter } from '../routes/router';
import { createSessionPort } from '../routes/session-port';
import { AppRoot } from '../ui/AppRoot';

/**
 * The landing page as HTML, rendered at build time (scripts/vite/prerender-landing.ts) so its first paint needs
 * no JavaScript; the browser then hydrates it (src/main.tsx). It is the app's own tree on the landing route, as a
 * visitor sees it before anything has loaded: nobody signed in, no configuration yet, the session actions as their
 * Suspense fallback ('Join Beta' and 'Sign In').
 */
export async function renderLandingPage(): Promise<string> {
  // The router's browser build registers itself on `self` (devtools); Node has no `self`.
  (globalThis as { self?: unknown }).self ??= globalThis;
  const never = new Promise<never>(() => {});
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [paths.landing] }),
    session: createSessionPort(never),
    runtimeConfig: () => never,
    signInEffects: () => never,
    // Render exactly what the browser renders (the router has server-only branches that would not hydrate).
    buildTime: { origin: 'http://localhost' },
  });
  await router.load();
  return renderToString(<AppRoot router={router} />);
}
