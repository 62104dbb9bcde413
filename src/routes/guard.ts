import { type AppPath, paths } from '../domain/pages';
import type { SessionActorRef, SessionSnapshot } from '../machines/session';
import {
  selectIsAdmin,
  selectIsLoadingUser,
  selectOnboardingRequired,
  selectUser,
} from '../machines/session-selectors';
import type { SessionPort } from '../ui/app-context';

/**
 * The guard [product: ROUTE-9, ROUTE-10, ROUTE-11] as pure decisions over a settled session snapshot, plus the wait for
 * the session to settle. Route modules turn a decision into a redirect.
 */

/**
 * The session as soon as it knows who the user is: synchronously when it already does, so navigation between
 * signed-in pages never suspends.
 */
export function settledSession(port: SessionPort): SessionSnapshot | Promise<SessionSnapshot> {
  const snapshot = port.current()?.getSnapshot();
  if (snapshot && !selectIsLoadingUser(snapshot)) return snapshot;
  return port.ready.then(untilUserKnown);
}

async function untilUserKnown(session: SessionActorRef): Promise<SessionSnapshot> {
  // xstate is in the session chunk, loaded by now; a static import would put it in the landing page's first load.
  const { waitFor } = await import('xstate');
  // The machine bounds the initial check to 7 s; the router must not impose its own, shorter limit.
  return waitFor(session, (next) => !selectIsLoadingUser(next), { timeout: Number.POSITIVE_INFINITY });
}

/**
 * The query to add to a guard's redirect: a visitor without a valid session who opens any guarded page lands on the
 * landing page with the sign-up dialog open, the rule of Dashboard, Profile and Settings
 * [product: CHECK-2, PROF-5, SET-2, ROUTE-21].
 */
export function guardedRedirectSearch(target: AppPath): { show_signup: 1 } | undefined {
  return target === paths.landing ? { show_signup: 1 } : undefined;
}

/** The root path sends a signed-in user who still has to onboard to /Onboarding; everyone else stays. */
export function rootPathRedirect(snapshot: SessionSnapshot | undefined): AppPath | null {
  if (!snapshot || selectIsLoadingUser(snapshot)) return null;
  return selectUser(snapshot) && selectOnboardingRequired(snapshot) ? paths.onboarding : null;
}

/** AdminRefunds checks the role itself: anyone but a verified admin goes to /Landing. */
export function adminPageRedirect(snapshot: SessionSnapshot): AppPath | null {
  return selectIsAdmin(snapshot) ? null : paths.landing;
}

/**
 * What the guards read, as one comparable value. The router re-runs its guards only when this changes after the
 * session settles, not on every token refresh.
 */
export function guardInputs(snapshot: SessionSnapshot): string | null {
  if (selectIsLoadingUser(snapshot)) return null;
  const user = selectUser(snapshot);
  return [user?.id ?? '', user?.role ?? '', selectOnboardingRequired(snapshot)].join('|');
}
