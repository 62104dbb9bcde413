import type { CurrentUserWithFlags } from '../../contract/user';
import { isUnauthenticatedError } from '../domain/messages';
import { paths } from '../domain/pages';
import type { LoadedUser, SessionIO } from '../machines/session';
import type { IODeps } from './io-deps';
import { clearLocalUser, readServerAuthSession, writeLocalUser, writeServerAuthSession } from './storage';

/** Runs `task` while holding the lock `name` across every tab of the origin (the Web Locks API). */
export type TabLock = <T>(name: string, task: () => Promise<T>) => Promise<T>;

export interface SessionIODeps extends Pick<IODeps, 'api' | 'authService' | 'tabs' | 'page'> {
  /** Default: the browser's Web Locks, or none where it has none. */
  lock?: TabLock;
  /** Where the locally stored user entry lives; default the browser's localStorage. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

/** One tab at a time trades a token, so two tabs that hear of the same sign-in open one server session. */
const SIGN_IN_LOCK = 'beacon-sign-in';

/**
 * The session's I/O (src/machines/session.ts): the identity calls of the product API, the auth service's sign-out,
 * the other tabs, and the page's navigation.
 */
export function createSessionIO({
  api,
  authService,
  tabs,
  page,
  lock = browserLock,
  storage,
}: SessionIODeps): SessionIO {
  const authApi = api.auth;
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
            if (!isUnauthenticatedError(error)) throw error;
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
    goToReset: () => page.navigate(paths.reset),
    goToLanding: () => page.navigate(paths.landing),
  };
}

const settle = (promise: Promise<void>) => Promise.allSettled([promise]).then(([result]) => result!);

const browserLock: TabLock = (name, task) => {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(name, task) : task();
};
