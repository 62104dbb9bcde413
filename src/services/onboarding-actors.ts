import { fromPromise } from 'xstate';
import type { PendingOnboarding, SignupCreateInput } from '../../contract/signup';
import { paths } from '../domain/pages';
import type { ReloadedFlags } from '../machines/onboarding';
import { selectIsLoadingUser, selectOnboardingRequired } from '../machines/session-selectors';
import type { FlowDeps } from './flow-deps';

/** The onboarding machine's actors and actions, as the app provides them (src/app/flows.ts). */
export function onboardingImplementations({ effects, navigate, session }: FlowDeps) {
  const onboarding = async () => (await effects()).onboarding;
  return {
    actors: {
      readPendingOnboarding: fromPromise<PendingOnboarding | null>(async () =>
        (await onboarding()).readPendingOnboarding(),
      ),
      createSignup: fromPromise<unknown, SignupCreateInput>(async ({ input }) =>
        (await onboarding()).createSignup(input),
      ),
      reloadSession: fromPromise<ReloadedFlags>(async () => {
        const actor = await session();
        actor.send({ type: 'session.reload' });
        // The session caps its own wait at 7 s [product: SESSION-10]; the flags it has then are the answer.
        const { waitFor } = await import('xstate');
        const settled = await waitFor(actor, (snapshot) => !selectIsLoadingUser(snapshot), {
          timeout: Number.POSITIVE_INFINITY,
        });
        return { onboardingRequired: selectOnboardingRequired(settled) };
      }),
    },
    actions: {
      forgetPendingOnboarding: () => {
        void onboarding().then((effects) => effects.forgetPendingOnboarding());
      },
      goToDashboard: () => navigate(paths.dashboard, { replace: true }),
    },
  };
}
