import { fromPromise } from 'xstate';
import type { Credentials, GoogleSignInStart, PasswordSignIn } from '../machines/signIn';
import type { FlowDeps } from './flow-deps';

/** The sign-in machine's actors and its warm-up action, as the app provides them (src/app/flows.ts). */
export function signInImplementations({ effects }: FlowDeps) {
  const signIn = async () => (await effects()).signIn;
  return {
    actors: {
      signInWithPassword: fromPromise<PasswordSignIn, Credentials>(async ({ input }) =>
        (await signIn()).signInWithPassword(input),
      ),
      signOut: fromPromise<void>(async () => (await signIn()).signOut()),
      startGoogleSignIn: fromPromise<GoogleSignInStart>(async () => (await signIn()).startGoogleSignIn()),
      requestPasswordReset: fromPromise<void, { email: string }>(async ({ input }) =>
        (await signIn()).requestPasswordReset(input.email),
      ),
      resendConfirmation: fromPromise<void, { email: string }>(async ({ input }) =>
        (await signIn()).resendConfirmation(input.email),
      ),
    },
    actions: {
      prepareAuthService: () => {
        // Only a head start: if it fails, the visitor's request loads the client again and reports the failure.
        signIn()
          .then((effects) => effects.prepare())
          .catch(() => {});
      },
    },
  };
}
