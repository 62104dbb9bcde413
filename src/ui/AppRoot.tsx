import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import type { AppRouter } from '../routes/router';
import { AppProviders } from './AppProviders';

/** The whole app; the same tree in the browser and in the landing page's build-time render, so one hydrates the other. */
export function AppRoot({ router }: { router: AppRouter }) {
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
