import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/AppRoot';
import { createAppRoot } from './app/root';
import { isOnPage, pageNames } from './domain/pages';
import { hasStoredAuthSession, isAuthCallbackAddress } from './services/auth-presence';
import { holdEarlyClicks } from './ui/hold-early-clicks';

const { router, loadServices } = createAppRoot();

// Returning from the auth service (confirmation, OAuth, recovery link) or holding its session: start it now so it
// can read the address and report SIGNED_IN / PASSWORD_RECOVERY. Otherwise it loads when a dialog needs it.
if (hasStoredAuthSession() || isAuthCallbackAddress(new URL(window.location.href))) {
  loadServices()
    .then((services) => services.startAuthService?.())
    .catch((error: unknown) => {
      console.warn('The auth service could not start; sign-in will try again when needed.', error);
    });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">.');

if (container.hasChildNodes()) {
  // The landing page's HTML, rendered at build time (`/` and `/Landing`): the router resolves the page first so
  // that the first render matches the HTML, then React takes it over in place (no repaint, no layout shift).
  // A recovery link redirects to /Reset on the way: that page is rendered afresh instead.
  const earlyClicks = holdEarlyClicks(container);
  void router.load().then(() => {
    const app = <AppRoot router={router} onMounted={earlyClicks.replay} />;
    if (isOnPage(router.state.location.pathname, pageNames.landing)) {
      // As a transition, hydration yields to the browser every few milliseconds instead of blocking it: the page is
      // already on screen, and a click before it is done is replayed once it is.
      startTransition(() => {
        hydrateRoot(container, app);
      });
    } else createRoot(container).render(app);
  });
} else {
  createRoot(container).render(<AppRoot router={router} />);
}
