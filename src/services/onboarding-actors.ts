import { fromPromise } from 'xstate';
import type { PendingOnboarding, SignupCreateInput } from '../../contract/signup';
import { paths } from '../domain/pages';
import type { ReloadedFlags } from '../machines/onboarding';
import { selectOnboardingRequired } from '../machines/session-selectors';
import type { FlowDeps } from './flow-deps';

/** The onboarding machine's actors and actions, as the app provides them (src/app/flows.ts). */
export function onboardingImplementations({ effects, navigate, reloadSession }: FlowDeps) {
  const onboarding = async () => (await effects()).onboarding;
  return {
    actors: {
      readPendingOnboarding: fromPromise<PendingOnboarding | null>(async () =>
        (await onboarding()).readPendingOnboarding(),
      ),
      createSignup: fromPromise<unknown, SignupCreateInput>(async ({ input }) =>
        (await onboarding()).createSignup(input),
      ),
      reloadSession: fromPromise<ReloadedFlags>(async () => ({
        onboardingRequired: selectOnboardingRequired(await reloadSession()),
      })),
    },
    actions: {
      forgetPendingOnboarding: () => {
        void onboarding().then((effects) => effects.forgetPendingOnboarding());
      },
      goToDashboard: () => navigate(paths.dashboard, { replace: true }),
    },
  };
}
