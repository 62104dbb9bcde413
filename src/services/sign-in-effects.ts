import type { SupabaseClient } from '@supabase/supabase-js';
import type { Credentials, GoogleSignInStart, PasswordSignIn } from '../machines/signIn';
import type { AuthService } from './auth-service';

/** What the sign-in machine's actors do, built from the auth service (supabase-js, loaded on first use). */
export interface SignInEffects {
  /** Starts loading the auth-service client, so the first request does not wait for supabase-js. */
  prepare(): Promise<unknown>;
  signInWithPassword(credentials: Credentials): Promise<PasswordSignIn>;
  signOut(): Promise<void>;
  /** Asks for Google's account chooser; supabase-js then sends the browser there. */
  startGoogleSignIn(): Promise<GoogleSignInStart>;
  requestPasswordReset(email: string): Promise<void>;
  resendConfirmation(email: string): Promise<void>;
}

export interface SignInEffectDeps {
  authService: Pick<AuthService, 'client' | 'signOut'>;
  /** Absolute addresses the auth service sends the visitor back to [product: AUTH-1, AUTH-3]. */
  returnTo: {
    /** After Google sign-in and after confirming the e-mail. */
    signIn: string;
    /** From the password-reset e-mail. */
    passwordReset: string;
  };
}

export function createSignInEffects({ authService, returnTo }: SignInEffectDeps): SignInEffects {
  const auth = async (): Promise<SupabaseClient['auth']> => {
    const client = await authService.client();
    // The dialog offers the server's login page instead when there is no auth service; this is a backstop.
    if (!client) throw new Error('The auth service is not configured.');
    return client.auth;
  };

  return {
    prepare: () => authService.client(),
    signInWithPassword: async (credentials) => {
      const { data, error } = await (await auth()).signInWithPassword(credentials);
      if (error) throw error;
      // Only an account the auth service reports as unconfirmed is signed out again.
      return { emailConfirmed: !data.user || Boolean(data.user.email_confirmed_at) };
    },
    signOut: () => authService.signOut(),
    startGoogleSignIn: async () => {
      const { error } = await (await auth()).signInWithOAuth({
        provider: 'google',
        // The account chooser lets a visitor with several Google accounts pick one [product: AUTH-5].
        options: { redirectTo: returnTo.signIn, queryParams: { prompt: 'select_account' } },
      });
      return error ? { refused: true, message: error.message || null } : { refused: false };
    },
    requestPasswordReset: async (email) => {
      const { error } = await (await auth()).resetPasswordForEmail(email, {
        redirectTo: returnTo.passwordReset,
      });
      if (error) throw error;
    },
    resendConfirmation: async (email) => {
      const { error } = await (await auth()).resend({
        type: 'signup',
        email,
        options: { emailRedirectTo: returnTo.signIn },
      });
      if (error) throw error;
    },
  };
}
