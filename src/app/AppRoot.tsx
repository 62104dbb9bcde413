import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import type { AppRouter } from '../routes/router';
import { AppProviders } from '../ui/AppProviders';

/** The whole app; the same tree in the browser and in the landing page's build-time render, so one hydrates the other. */
export function AppRoot({ router, onMounted }: { router: AppRouter; onMounted?: () => void }) {
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
      <MountSignal onMounted={onMounted} />
    </StrictMode>
  );
}

/** Effects run once React has committed the tree around them: for hydration, once the page is the app's. */
function MountSignal({ onMounted }: { onMounted: (() => void) | undefined }) {
  useEffect(() => onMounted?.(), [onMounted]);
  return null;
}
