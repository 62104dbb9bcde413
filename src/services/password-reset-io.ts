import { hashParams, queryParams } from '../domain/address';
import { paths } from '../domain/pages';
import type { PasswordResetIO } from '../machines/password-reset';
import type { IODeps } from './io-deps';
import { authClient } from './sign-in-io';

/** The Reset page's I/O (src/machines/password-reset.ts): the auth service's session and password [product: RESET-2, AUTH-6]. */
export function createPasswordResetIO({
  authService,
  page,
}: Pick<IODeps, 'authService' | 'page'>): PasswordResetIO {
  const auth = authClient(authService, 'The auth service is not configured.');
  return {
    pickUpSession: async ({ href }) => {
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
    updatePassword: async ({ password }) => {
      const { error } = await (await auth()).updateUser({ password });
      if (error) throw error;
    },
    // Same page, without the link's query and fragment.
    cleanAddress: () => page.navigate(paths.reset, { replace: true }),
    refreshUser: () => void page.reloadSession(),
    goToLanding: () => page.navigate(paths.landing),
  };
}
