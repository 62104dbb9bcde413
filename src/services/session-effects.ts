import type { CurrentUserWithFlags } from '../../contract/user';
import type { AuthToken, LoadedUser } from '../machines/session';
import type { AuthApi } from './api/auth';
import { ApiError } from './api/client';
import type { AuthService } from './auth-service';
import type { SessionTabs } from './session-tabs';
import { clearLocalUser, readServerAuthSession, writeLocalUser, writeServerAuthSession } from './storage';

/** What the session machine's actors do, built from the product API, the auth service and the other tabs. */
export interface SessionEffects {
  loadUser(): Promise<LoadedUser>;
  /** Trades the token for a server session, unless another tab already did for its auth-service session. */
  signIn(token: AuthToken): Promise<LoadedUser>;
  /** Extends the server session with a refreshed token of its own auth-service session. */
  refreshSession(token: AuthToken): Promise<LoadedUser>;
  /** Tells the other tabs, signs out of the auth service, then of the server. */
  signOut(options: { everywhere: boolean; reason: string | null }): Promise<void>;
  /** Server logout only. */
  serverLogout(): Promise<void>;
}

/** Runs `task` while holding the lock `name` across every tab of the origin (the Web Locks API). */
export type TabLock = <T>(name: string, task: () => Promise<T>) => Promise<T>;

export interface SessionEffectDeps {
  authApi: Pick<AuthApi, 'meWithFlags' | 'ssoSupabase' | 'refresh' | 'logout'>;
  authService: Pick<AuthService, 'signOut'>;
  tabs: SessionTabs;
  /** Default: the browser's Web Locks, or none where it has none. */
  lock?: TabLock;
  /** Where the locally stored user entry lives; default the browser's localStorage. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

/** One tab at a time trades a token, so two tabs that hear of the same sign-in open one server session. */
const SIGN_IN_LOCK = 'beacon-sign-in';

export function createSessionEffects({
  authApi,
  authService,
  tabs,
  lock = browserLock,
  storage,
}: SessionEffectDeps): SessionEffects {
  const loaded = (answer: CurrentUserWithFlags, authSessionId: string | null): LoadedUser => {
    const { has_signup, onboarding_required, ...user } = answer;
    writeLocalUser(user, storage);
    return { user, flags: { has_signup, onboarding_required }, authSessionId };
  };
  const loadUser = async () => loaded(await authApi.meWithFlags(), readServerAuthSession(storage));
  const forgetServerSession = () => {
    // The local entries go first: even if the server cannot be reached, this browser forgets the user [product: SESSION-8].
    clearLocalUser(storage);
    writeServerAuthSession(null, storage);
  };
  const serverLogout = async () => {
    forgetServerSession();
    await authApi.logout();
  };

  return {
    loadUser,
    signIn: (token) =>
      lock(SIGN_IN_LOCK, async () => {
        // Another tab traded this very token's session while this one waited: the shared cookie already holds it.
        if (token.authSessionId !== null && readServerAuthSession(storage) === token.authSessionId) {
          try {
            return await loadUser();
          } catch (error) {
            if (!isUnauthenticated(error)) throw error;
          }
        }
        const answer = await authApi.ssoSupabase(token.accessToken);
        writeServerAuthSession(token.authSessionId, storage);
        tabs.signedIn();
        return loaded(answer, token.authSessionId);
      }),
    refreshSession: async (token) => loaded(await authApi.refresh(token.accessToken), token.authSessionId),
    serverLogout,
    signOut: async ({ everywhere, reason }) => {
      tabs.signedOut(reason);
      // The auth service first: it revokes its session with the token it keeps in storage, which the server's
      // logout answer wipes (Clear-Site-Data). Both sides are always attempted; the first failure is reported last.
      const results = [
        await settle(authService.signOut({ scope: everywhere ? 'global' : 'local' })),
        await settle(serverLogout()),
      ];
      const failure = results.find((result) => result.status === 'rejected');
      if (failure) throw failure.reason;
    },
  };
}

const isUnauthenticated = (error: unknown) => error instanceof ApiError && error.status === 401;

const settle = (promise: Promise<void>) => Promise.allSettled([promise]).then(([result]) => result!);

const browserLock: TabLock = (name, task) => {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(name, task) : task();
};
