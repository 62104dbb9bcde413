import { fromPromise } from 'xstate';
import type { PendingOnboarding } from '../../contract/signup';
import type { SignUpRequest, SignUpResult } from '../machines/signup';
import type { FlowDeps } from './flow-deps';

/** The signup machine's actors and its storage action, as the app provides them (src/app/flows.ts). */
export function signupImplementations({ effects }: FlowDeps) {
  const signup = async () => (await effects()).signup;
  return {
    actors: {
      findSignup: fromPromise<boolean, { email: string }>(async ({ input }) =>
        (await signup()).findSignup(input.email),
      ),
      signUp: fromPromise<SignUpResult, SignUpRequest>(async ({ input }) => (await signup()).signUp(input)),
      resendConfirmation: fromPromise<void, { email: string }>(async ({ input }) =>
        (await signup()).resendConfirmation(input.email),
      ),
      signIn: fromPromise<void, { email: string; password: string }>(async ({ input }) =>
        (await signup()).signIn(input),
      ),
    },
    actions: {
      rememberPendingOnboarding: (_: unknown, item: PendingOnboarding) => {
        void signup().then((effects) => effects.rememberPendingOnboarding(item));
      },
    },
  };
}
