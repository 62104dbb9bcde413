import { type AppPath, isOnPage, pageNames, paths } from '../domain/pages';
import type { SessionSnapshot } from './session';

/*
 * The session machine's selectors, apart from the machine so that the landing page's first load can read a
 * snapshot without carrying the machine and xstate (they load with the flows, src/app/flows.ts).
 */

/** Narrow selectors for views and guards: one value each, so subscribers re-render only when it changes. */
export const selectUser = (snapshot: SessionSnapshot) => snapshot.context.user;
export const selectIsLoadingUser = (snapshot: SessionSnapshot) => snapshot.hasTag('loading');
export const selectIsSigningOut = (snapshot: SessionSnapshot) => snapshot.hasTag('signingOut');
export const selectOnboardingRequired = (snapshot: SessionSnapshot) =>
  snapshot.context.flags?.onboarding_required === true;
export const selectIsAdmin = (snapshot: SessionSnapshot) => snapshot.context.user?.role === 'admin';

/**
 * Where a guarded page sends the visitor instead, or null to show it [product: ROUTE-9, ROUTE-10, ROUTE-11]: the
 * guard's decision (src/routes/guard.ts), which the signed-in frame reads too, to show the page only once it may.
 */
export function guardedPageRedirect(snapshot: SessionSnapshot, pathname: string): AppPath | null {
  if (!selectUser(snapshot)?.email) return paths.landing;
  if (selectOnboardingRequired(snapshot) && !isOnPage(pathname, pageNames.onboarding))
    return paths.onboarding;
  return null;
}
