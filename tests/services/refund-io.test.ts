import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import { createAuthService } from '../../src/services/auth-service';
import { createRefundIO } from '../../src/services/refund-io';

// Step-up for a refund reversal (issue 19 item 8) [product: REFUND-16]: the admin's password is checked by the auth
// service on a client of its own, its token handed to the server, and that sign-in ended; the page's own sign-in
// (stored, shared by the tabs, watched by the session machine) is never touched.

const config = async () => ({
  supabaseUrl: 'http://localhost:54321',
  supabaseAnonKey: 'anon',
  dashboardUrl: 'http://dashboard',
});

function setUp(signInAnswer: { data: unknown; error: Error | null }) {
  const page = {
    auth: {
      onAuthStateChange: vi.fn(() => ({ data: { subscription: { unsubscribe: () => {} } } })),
      getSession: async () => ({ data: { session: { user: { email: 'admin@example.com' } } } }),
      signInWithPassword: vi.fn(),
      signOut: vi.fn(),
    },
  };
  const side = {
    auth: {
      signInWithPassword: vi.fn(async () => signInAnswer),
      signOut: vi.fn(async () => ({ error: null })),
    },
  };
  const createClient = vi.fn(
    async (_config: unknown, kind?: 'page' | 'side') =>
      (kind === 'side' ? side : page) as unknown as SupabaseClient,
  );
  const authService = createAuthService({
    runtimeConfig: config,
    onEvent: () => {},
    hasStoredSession: () => true,
    createClient,
  });
  const stepUp = vi.fn(async () => {});
  const api = { auth: { stepUp }, refunds: {} } as never;
  return { io: createRefundIO({ api, authService }), page, side, stepUp, createClient };
}

describe('the refund tool asking for the password again', () => {
  it("signs in with the admin's own address on a side client, hands that token to the server, then ends that sign-in", async () => {
    const { io, page, side, stepUp } = setUp({
      data: { session: { access_token: 'fresh-token' } },
      error: null,
    });
    await io.confirmIdentity({ password: 'correct horse battery' });
    expect(side.auth.signInWithPassword).toHaveBeenCalledWith({
      email: 'admin@example.com',
      password: 'correct horse battery',
    });
    expect(stepUp).toHaveBeenCalledWith('fresh-token');
    expect(side.auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(page.auth.signInWithPassword).not.toHaveBeenCalled();
    expect(page.auth.signOut).not.toHaveBeenCalled();
  });

  it("rejects with the auth service's words for a wrong password, and tells the server nothing", async () => {
    const { io, stepUp } = setUp({ data: { session: null }, error: new Error('Invalid login credentials') });
    await expect(io.confirmIdentity({ password: 'wrong' })).rejects.toThrow('Invalid login credentials');
    expect(stepUp).not.toHaveBeenCalled();
  });

  it('ends the side sign-in even when the server refuses its token', async () => {
    const { io, side, stepUp } = setUp({ data: { session: { access_token: 'fresh-token' } }, error: null });
    stepUp.mockRejectedValueOnce(new Error('This sign-in belongs to another account.'));
    await expect(io.confirmIdentity({ password: 'pw' })).rejects.toThrow('another account');
    expect(side.auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
  });
});
