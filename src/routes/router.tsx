import {
  createRoute,
  createRouter,
  lazyRouteComponent,
  type RouterHistory,
  redirect,
} from '@tanstack/react-router';
import { type AppPath, canonicalPagePath, paths } from '../domain/pages';
import type { SessionSnapshot } from '../machines/session';
import { guardedPageRedirect, selectIsLoadingUser } from '../machines/session-selectors';
import type { AppContext, SessionPort } from '../ui/app-context';
import { LandingPage } from '../ui/landing/LandingPage';
import { AdminCheckPending, GuardPending, PENDING_GRACE_MS } from '../ui/shell/PendingNotice';
import {
  adminPageRedirect,
  guardedRedirectSearch,
  guardInputs,
  rootPathRedirect,
  settledSession,
} from './guard';
import { rootRoute } from './root';
import { resetScrollOnNewAddressOnly } from './scroll-reset';

/**
 * The route table [product: ROUTE]. The landing page is in the first load; every other page is a lazy chunk.
 * Matching is case-insensitive (the router's default, kept on purpose): /billing shows the Billing page.
 */

const goTo = (target: AppPath | null, search?: (target: AppPath) => Record<string, unknown> | undefined) => {
  if (!target) return;
  const query = search?.(target);
  throw redirect({ to: target, replace: true, ...(query ? { search: query as never } : {}) });
};

/** Runs `decide` once the session knows the user: synchronously if it already does, else after the wait. */
function whenSettled(
  session: SessionPort,
  decide: (snapshot: SessionSnapshot) => AppPath | null,
  search?: (target: AppPath) => Record<string, unknown> | undefined,
) {
  const settled = settledSession(session);
  if (settled instanceof Promise) return settled.then((snapshot) => goTo(decide(snapshot), search));
  goTo(decide(settled), search);
}

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: paths.root,
  // Never waits: the landing page renders at once and the check re-runs when the session settles.
  beforeLoad: ({ context }) => goTo(rootPathRedirect(context.session.current()?.getSnapshot())),
  component: LandingPage,
});

const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: paths.landing,
  component: LandingPage,
});

/**
 * The guard [product: ROUTE-9, ROUTE-10, ROUTE-11], as a pathless layout around every signed-in page. On the first
 * check of the session it does not wait: the frame shows at once, with 'Loading…' where the page will be
 * (`GuardedPages`), and the guard decides when the session has settled (`rerunGuardsOnSessionChange` runs it again).
 */
const guardedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'guarded',
  beforeLoad: ({ context, location }) => {
    // The first check of the session: nobody is shown yet, so the frame shows at once and waits in the page's place.
    const snapshot = context.session.current()?.getSnapshot();
    if (!snapshot?.context.user && (!snapshot || selectIsLoadingUser(snapshot))) return;
    // Otherwise (a reload of a user already shown) the navigation decides with the settled session, as it commits.
    return whenSettled(
      context.session,
      (settled) => guardedPageRedirect(settled, location.pathname),
      guardedRedirectSearch,
    );
  },
  component: lazyRouteComponent(() => import('../ui/shell/SignedInShell'), 'GuardedPages'),
});

const dashboardRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: paths.dashboard,
  component: lazyRouteComponent(() => import('../ui/dashboard/DashboardPage'), 'DashboardPage'),
});

const profileRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: paths.profile,
  component: lazyRouteComponent(() => import('../ui/profile/ProfilePage'), 'ProfilePage'),
});

const billingRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: paths.billing,
  component: lazyRouteComponent(() => import('../ui/billing/BillingPage'), 'BillingPage'),
});

const settingsRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: paths.settings,
  component: lazyRouteComponent(() => import('../ui/settings/SettingsPage'), 'SettingsPage'),
});

const onboardingRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: paths.onboarding,
  component: lazyRouteComponent(() => import('../ui/onboarding/OnboardingPage'), 'OnboardingPage'),
});

/**
 * No guard wrapper: the admin pages check the role themselves [product: ROUTE-7], then show the shared signed-in
 * header like every other signed-in page, so an admin can get back to the rest of the app.
 */
const adminShellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'admin',
  beforeLoad: ({ context }) => whenSettled(context.session, adminPageRedirect),
  pendingComponent: AdminCheckPending,
  component: lazyRouteComponent(() => import('../ui/shell/SignedInShell'), 'AdminPages'),
});

const adminRefundsRoute = createRoute({
  getParentRoute: () => adminShellRoute,
  path: paths.adminRefunds,
  component: lazyRouteComponent(() => import('../ui/refunds/AdminRefundsPage'), 'AdminRefundsPage'),
});

/**
 * Any other address shows the page its last segment names, Landing by default [product: ROUTE-12, ROUTE-20]: /foo/Billing shows
 * Billing, /Admin-Refunds shows AdminRefunds, /nowhere shows Landing. It moves to that page's own address, keeping
 * the query and hash, so the page's guard and search rules apply as usual.
 */
const otherPathRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: ({ location }) => {
    throw redirect({ to: canonicalPagePath(location.pathname), search: true, hash: true, replace: true });
  },
});

const resetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: paths.reset,
  component: lazyRouteComponent(() => import('../ui/password-reset/ResetPage'), 'ResetPage'),
});

export const routeTree = rootRoute.addChildren([
  indexRoute,
  landingRoute,
  guardedRoute.addChildren([dashboardRoute, profileRoute, billingRoute, settingsRoute, onboardingRoute]),
  adminShellRoute.addChildren([adminRefundsRoute]),
  resetRoute,
  otherPathRoute,
]);

export interface AppRouterOptions {
  /** What every route and view can reach (built by src/app/root.ts). */
  context: AppContext;
  /** Default: the browser's history; tests pass a memory history. */
  history?: RouterHistory;
  /** The landing page's build-time render: no window, yet the browser's tree (which it will hydrate). */
  buildTime?: { origin: string };
}

export function createAppRouter({ history, buildTime, context }: AppRouterOptions) {
  const router = createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    ...(buildTime ? { isServer: false, origin: buildTime.origin } : {}),
    defaultPreload: 'intent',
    // Whatever a page waits for (the session, its lazy chunk), 'Loading…' appears only if the wait is noticeable.
    defaultPendingComponent: GuardPending,
    defaultPendingMs: PENDING_GRACE_MS,
    defaultPendingMinMs: 0,
  });
  resetScrollOnNewAddressOnly(router);
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

/**
 * Guards run on navigation; this re-runs them when what they read changes (sign-in, sign-out, onboarding done,
 * role), so a page never outlives the permission that let the visitor in.
 */
export function rerunGuardsOnSessionChange(router: AppRouter, port: SessionPort): () => void {
  // The guards may have run before the actor existed: a session that has settled since counts as a change.
  let lastInputs: string | null = null;
  return port.subscribe(() => {
    const snapshot = port.current()?.getSnapshot();
    const inputs = snapshot ? guardInputs(snapshot) : null;
    if (inputs === null || inputs === lastInputs) return;
    lastInputs = inputs;
    void router.invalidate();
  });
}
