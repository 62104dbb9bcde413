import { fromPromise } from 'xstate';
import type { Credentials, GoogleSignInStart, PasswordSignIn } from '../machines/signIn';
import type { SignInEffects } from './sign-in-effects';

/**
 * The sign-in machine's actors and its warm-up action, as the app provides them. The effects arrive through
 * `loadEffects`, so neither they nor supabase-js are part of the landing page's first load.
 */
export function createSignInImplementations(loadEffects: () => Promise<SignInEffects>) {
  return {
    actors: {
      signInWithPassword: fromPromise<PasswordSignIn, Credentials>(async ({ input }) =>
        (await loadEffects()).signInWithPassword(input),
      ),
      signOut: fromPromise<void>(async () => (await loadEffects()).signOut()),
      startGoogleSignIn: fromPromise<GoogleSignInStart>(async () =>
        (await loadEffects()).startGoogleSignIn(),
      ),
      requestPasswordReset: fromPromise<void, { email: string }>(async ({ input }) =>
        (await loadEffects()).requestPasswordReset(input.email),
      ),
      resendConfirmation: fromPromise<void, { email: string }>(async ({ input }) =>
        (await loadEffects()).resendConfirmation(input.email),
      ),
    },
    actions: {
      prepareAuthService: () => {
        // Only a head start: if it fails, the visitor's request loads the client again and reports the failure.
        loadEffects()
          .then((effects) => effects.prepare())
          .catch(() => {});
      },
    },
  };
}

export type SignInImplementations = ReturnType<typeof createSignInImplementations>;
