import type { SupabaseClient } from '@supabase/supabase-js';
import { paths } from '../domain/pages';
import type { SignInIO } from '../machines/sign-in';
import type { AuthService } from './auth-service';
import { addressOf, type IODeps } from './io-deps';

/** The sign-in dialog's I/O (src/machines/sign-in.ts): the auth service, supabase-js loaded on first use. */
export function createSignInIO({ authService, page }: Pick<IODeps, 'authService' | 'page'>): SignInIO {
  // The dialog offers the server's login page instead when there is no auth service; this is a backstop.
  const auth = authClient(authService, 'The auth service is not configured.');
  // After Google sign-in and after confirming the e-mail: the landing page [product: AUTH-1, AUTH-3].
  const signedInReturnTo = () => addressOf(page, paths.landing);

  return {
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
        options: { redirectTo: signedInReturnTo(), queryParams: { prompt: 'select_account' } },
      });
      return error ? { refused: true, message: error.message || null } : { refused: false };
    },
    requestPasswordReset: async ({ email }) => {
      const { error } = await (await auth()).resetPasswordForEmail(email, {
        redirectTo: addressOf(page, paths.reset),
      });
      if (error) throw error;
    },
    resendConfirmation: async ({ email }) => {
      const { error } = await (await auth()).resend({
        type: 'signup',
        email,
        options: { emailRedirectTo: signedInReturnTo() },
      });
      if (error) throw error;
    },
    prepareAuthService: () => {
      // Only a head start: if it fails, the visitor's request loads the client again and reports the failure.
      authService.client().catch(() => {});
    },
  };
}

/** The auth-service client's `auth`, loading supabase-js on first use; rejects with `missing` without one. */
export function authClient(authService: Pick<AuthService, 'client'>, missing: string) {
  return async (): Promise<SupabaseClient['auth']> => {
    const client = await authService.client();
    if (!client) throw new Error(missing);
    return client.auth;
  };
}
