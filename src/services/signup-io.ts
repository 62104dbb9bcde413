import { signupChoicesMetadata } from '../../contract/signup';
import { paths } from '../domain/pages';
import type { SignupIO } from '../machines/signup';
import { addressOf, type IODeps } from './io-deps';
import { authClient, createSignInIO } from './sign-in-io';
import { writePendingOnboarding } from './storage';

/** The auth service's own words for an address that has an account already [product: SIGNUP-11]. */
const ALREADY_REGISTERED_ERROR = 'User already registered';

/**
 * The sign-up dialog's I/O (src/machines/signup.ts): the signup lookup of the product API, the auth service's
 * sign-up (with the sign-in dialog's own requests for the resend and 'I verified my email'), and the tab's storage.
 */
export function createSignupIO(
  deps: Pick<IODeps, 'api' | 'authService' | 'page'> & {
    /** Default: the tab's sessionStorage. */
    storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  },
): SignupIO {
  const { api, authService, page, storage } = deps;
  const signIn = createSignInIO(deps);
  // The dialog says so before anyone can submit [product: SIGNUP-13]; this is a backstop.
  const auth = authClient(authService, 'Sign-up needs the auth service, and none is configured.');
  return {
    findSignup: ({ email }) => api.signups.exists(email),
    signUp: async ({ email, password, fullName, choices }) => {
      const { data, error } = await (await auth()).signUp({
        email,
        password,
        options: {
          // The choices travel with the account: the confirmation link opens in another tab or browser, whose
          // storage never saw them (onboarding reads them back, and the server takes the company).
          data: { full_name: fullName, ...signupChoicesMetadata(choices) },
          // The confirmation e-mail sends the visitor back to /Landing [product: AUTH-1].
          emailRedirectTo: addressOf(page, paths.landing),
        },
      });
      if (error) throw error;
      // With confirmations on, an address that is already confirmed gets a look-alike answer without identities
      // (so nobody can probe for accounts); to the visitor it is the same "already registered".
      if (data.user && data.user.identities?.length === 0) throw new Error(ALREADY_REGISTERED_ERROR);
      return { emailConfirmed: Boolean(data.user?.email_confirmed_at) };
    },
    resendConfirmation: signIn.resendConfirmation,
    signIn: async (credentials) => {
      const { emailConfirmed } = await signIn.signInWithPassword(credentials);
      if (emailConfirmed) return;
      await signIn.signOut().catch(() => {});
      throw new Error('Email not confirmed');
    },
    rememberPendingOnboarding: (item) => writePendingOnboarding(item, storage),
  };
}
