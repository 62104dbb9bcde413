import { createRoot, hydrateRoot } from 'react-dom/client';
import { createApp } from './bootstrap';
import { isOnPage, pageNames } from './routes/paths';
import { AppRoot } from './ui/AppRoot';

const { router } = createApp();

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">.');

if (container.hasChildNodes()) {
  // The landing page's HTML, rendered at build time (`/` and `/Landing`): the router resolves the page first so
  // that the first render matches the HTML, then React takes it over in place (no repaint, no layout shift).
  // A recovery link redirects to /Reset on the way: that page is rendered afresh instead.
  void router.load().then(() => {
    const app = <AppRoot router={router} />;
    if (isOnPage(router.state.location.pathname, pageNames.landing)) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
} else {
  createRoot(container).render(<AppRoot router={router} />);
}
