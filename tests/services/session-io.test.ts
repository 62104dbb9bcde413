import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/services/api/client';
import { createAuthService } from '../../src/services/auth-service';
import { createSessionIO, type TabLock } from '../../src/services/session-io';
import { LOCAL_USER_KEY, SERVER_AUTH_SESSION_KEY } from '../../src/services/storage';
import { fakePage, memoryStorage } from './doubles';

const user = { id: 'user-1', email: 'casey@example.com', full_name: 'Casey', role: 'user' as const };

function effectsWith(
  overrides: {
    logout?: () => Promise<void>;
    authSignOut?: () => Promise<void>;
    ssoSupabase?: () => Promise<never>;
    meWithFlags?: () => Promise<never>;
    storage?: ReturnType<typeof memoryStorage>;
    lock?: TabLock;
  } = {},
) {
  const storage = overrides.storage ?? memoryStorage();
  const withFlags = { ...user, settings: {} as never, has_signup: true, onboarding_required: true };
  const authApi = {
    meWithFlags: vi.fn(overrides.meWithFlags ?? (async () => withFlags)),
    ssoSupabase: vi.fn(overrides.ssoSupabase ?? (async () => withFlags)),
    refresh: vi.fn(async () => withFlags),
    logout: vi.fn(overrides.logout ?? (async () => {})),
  };
  const authService = { signOut: vi.fn(overrides.authSignOut ?? (async () => {})) };
  const tabs = { signedIn: vi.fn(), signedOut: vi.fn() };
  const lock: TabLock = overrides.lock ?? ((_name, task) => task());
  return {
    effects: createSessionIO({
      api: { auth: authApi } as never,
      authService: authService as never,
      tabs,
      page: fakePage(),
      storage,
      lock,
    }),
    authApi,
    authService,
    tabs,
    storage,
  };
}

const token = { accessToken: 'access-1', authSessionId: 'auth-session-1' };
const userAsked = { everywhere: true, reason: null };

