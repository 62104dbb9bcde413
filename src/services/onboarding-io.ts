import { paths } from '../domain/pages';
import type { OnboardingIO } from '../machines/onboarding';
import { selectOnboardingRequired } from '../machines/session-selectors';
import type { IODeps } from './io-deps';
import { clearPendingOnboarding, readPendingOnboarding } from './storage';

/** Onboarding's I/O (src/machines/onboarding.ts): the signup record, the sign-up dialog's pending item, the session. */
export function createOnboardingIO({
  api,
  page,
  storage,
}: Pick<IODeps, 'api' | 'page'> & {
  /** Default: the tab's sessionStorage. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}): OnboardingIO {
  return {
    readPendingOnboarding: async () => readPendingOnboarding(storage),
    createSignup: (signup) => api.signups.create(signup),
    reloadSession: async () => ({ onboardingRequired: selectOnboardingRequired(await page.reloadSession()) }),
    forgetPendingOnboarding: () => clearPendingOnboarding(storage),
    goToDashboard: () => page.navigate(paths.dashboard, { replace: true }),
  };
}
