import {
  ClientOnly,
  createRootRouteWithContext,
  Outlet,
  redirect,
  useRouterState,
} from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { RuntimeConfig } from '../../contract/session';
import { settledPromise } from '../services/settled-promise';
import type { SignInEffects } from '../services/sign-in-effects';
import { AppContextProvider } from '../ui/AppContext';
import { NotFoundPage } from '../ui/shell/NotFoundPage';
import { AdminCheckPending, GuardPending } from '../ui/shell/PendingNotice';
import { isOnPage, pageNames, paths } from './paths';
import { recoveryLinkSuffix } from './recovery';
import type { SessionPort } from './session-port';

/** What every route can reach: the one session actor, the runtime configuration and the dialogs' effects. */
export interface RouterContext {
  session: SessionPort;
  runtimeConfig: () => Promise<RuntimeConfig>;
  /** What the sign-in dialog does; it loads, with its machine and view, only when the dialog opens. */
  signInEffects: () => Promise<SignInEffects>;
}

// Reads the session actor with @xstate/react: it loads with the session, after the landing page's first paint.
const SessionErrorToasts = lazy(() => import('../ui/shell/SessionErrorToasts'));

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  // A password-recovery link may land on any page (the auth service's site address); the reset happens on /Reset.
  beforeLoad: ({ location }) => {
    if (isOnPage(location.pathname, pageNames.reset) || recoveryLinkSuffix(location) === null) return;
    throw redirect({ to: paths.reset, search: true, hash: true, replace: true });
  },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
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
  const { session, runtimeConfig, signInEffects } = rootRoute.useRouteContext();
  // One promise for the page's lifetime: views suspend on it with `use`, which needs a stable promise.
  const [config] = useState(() => settledPromise(runtimeConfig().catch(() => null)));
  return (
    <AppContextProvider value={{ session, runtimeConfig: config, signInEffects }}>
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