describe('the session effects', () => {
  it('splits the identity answer into the user and the flags', async () => {
    const { effects } = effectsWith();
    const loaded = await effects.loadUser();

    expect(loaded.flags).toEqual({ has_signup: true, onboarding_required: true });
    expect(loaded.user).toMatchObject({ id: 'user-1' });
    expect(loaded.user).not.toHaveProperty('onboarding_required');
    expect(loaded.authSessionId).toBeNull();
  });

  it('exchanges the token once, answers the user from the exchange, and tells the other tabs', async () => {
    const { effects, authApi, tabs } = effectsWith();
    const loaded = await effects.signIn(token);

    expect(authApi.ssoSupabase).toHaveBeenCalledWith('access-1');
    expect(authApi.meWithFlags).not.toHaveBeenCalled();
    expect(loaded).toMatchObject({ user: { id: 'user-1' }, authSessionId: 'auth-session-1' });
    expect(tabs.signedIn).toHaveBeenCalledOnce();
    // A page load afterwards knows which auth-service session the server holds.
    expect((await effects.loadUser()).authSessionId).toBe('auth-session-1');
  });

  it('makes one exchange when two tabs hear of the same sign-in: the second reads the session the first opened', async () => {
    const storage = memoryStorage();
    let queue = Promise.resolve();
    const lock: TabLock = (_name, task) => {
      const run = queue.then(task);
      queue = run.then(
        () => {},
        () => {},
      );
      return run;
    };
    const first = effectsWith({ storage, lock });
    const second = effectsWith({ storage, lock });

    const [one, two] = await Promise.all([first.effects.signIn(token), second.effects.signIn(token)]);

    expect(first.authApi.ssoSupabase.mock.calls.length + second.authApi.ssoSupabase.mock.calls.length).toBe(
      1,
    );
    expect(second.authApi.meWithFlags).toHaveBeenCalledOnce();
    expect(one.user).toEqual(two.user);
  });

  it('exchanges after all when the session another tab opened is gone (401)', async () => {
    const storage = memoryStorage();
    await effectsWith({ storage }).effects.signIn(token);
    const { effects, authApi } = effectsWith({
      storage,
      meWithFlags: async () => {
        throw new ApiError('Not authenticated', 401, null);
      },
    });

    await effects.signIn(token);

    expect(authApi.ssoSupabase).toHaveBeenCalledOnce();
  });

  it('sends a refreshed token to the server, not to the exchange', async () => {
    const { effects, authApi } = effectsWith();
    const loaded = await effects.refreshSession(token);

    expect(authApi.refresh).toHaveBeenCalledWith('access-1');
    expect(authApi.ssoSupabase).not.toHaveBeenCalled();
    expect(loaded.authSessionId).toBe('auth-session-1');
  });

  it('signs out of the auth service, then of the server (whose answer clears the storage the auth service reads)', async () => {
    const calls: string[] = [];
    const { effects } = effectsWith({
      authSignOut: async () => {
        await Promise.resolve();
        calls.push('auth service signed out');
      },
      logout: async () => {
        calls.push('server logout sent');
      },
    });
    await effects.signOut(userAsked);

    expect(calls).toEqual(['auth service signed out', 'server logout sent']);
  });

  it('tells the other tabs first, and ends only this browser’s auth-service session when the user did not ask', async () => {
    const { effects, tabs, authService } = effectsWith();
    await effects.signOut({ everywhere: false, reason: 'Ended.' });
    expect(tabs.signedOut).toHaveBeenCalledWith('Ended.');
    expect(authService.signOut).toHaveBeenCalledWith({ scope: 'local' });

    await effects.signOut(userAsked);
    expect(tabs.signedOut).toHaveBeenLastCalledWith(null);
    expect(authService.signOut).toHaveBeenLastCalledWith({ scope: 'global' });
  });

  it('still logs out of the server when the auth service cannot sign out, then reports the failure', async () => {
    const { effects, authApi } = effectsWith({
      authSignOut: async () => {
        throw new Error('Auth service unreachable');
      },
    });

    await expect(effects.signOut(userAsked)).rejects.toThrow('Auth service unreachable');
    expect(authApi.logout).toHaveBeenCalledOnce();
  });

  it('still signs out of the auth service when the server logout fails, then reports the failure', async () => {
    const { effects, authService } = effectsWith({
      logout: async () => {
        throw new Error('Server unreachable');
      },
    });

    await expect(effects.signOut(userAsked)).rejects.toThrow('Server unreachable');
    expect(authService.signOut).toHaveBeenCalledOnce();
  });

  it.each([
    ['a sign-out', 'signOut'],
    ['a logout after the auth service signed out', 'serverLogout'],
  ] as const)(
    'forgets the locally stored user and server session at %s, even when the server cannot be reached',
    async (_, step) => {
      const { effects, storage } = effectsWith({
        logout: async () => {
          throw new Error('Server unreachable');
        },
      });
      await effects.signIn(token);
      expect(JSON.parse(storage.items.get(LOCAL_USER_KEY) ?? 'null')).toMatchObject({ id: 'user-1' });

      await expect(effects[step](userAsked)).rejects.toThrow('Server unreachable');

      expect(storage.items.has(LOCAL_USER_KEY)).toBe(false);
      expect(storage.items.has(SERVER_AUTH_SESSION_KEY)).toBe(false);
    },
  );

  it('logs out of the server only on an auth-service SIGNED_OUT', async () => {
    const { effects, authApi, authService } = effectsWith();
    await effects.serverLogout();

    expect(authApi.logout).toHaveBeenCalledOnce();
    expect(authService.signOut).not.toHaveBeenCalled();
  });
});

describe('the auth service', () => {
  const configured = async () => ({
    supabaseUrl: 'http://auth',
    supabaseAnonKey: 'anon',
    dashboardUrl: 'http://d',
  });

  it('does not load the client to look for a token when no session is stored', async () => {
    const createClient = vi.fn();
    const service = createAuthService({
      runtimeConfig: configured,
      onEvent: () => {},
      hasStoredSession: () => false,
      createClient,
    });

    await expect(service.accessToken()).resolves.toBeNull();
    await service.signOut();
    expect(createClient).not.toHaveBeenCalled();
  });

  it('answers null without an auth service in the deployment', async () => {
    const createClient = vi.fn();
    const service = createAuthService({
      runtimeConfig: async () => ({ supabaseUrl: null, supabaseAnonKey: null, dashboardUrl: 'http://d' }),
      onEvent: () => {},
      hasStoredSession: () => true,
      createClient,
    });

    await expect(service.client()).resolves.toBeNull();
    await expect(service.accessToken()).resolves.toBeNull();
    expect(createClient).not.toHaveBeenCalled();
  });

  it('creates one client, subscribes it once, and reads the stored session token', async () => {
    const onAuthStateChange = vi.fn(() => ({ data: { subscription: { unsubscribe: () => {} } } }));
    const client = {
      auth: {
        onAuthStateChange,
        getSession: async () => ({ data: { session: { access_token: 'stored-token' } } }),
      },
    };
    const createClient = vi.fn(async () => client as never);
    const service = createAuthService({
      runtimeConfig: configured,
      onEvent: () => {},
      hasStoredSession: () => true,
      createClient,
    });

    await Promise.all([service.client(), service.client()]);
    await expect(service.accessToken()).resolves.toBe('stored-token');
    expect(createClient).toHaveBeenCalledOnce();
    expect(onAuthStateChange).toHaveBeenCalledOnce();
  });
});
