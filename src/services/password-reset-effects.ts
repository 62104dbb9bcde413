import type { SupabaseClient } from '@supabase/supabase-js';
import { hashParams, queryParams } from '../domain/address';
import type { PickedUpSession } from '../machines/passwordReset';
import type { AuthService } from './auth-service';

/** What the passwordReset machine's actors do, with the auth service [product: RESET-2, AUTH-6]. */
export interface PasswordResetEffects {
  pickUpSession(href: string): Promise<PickedUpSession>;
  updatePassword(password: string): Promise<void>;
}

export function createPasswordResetEffects({
  authService,
}: {
  authService: Pick<AuthService, 'client'>;
}): PasswordResetEffects {
  const auth = async (): Promise<SupabaseClient['auth']> => {
    const client = await authService.client();
    if (!client) throw new Error('The auth service is not configured.');
    return client.auth;
  };

  return {
    pickUpSession: async (href) => {
      const client = await auth();
      const hash = hashParams(href);
      const query = queryParams(href);
      const refused = hash.get('error_description') ?? query.get('error_description');
      if (refused) throw new Error(refused);
      // supabase-js reads the link itself as it starts (detectSessionInUrl); a session here means it has.
      const { data } = await client.getSession();
      if (data.session) return { hasSession: true };
      const accessToken = hash.get('access_token');
      const refreshToken = hash.get('refresh_token');
      if (accessToken && refreshToken) {
        const { error } = await client.setSession({ access_token: accessToken, refresh_token: refreshToken });
        if (error) throw error;
        return { hasSession: true };
      }
      const code = query.get('code');
      if (code) {
        const { error } = await client.exchangeCodeForSession(code);
        if (error) throw error;
        return { hasSession: true };
      }
      return { hasSession: false };
    },
    updatePassword: async (password) => {
      const { error } = await (await auth()).updateUser({ password });
      if (error) throw error;
    },
  };
}
