import { type PendingOnboarding, pendingOnboardingFromMetadata } from '../../contract/signup';
import { paths } from '../domain/pages';
import type { OnboardingIO } from '../machines/onboarding';
import { selectOnboardingRequired } from '../machines/session-selectors';
import type { IODeps } from './io-deps';
import { clearPendingOnboarding, readPendingOnboarding } from './storage';

/**
 * Onboarding's I/O (src/machines/onboarding.ts): the signup record, the sign-up dialog's pending item, the session.
 * The pending item is the tab's, else the account's: the sign-up dialog put its choices in the account's user
 * metadata too, so a confirmation link opened in another tab or browser shows them [issue 18 item 6].
 */
export function createOnboardingIO({
  api,
  authService,
  page,
  storage,
}: Pick<IODeps, 'api' | 'authService' | 'page'> & {
  /** Default: the tab's sessionStorage. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}): OnboardingIO {
  return {
    readPendingOnboarding: async () => readPendingOnboarding(storage) ?? (await chosenAtSignUp(authService)),
    createSignup: (signup) => api.signups.create(signup),
    reloadSession: async () => ({ onboardingRequired: selectOnboardingRequired(await page.reloadSession()) }),
    forgetPendingOnboarding: () => clearPendingOnboarding(storage),
    goToDashboard: () => page.navigate(paths.dashboard, { replace: true }),
  };
}

/** The choices the signed-in account was made with (its user metadata at the auth service), or null. */
async function chosenAtSignUp(authService: IODeps['authService']): Promise<PendingOnboarding | null> {
  // Stryker disable next-line ArrowFunction: equivalent, undefined and null both fail the `!client` test below
  const client = await authService.client().catch(() => null);
  if (!client) return null;
  const { data } = await client.auth.getSession();
  return pendingOnboardingFromMetadata(data.session?.user.user_metadata ?? {});
}
