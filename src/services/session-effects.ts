import type { LoadedUser } from '../machines/session';
import type { AuthApi } from './api/auth';
import type { AuthService } from './auth-service';
import { clearLocalUser, writeLocalUser } from './storage';

/** What the session machine's actors do, built from the product API and the auth service. */
export interface SessionEffects {
  loadUser(): Promise<LoadedUser>;
  exchangeToken(accessToken: string): Promise<unknown>;
  /** Auth-service sign-out, then server logout. */
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
      // The auth service first: it revokes its session with the token it keeps in storage, which the server's
      // logout answer wipes (Clear-Site-Data). Both sides are always attempted; the first failure is reported last.
      const results = [await settle(authService.signOut()), await settle(serverLogout())];
      const failure = results.find((result) => result.status === 'rejected');
      if (failure) throw failure.reason;
    },
  };
}

const settle = (promise: Promise<void>) => Promise.allSettled([promise]).then(([result]) => result!);
