import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { APP_CHUNKS_ELEMENT_ID, IDENTITY_ELEMENT_ID } from '../contract/spa-build';
import { AppRoot } from './app/AppRoot';
import { recheckSessionOnRestore } from './app/restored-page';
import { createAppRoot } from './app/root';
import { isOnPage, pageNames } from './domain/pages';
import { hasStoredAuthSession, isAuthCallbackAddress } from './services/auth-presence';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">.');

// A signed-in page's frame, painted from the HTML (FRAME_HTML), is rendered over afresh, like an empty root.
if (container.hasChildNodes() && !('frame' in container.dataset)) {
  // The landing page's HTML, rendered at build time (`/` and `/Landing`): the router resolves the page first so
  // that the first render matches the HTML, then React takes it over in place (no repaint, no layout shift).
  // A recovery link redirects to /Reset on the way: that page is rendered afresh instead.
  // Each step in a task of its own (evaluating the first load, building the app and its router, resolving the page,
  // starting hydration): on a slow phone each is tens of milliseconds, and together they were one task of 150 ms and
  // more.
  // The flows and services load once the page is the app's: it is on screen and needs them only for what a visitor
  // does next. This waits for the browser's first idle moment after that, so that fetching and evaluating them
  // stay out of hydration's tasks.
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = () =>
      'requestIdleCallback' in window
        ? requestIdleCallback(() => resolve(), { timeout: 3000 })
        : setTimeout(resolve, 0);
  });
  // The click the page's boot held until the app has the page (src/prerender/landing-boot.ts).
  const earlyClicks = window.__beaconEarlyClicks;
  const onPageReady = () => {
    earlyClicks?.replay();
    markReady();
  };
  void nextTask()
    .then(() => start({ startAfter: ready }).router)
    .then(async (router) => {
      await nextTask();
      await router.load();
      await nextTask();
      if (isOnPage(router.state.location.pathname, pageNames.landing)) {
        // As a transition, hydration yields to the browser every few milliseconds instead of blocking it: the page is
        // already on screen, and a click before it is done is replayed once it is.
        startTransition(() => {
          hydrateRoot(container, <AppRoot router={router} onPageReady={onPageReady} />);
        });
      } else {
        // Another page replaces the painted one: a click held on it means nothing there.
        earlyClicks?.discard();
        createRoot(container).render(<AppRoot router={router} />);
        markReady();
      }
    })
    .catch((error: unknown) => {
      earlyClicks?.discard();
      throw error;
    });
} else {
  // Every other page: the first render waits for the page's code (which the HTML preloads beside this entry), so
  // that it paints the page's frame, in place of the one the HTML painted, instead of a pending notice. A page the
  // server wrote the user into (with the user's card in its frame) waits for the session's first check too, which
  // reads that user without a round trip, so it shows the page itself and the painted card stays on screen.
  // Looked for before the services load: they take the block out of the page as they read it.
  const carriesUser = document.getElementById(IDENTITY_ELEMENT_ID) !== null;
  // The app's code in one wave, evaluated in several tasks (docs/bench.md): a frame page names its chunks, which are
  // all preloaded a task after the first load's evaluation; then the services' chunk (ky, valibot, the contract),
  // the flows' (xstate and the machines) and only then the app, each a task after the last. Otherwise whichever
  // import found its chunks first evaluated them all in one task (250 ms and more at 4x CPU), and building the app
  // and its router joined the first load's own.
  // Everything the app starts keeps its order: the session actor, the services and the auth service start as before.
  const evaluate = (load: () => Promise<unknown>) => () =>
    load()
      .catch(() => {}) // the app loads it again, and says so when it cannot
      .then(nextTask);
  void nextTask()
    .then(preloadAppChunks)
    .then(evaluate(() => import('./services/app-services')))
    .then(evaluate(() => import('./app/flows')))
    .then(() => {
      const app = start();
      return Promise.all([app.preloadCurrentPage(), carriesUser && app.sessionChecked()]).then(() => {
        // As a transition, the first render yields to the browser every few milliseconds; the painted frame stays
        // until it commits.
        startTransition(() => {
          createRoot(container).render(<AppRoot router={app.router} />);
        });
        // The frame page starts through the landing page's boot, which holds a click until the app takes it: the app
        // renders the frame afresh, so a click on the painted one is not replayed.
        window.__beaconEarlyClicks?.discard();
      });
    });
}

/** The app, and the auth service at once when the visitor returns from it or holds its session. */
function start(options: Parameters<typeof createAppRoot>[0] = {}) {
  const app = createAppRoot(options);
  // Back from the back/forward cache: the user it shows may have signed out meanwhile (./app/restored-page.ts).
  recheckSessionOnRestore(window, () => {
    void app.context.session.ready.then((session) => session.send({ type: 'session.reload' }));
  });
  // Returning from the auth service (confirmation, OAuth, recovery link) or holding its session: start it now so it
  // can read the address and report SIGNED_IN / PASSWORD_RECOVERY. Otherwise it loads when a dialog needs it.
  if (hasStoredAuthSession() || isAuthCallbackAddress(new URL(window.location.href))) {
    app
      .loadServices()
      .then((services) => services.startAuthService?.())
      .catch((error: unknown) => {
        console.warn('The auth service could not start; sign-in will try again when needed.', error);
      });
  }
  return app;
}

/** Preloads, at once, the chunks a signed-in page's frame names (APP_CHUNKS_ELEMENT_ID); none on other pages. */
function preloadAppChunks() {
  const list = document.getElementById(APP_CHUNKS_ELEMENT_ID)?.textContent;
  if (!list) return;
  for (const href of JSON.parse(list) as string[]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

/** Lets the browser paint and handle input before the next step. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
