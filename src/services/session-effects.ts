import type { LoadedUser } from '../machines/session';
import type { AuthApi } from './api/auth';
import type { AuthService } from './auth-service';
import { clearLocalUser, writeLocalUser } from './storage';

/** What the session machine's actors do, built from the product API and the auth service. */
export interface SessionEffects {
  loadUser(): Promise<LoadedUser>;
  exchangeToken(accessToken: string): Promise<unknown>;
  /** Server logout and auth-service sign-out. */
  signOut(): Promise<void>;
  /** Server logout only. */
  serverLogout(): Promise<void>;
}

export interface SessionEffectDeps {
  authApi: Pick<AuthApi, 'meWithFlags' | 'ssoSupabase' | 'logout'>;
  authService: Pick<AuthService, 'signOut'>;
  /** Where the locally stored user entry lives; default the browser's localStorage. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

export function createSessionEffects({ authApi, authService, storage }: SessionEffectDeps): SessionEffects {
  const serverLogout = async () => {
    // The local entry goes first: even if the server cannot be reached, this browser forgets the user [product: SESSION-8].
    clearLocalUser(storage);
    await authApi.logout();
  };

  return {
    loadUser: async () => {
      const { has_signup, onboarding_required, ...user } = await authApi.meWithFlags();
      writeLocalUser(user, storage);
      return { user, flags: { has_signup, onboarding_required } };
    },
    exchangeToken: (accessToken) => authApi.ssoSupabase(accessToken),
    serverLogout,
    signOut: async () => {
      // Both sides are always attempted; the first failure is reported once both have run.
      const results = await Promise.allSettled([serverLogout(), authService.signOut()]);
      const failure = results.find((result) => result.status === 'rejected');
      if (failure) throw failure.reason;
    },
  };
}
