import { renderToString } from 'react-dom/server';
import { AppProviders } from '../ui/AppProviders';
import { LandingPage } from '../ui/landing/LandingPage';

/**
 * The landing page as HTML, rendered at build time (scripts/vite/prerender-landing.ts) so its first paint needs
 * no JavaScript. The session actions render as their Suspense fallback: the anonymous 'Join Beta' and 'Sign In'.
 */
export function renderLandingPage(): string {
  return renderToString(
    <AppProviders>
      <LandingPage />
    </AppProviders>,
  );
}
