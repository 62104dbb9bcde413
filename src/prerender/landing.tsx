import { type AnyRoute, createMemoryHistory } from '@tanstack/react-router';
import { prerender } from 'react-dom/static';
import type { ProfileCardText } from '../../contract/profile-card';
import { cardSlot } from '../../contract/spa-build';
import { AppRoot } from '../app/AppRoot';
import { createAppRoot } from '../app/root';
import { paths } from '../domain/pages';
import { FrameCardContext } from '../ui/profile/ProfileCard';

/** A build that waits longer than this for the page's lazy parts has a part that never loads: fail loudly. */
const PRERENDER_TIMEOUT_MS = 30_000;

/**
 * The landing page as HTML, rendered at build time (scripts/vite/prerender-landing.ts) so its first paint needs
 * no JavaScript; the browser then hydrates it (src/main.tsx). It is the app's own root on the landing route, as a
 * visitor sees it before anything has loaded: nobody signed in, no configuration yet, the anonymous actions.
 * It waits for the page's lazy read-only sections (StaticIsland), which the browser keeps as HTML.
 */
/** The user's card as slots, for the frames the server fills in (contract/spa-build.ts `cardSlot`). */
const CARD_SLOTS: ProfileCardText = {
  initials: cardSlot('initials'),
  name: cardSlot('name'),
  role: cardSlot('role'),
  email: cardSlot('email'),
  memberSince: cardSlot('memberSince'),
  organization: cardSlot('organization'),
};

export async function renderLandingPage(): Promise<string> {
  const router = await loadedRouter(paths.landing);
  const { prelude } = await withTimeout(
    // Every boundary inline, however large: React outlines large ones behind inline scripts, which the page's
    // Content-Security-Policy (no inline script) would block.
    prerender(<AppRoot router={router} />, { progressiveChunkSize: Number.POSITIVE_INFINITY }),
    PRERENDER_TIMEOUT_MS,
  );
  return new Response(prelude).text();
}

/**
 * A signed-in page's frame as HTML (the header with the page marked, the page's heading, 'Loading…' in the page's
 * place), as the app renders it at `path` before the session has loaded, for the server to send with that page's
 * address: its first paint needs no JavaScript. What waits for the session (the account menu, the Dashboard button)
 * is left as its placeholder: the render stops once the page's own code has rendered. The browser renders the app
 * afresh over it (src/main.tsx), in the same place. `withCard`: the page's pending view shows the user's card, its
 * texts as slots that the server fills for a request with a session (contract/spa-build.ts `cardSlot`).
 */
export async function renderSignedInFrame(path: string, { withCard = false } = {}): Promise<string> {
  const router = await loadedRouter(path);
  // The page's own code, lazy in the browser, is there before the render starts.
  await Promise.all(
    router.state.matches.map((match) =>
      router.loadRouteChunk((router.routesById as Record<string, AnyRoute>)[match.routeId] as AnyRoute),
    ),
  );
  const stop = new AbortController();
  const rendering = prerender(
    <FrameCardContext.Provider value={withCard ? CARD_SLOTS : null}>
      <AppRoot router={router} />
    </FrameCardContext.Provider>,
    {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal: stop.signal,
      // What the stop leaves as its placeholder is what it is meant to: only an error before it is one.
      onError: (error: unknown) => {
        if (!stop.signal.aborted) console.error(error);
      },
    },
  );
  setTimeout(() => stop.abort(), FRAME_RENDER_MS);
  const { prelude } = await withTimeout(rendering, PRERENDER_TIMEOUT_MS);
  return new Response(prelude).text();
}

/** How long the frame's render runs: what is not there by then is waiting for the session, which never comes. */
const FRAME_RENDER_MS = 200;

async function loadedRouter(path: string) {
  // The router's browser build registers itself on `self` (devtools); Node has no `self`.
  (globalThis as { self?: unknown }).self ??= globalThis;
  const { router } = createAppRoot({
    history: createMemoryHistory({ initialEntries: [path] }),
    // Render exactly what the browser renders (the router has server-only branches that would not hydrate).
    buildTime: { origin: 'http://localhost' },
    actorOptions: {},
  });
  await router.load();
  return router;
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
