import type { PendingOnboarding, SignupCreateInput } from '../../contract/signup';
import type { SignupsApi } from './api/signups';
import { clearPendingOnboarding, readPendingOnboarding } from './storage';

/** What the onboarding machine's actors do: the signup record and the pending item of the sign-up dialog. */
export interface OnboardingEffects {
  readPendingOnboarding(): Promise<PendingOnboarding | null>;
  createSignup(signup: SignupCreateInput): Promise<unknown>;
  forgetPendingOnboarding(): void;
}

export function createOnboardingEffects({
  signups,
  storage,
}: {
  signups: Pick<SignupsApi, 'create'>;
  /** Default: the tab's sessionStorage. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}): OnboardingEffects {
  return {
    readPendingOnboarding: async () => readPendingOnboarding(storage),
    createSignup: (signup) => signups.create(signup),
    forgetPendingOnboarding: () => clearPendingOnboarding(storage),
  };
}
