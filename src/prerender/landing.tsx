import { createMemoryHistory } from '@tanstack/react-router';
import { prerender } from 'react-dom/static';
import { AppRoot } from '../app/AppRoot';
import { createAppRoot } from '../app/root';
import { paths } from '../domain/pages';

/** A build that waits longer than this for the page's lazy parts has a part that never loads: fail loudly. */
const PRERENDER_TIMEOUT_MS = 30_000;

/**
 * The landing page as HTML, rendered at build time (scripts/vite/prerender-landing.ts) so its first paint needs
 * no JavaScript; the browser then hydrates it (src/main.tsx). It is the app's own root on the landing route, as a
 * visitor sees it before anything has loaded: nobody signed in, no configuration yet, the anonymous actions.
 * It waits for the page's lazy read-only sections (StaticIsland), which the browser keeps as HTML.
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
  const { prelude } = await withTimeout(
    // Every boundary inline, however large: React outlines large ones behind inline scripts, which the page's
    // Content-Security-Policy (no inline script) would block.
    prerender(<AppRoot router={router} />, { progressiveChunkSize: Number.POSITIVE_INFINITY }),
    PRERENDER_TIMEOUT_MS,
  );
  return new Response(prelude).text();
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(`The landing page did not finish rendering within ${ms} ms: something suspends forever.`),
        ),
      ms,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
