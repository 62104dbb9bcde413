import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import type { AppRouter } from '../routes/router';
import { AppProviders } from '../ui/AppProviders';
import { PageReadyContext } from '../ui/page-ready';

/**
 * The whole app; the same tree in the browser and in the landing page's build-time render, so one hydrates the other.
 * `onPageReady` is told when the page's own content is React's (src/ui/page-ready.tsx).
 */
export function AppRoot({ router, onPageReady }: { router: AppRouter; onPageReady?: () => void }) {
  return (
    <StrictMode>
      <PageReadyContext value={onPageReady}>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </PageReadyContext>
    </StrictMode>
  );
}
