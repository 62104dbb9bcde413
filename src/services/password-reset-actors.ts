import { fromPromise } from 'xstate';
import { paths } from '../domain/pages';
import type { PickedUpSession } from '../machines/passwordReset';
import type { FlowDeps } from './flow-deps';

/** The passwordReset machine's actors and actions, as the app provides them (src/app/flows.ts). */
export function passwordResetImplementations({ effects, navigate, reloadSession }: FlowDeps) {
  const reset = async () => (await effects()).passwordReset;
  return {
    actors: {
      pickUpSession: fromPromise<PickedUpSession, { href: string }>(async ({ input }) =>
        (await reset()).pickUpSession(input.href),
      ),
      updatePassword: fromPromise<void, { password: string }>(async ({ input }) =>
        (await reset()).updatePassword(input.password),
      ),
    },
    actions: {
      // Same page, without the link's query and fragment.
      cleanAddress: () => navigate(paths.reset, { replace: true }),
      refreshUser: () => void reloadSession(),
      goToLanding: () => navigate(paths.landing),
    },
  };
}
