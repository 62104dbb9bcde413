import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/services/api/client';
import { createBillingIO } from '../../src/services/billing-io';
import { createLandingAddressIO } from '../../src/services/landing-address-io';
import { createPasswordResetIO } from '../../src/services/password-reset-io';
import { createSessionIO } from '../../src/services/session-io';
import { createSignupIO } from '../../src/services/signup-io';
import { SERVER_AUTH_SESSION_KEY } from '../../src/services/storage';
import { fakePage, memoryStorage } from './doubles';

// The edges of the flows' I/O that the other services tests do not reach, each found by a mutant that survived
// them (docs/testing.md, "Mutation testing"): an unconfigured auth service, a padded address parameter, a failure
// that is not a sign-out, a confirmed sign-in from the sign-up dialog, the landing page's wait for the auth service.

const noAuthService = { client: async () => null, signOut: async () => {} } as never;

describe('an auth service that is not configured says so [product: AUTH-6, SIGNUP-13]', () => {
  it('the Reset page cannot pick up a session or set a password', async () => {
    const io = createPasswordResetIO({ authService: noAuthService, page: fakePage('/Reset') });
    await expect(io.updatePassword({ password: 'New-Pass-123' })).rejects.toThrow(
      'The auth service is not configured.',
    );
  });

  it('the sign-up dialog cannot sign up', async () => {
    const io = createSignupIO({ api: {} as never, authService: noAuthService, page: fakePage() });
    await expect(
      io.signUp({
        email: 'casey@example.com',
        password: 'Journey-Pass-1',
        fullName: 'Casey',
        choices: { plan: 'pro', interval: 'monthly', name: 'Casey', company: '', company_size: null },
      }),
    ).rejects.toThrow('Sign-up needs the auth service, and none is configured.');
  });
});

describe("the sign-up dialog's sign-in [product: SIGNUP-11]", () => {
  it('a confirmed account stays signed in', async () => {
    const signOut = vi.fn(async () => {});
    const signInWithPassword = vi.fn(async () => ({
      data: { user: { id: 'u1', email_confirmed_at: '2026-11-20T10:00:00Z' } },
      error: null,
    }));
    const io = createSignupIO({
      api: {} as never,
      authService: { client: async () => ({ auth: { signInWithPassword } }), signOut } as never,
      page: fakePage(),
    });
    await expect(io.signIn({ email: 'casey@example.com', password: 'pw' })).resolves.toBeUndefined();
    expect(signOut).not.toHaveBeenCalled();
  });
});

describe('arrival on the billing page [product: BILL-8]', () => {
  const arrivalAt = (href: string) =>
    createBillingIO({ api: {} as never, page: fakePage(href) }).detectArrival();

  it("reads Checkout's session id without the spaces around it, and a blank one as none", async () => {
    await expect(arrivalAt('/Billing?session_id=%20cs_2%20')).resolves.toEqual({
      from: 'checkout',
      sessionId: 'cs_2',
    });
    await expect(arrivalAt('/Billing?session_id=%20%20')).resolves.toEqual({ from: 'elsewhere' });
  });
});

describe("the session's sign-in when another tab opened the server session [product: SESSION-8]", () => {
  it('reports a failure other than a sign-out as it is, and does not trade the token again', async () => {
    const down = new ApiError('Service Unavailable', 503, null);
    const ssoSupabase = vi.fn();
    const io = createSessionIO({
      api: { auth: { meWithFlags: async () => Promise.reject(down), ssoSupabase } } as never,
      authService: {} as never,
      tabs: { signedIn: vi.fn(), signedOut: vi.fn() },
      page: fakePage(),
      storage: memoryStorage({
        [SERVER_AUTH_SESSION_KEY]: JSON.stringify({ authSessionId: 'auth-session-1' }),
      }),
      lock: (_name, task) => task(),
    });
    await expect(io.signIn({ accessToken: 'access-1', authSessionId: 'auth-session-1' })).rejects.toBe(down);
    expect(ssoSupabase).not.toHaveBeenCalled();
  });
});

describe("the landing page's wait for the auth service [product: LAND-26]", () => {
  it("waits for the client's session when there is a client, and for nothing when there is none", async () => {
    const getSession = vi.fn(async () => ({ data: { session: null } }));
    const withClient = createLandingAddressIO({
      api: {} as never,
      authService: { client: async () => ({ auth: { getSession } }) } as never,
      page: fakePage(),
    });
    await withClient.authServiceSettled();
    expect(getSession).toHaveBeenCalledOnce();
    const without = createLandingAddressIO({
      api: {} as never,
      authService: noAuthService,
      page: fakePage(),
    });
    await expect(without.authServiceSettled()).resolves.toBeUndefined();
  });
});
