import { describe, expect, it, vi } from 'vitest';
import { createAuthService } from '../../src/services/auth-service';
import { createSessionEffects } from '../../src/services/session-effects';
import { LOCAL_USER_KEY } from '../../src/services/storage';

const user = { id: 'user-1', email: 'casey@example.com', full_name: 'Casey', role: 'user' as const };

/** The browser's local storage, as a map the test can look into. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

function effectsWith(overrides: { logout?: () => Promise<void>; authSignOut?: () => Promise<void> } = {}) {
  const storage = memoryStorage();
  const authApi = {
    meWithFlags: vi.fn(async () => ({
      ...user,
      settings: {} as never,
      has_signup: true,
      onboarding_required: true,
    })),
    ssoSupabase: vi.fn(async () => user as never),
    logout: vi.fn(overrides.logout ?? (async () => {})),
  };
  const authService = { signOut: vi.fn(overrides.authSignOut ?? (async () => {})) };
  return { effects: createSessionEffects({ authApi, authService, storage }), authApi, authService, storage };
}

describe('the session effects', () => {
  it('splits the identity answer into the user and the flags', async () => {
    const { effects } = effectsWith();
    const loaded = await effects.loadUser();

    expect(loaded.flags).toEqual({ has_signup: true, onboarding_required: true });
    expect(loaded.user).toMatchObject({ id: 'user-1' });
    expect(loaded.user).not.toHaveProperty('onboarding_required');
  });

  it('exchanges the access token for a server session', async () => {
    const { effects, authApi } = effectsWith();
    await effects.exchangeToken('access-1');

    expect(authApi.ssoSupabase).toHaveBeenCalledWith('access-1');
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
    await effects.signOut();

    expect(calls).toEqual(['auth service signed out', 'server logout sent']);
  });

  it('still logs out of the server when the auth service cannot sign out, then reports the failure', async () => {
    const { effects, authApi } = effectsWith({
      authSignOut: async () => {
        throw new Error('Auth service unreachable');
      },
    });

    await expect(effects.signOut()).rejects.toThrow('Auth service unreachable');
    expect(authApi.logout).toHaveBeenCalledOnce();
  });

  it('still signs out of the auth service when the server logout fails, then reports the failure', async () => {
    const { effects, authService } = effectsWith({
      logout: async () => {
        throw new Error('Server unreachable');
      },
    });

    await expect(effects.signOut()).rejects.toThrow('Server unreachable');
    expect(authService.signOut).toHaveBeenCalledOnce();
  });

  it.each([
    ['a sign-out', 'signOut'],
    ['a logout after the auth service signed out', 'serverLogout'],
  ] as const)(
    'forgets the locally stored user at %s, even when the server cannot be reached',
    async (_, step) => {
      const { effects, storage } = effectsWith({
        logout: async () => {
          throw new Error('Server unreachable');
        },
      });
      await effects.loadUser();
      expect(JSON.parse(storage.items.get(LOCAL_USER_KEY) ?? 'null')).toMatchObject({ id: 'user-1' });

      await expect(effects[step]()).rejects.toThrow('Server unreachable');

      expect(storage.items.has(LOCAL_USER_KEY)).toBe(false);
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
