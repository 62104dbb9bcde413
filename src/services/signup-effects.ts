import type { SupabaseClient } from '@supabase/supabase-js';
import type { PendingOnboarding } from '../../contract/signup';
import type { SignUpRequest, SignUpResult } from '../machines/signup';
import type { SignupsApi } from './api/signups';
import type { AuthService } from './auth-service';
import type { SignInEffects } from './sign-in-effects';
import { writePendingOnboarding } from './storage';

/** What the signup machine's actors do, built from the product API and the auth service. */
export interface SignupEffects {
  findSignup(email: string): Promise<boolean>;
  signUp(request: SignUpRequest): Promise<SignUpResult>;
  resendConfirmation(email: string): Promise<void>;
  /** Signs in after 'I verified my email'; an address still unconfirmed is signed out again and refused. */
  signIn(credentials: { email: string; password: string }): Promise<void>;
  rememberPendingOnboarding(item: PendingOnboarding): void;
}

export interface SignupEffectDeps {
  signups: Pick<SignupsApi, 'exists'>;
  authService: Pick<AuthService, 'client'>;
  signInEffects: Pick<SignInEffects, 'signInWithPassword' | 'signOut' | 'resendConfirmation'>;
  /** Where the confirmation e-mail sends the visitor back to: /Landing [product: AUTH-1]. */
  confirmedReturnTo: string;
  /** Default: the tab's sessionStorage. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

/** The auth service's own words for an address that has an account already [product: SIGNUP-11]. */
const ALREADY_REGISTERED_ERROR = 'User already registered';

export function createSignupEffects(deps: SignupEffectDeps): SignupEffects {
  const auth = async (): Promise<SupabaseClient['auth']> => {
    const client = await deps.authService.client();
    // The dialog says so before anyone can submit [product: SIGNUP-13]; this is a backstop.
    if (!client) throw new Error('Sign-up needs the auth service, and none is configured.');
    return client.auth;
  };

  return {
    findSignup: (email) => deps.signups.exists(email),
    signUp: async ({ email, password, fullName }) => {
      const { data, error } = await (await auth()).signUp({
        email,
        password,
        options: { data: { full_name: fullName }, emailRedirectTo: deps.confirmedReturnTo },
      });
      if (error) throw error;
      // With confirmations on, an address that is already confirmed gets a look-alike answer without identities
      // (so nobody can probe for accounts); to the visitor it is the same "already registered".
      if (data.user && data.user.identities?.length === 0) throw new Error(ALREADY_REGISTERED_ERROR);
      return { emailConfirmed: Boolean(data.user?.email_confirmed_at) };
    },
    resendConfirmation: (email) => deps.signInEffects.resendConfirmation(email),
    signIn: async (credentials) => {
      const { emailConfirmed } = await deps.signInEffects.signInWithPassword(credentials);
      if (emailConfirmed) return;
      await deps.signInEffects.signOut().catch(() => {});
      throw new Error('Email not confirmed');
    },
    rememberPendingOnboarding: (item) => writePendingOnboarding(item, deps.storage),
  };
}
