import {
  ClientOnly,
  createRootRouteWithContext,
  Outlet,
  redirect,
  useRouter,
  useRouterState,
} from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { isOnPage, pageNames, paths } from '../domain/pages';
import { type AppContext, AppContextProvider } from '../ui/app-context';
import { AdminCheckPending, GuardPending } from '../ui/shell/PendingNotice';
import { recoveryLinkSuffix } from './recovery';

// Reads the session actor with @xstate/react: it loads with the session, after the landing page's first paint.
const SessionErrorToasts = lazy(() => import('../ui/shell/SessionErrorToasts'));

export const rootRoute = createRootRouteWithContext<AppContext>()({
  // A password-recovery link may land on any page (the auth service's site address); the reset happens on /Reset.
  beforeLoad: ({ location }) => {
    if (isOnPage(location.pathname, pageNames.reset) || recoveryLinkSuffix(location) === null) return;
    throw redirect({ to: paths.reset, search: true, hash: true, replace: true });
  },
  component: RootLayout,
  // On the first load nothing is on screen yet, so the router shows the root's pending view while a page's guard
  // waits for the session; it has to name what the page being opened waits for.
  pendingComponent: FirstLoadPending,
});

/** The waiting text of the page being opened [product: ROUTE-9, REFUND-2]. */
function FirstLoadPending() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return isOnPage(pathname, pageNames.adminRefunds) ? <AdminCheckPending /> : <GuardPending />;
}

function RootLayout() {
  return (
    // The context the router was created with: one object for the app's lifetime.
    <AppContextProvider value={useRouter().options.context}>
      {/* Not part of the landing page's build-time render: it waits for the session. */}
      <ClientOnly>
        <Suspense fallback={null}>
          <SessionErrorToasts />
        </Suspense>
      </ClientOnly>
      <Outlet />
    </AppContextProvider>
  );
}
