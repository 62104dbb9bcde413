import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionIO } from '../../src/services/session-io';
import { fakePage, memoryStorage } from './doubles';

// The session's default tab lock: the browser's Web Locks (session-io.test.ts passes a lock of its own).

const answer = { id: 'user-1', email: 'casey@example.com', full_name: 'Casey', role: 'user', settings: {} };

function sessionIO() {
  const ssoSupabase = vi.fn(async () => ({ ...answer, has_signup: true, onboarding_required: false }));
  const effects = createSessionIO({
    api: { auth: { ssoSupabase } } as never,
    authService: {} as never,
    tabs: { signedIn: vi.fn(), signedOut: vi.fn() },
    page: fakePage(),
    storage: memoryStorage(),
  });
  return { effects, ssoSupabase };
}

const token = { accessToken: 'access-1', authSessionId: 'auth-session-1' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the session's tab lock [product: SESSION-8]", () => {
  it("trades the token while holding the browser's 'beacon-sign-in' lock, shared by every tab of the origin", async () => {
    let held = false;
    const request = vi.fn(async (_name: string, task: () => Promise<unknown>) => {
      held = true;
      try {
        return await task();
      } finally {
        held = false;
      }
    });
    vi.stubGlobal('navigator', { locks: { request } });
    const { effects, ssoSupabase } = sessionIO();
    ssoSupabase.mockImplementationOnce(async () => {
      expect(held).toBe(true);
      return { ...answer, has_signup: true, onboarding_required: false };
    });
    await expect(effects.signIn(token)).resolves.toMatchObject({ authSessionId: 'auth-session-1' });
    expect(request).toHaveBeenCalledExactlyOnceWith('beacon-sign-in', expect.any(Function));
    expect(ssoSupabase).toHaveBeenCalledExactlyOnceWith('access-1');
  });

  it('trades it without a lock where the browser has no Web Locks, or no navigator at all', async () => {
    vi.stubGlobal('navigator', {});
    const withoutLocks = sessionIO();
    await expect(withoutLocks.effects.signIn(token)).resolves.toMatchObject({
      authSessionId: 'auth-session-1',
    });
    vi.stubGlobal('navigator', undefined);
    const withoutNavigator = sessionIO();
    await expect(withoutNavigator.effects.signIn(token)).resolves.toMatchObject({
      authSessionId: 'auth-session-1',
    });
    expect(withoutNavigator.ssoSupabase).toHaveBeenCalledOnce();
  });
});
