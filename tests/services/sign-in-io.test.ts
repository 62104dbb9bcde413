import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import { createSignInIO } from '../../src/services/sign-in-io';
import { fakePage } from './doubles';

const refusal = (message: string) => Object.assign(new Error(message), { status: 400 });

/** supabase-js's auth client as the I/O uses it; each method answers `{ data, error }` like the real one. */
function fakeAuth(overrides: Partial<Record<keyof SupabaseClient['auth'], unknown>> = {}) {
  return {
    signInWithPassword: vi.fn(async () => ({
      data: { user: { id: 'user-1', email_confirmed_at: '2024-01-01T00:00:00Z' }, session: {} },
      error: null,
    })),
    signInWithOAuth: vi.fn(async () => ({
      data: { provider: 'google', url: 'https://auth.example' },
      error: null,
    })),
    resetPasswordForEmail: vi.fn(async () => ({ data: {}, error: null })),
    resend: vi.fn(async () => ({ data: {}, error: null })),
    ...overrides,
  };
}

function effectsWith(auth: ReturnType<typeof fakeAuth> | null = fakeAuth()) {
  const authService = {
    client: vi.fn(async () => (auth ? ({ auth } as unknown as SupabaseClient) : null)),
    signOut: vi.fn(async () => {}),
  };
  return {
    effects: createSignInIO({ authService: authService as never, page: fakePage() }),
    authService,
    auth,
  };
}

describe("the sign-in dialog's I/O", () => {
  it('signs in with the e-mail and password and reports a confirmed account', async () => {
    const { effects, auth } = effectsWith();

    await expect(
      effects.signInWithPassword({ email: 'casey@example.com', password: 'Customer123!' }),
    ).resolves.toEqual({ emailConfirmed: true });
    expect(auth?.signInWithPassword).toHaveBeenCalledWith({
      email: 'casey@example.com',
      password: 'Customer123!',
    });
  });

  it('reports an account whose e-mail was never confirmed', async () => {
    const { effects } = effectsWith(
      fakeAuth({
        signInWithPassword: async () => ({
          data: { user: { id: 'user-2', email_confirmed_at: undefined }, session: {} },
          error: null,
        }),
      }),
    );

    await expect(effects.signInWithPassword({ email: 'new@example.com', password: 'pw' })).resolves.toEqual({
      emailConfirmed: false,
    });
  });

  it("rejects with the auth service's own error when it refuses the password", async () => {
    const { effects } = effectsWith(
      fakeAuth({
        signInWithPassword: async () => ({
          data: { user: null, session: null },
          error: refusal('Invalid login credentials'),
        }),
      }),
    );

    await expect(effects.signInWithPassword({ email: 'casey@example.com', password: 'x' })).rejects.toThrow(
      'Invalid login credentials',
    );
  });

  it('signs out through the auth service, which tells the session', async () => {
    const { effects, authService } = effectsWith();
    await effects.signOut();

    expect(authService.signOut).toHaveBeenCalledOnce();
  });

  it("asks for Google's account chooser, coming back to the landing page", async () => {
    const { effects, auth } = effectsWith();

    await expect(effects.startGoogleSignIn()).resolves.toEqual({ refused: false });
    expect(auth?.signInWithOAuth).toHaveBeenCalledWith({
      provider: 'google',
      options: { redirectTo: 'https://app.example/Landing', queryParams: { prompt: 'select_account' } },
    });
  });

  it.each([
    ['Unsupported provider: provider is not enabled', 'Unsupported provider: provider is not enabled'],
    ['', null],
  ])('tells a Google refusal (%j) apart from a failure', async (message, reported) => {
    const { effects } = effectsWith(
      fakeAuth({
        signInWithOAuth: async () => ({ data: { provider: 'google', url: null }, error: refusal(message) }),
      }),
    );

    await expect(effects.startGoogleSignIn()).resolves.toEqual({ refused: true, message: reported });
  });

  it('requests a password-reset e-mail whose link leads to /Reset', async () => {
    const { effects, auth } = effectsWith();
    await effects.requestPasswordReset({ email: 'casey@example.com' });

    expect(auth?.resetPasswordForEmail).toHaveBeenCalledWith('casey@example.com', {
      redirectTo: 'https://app.example/Reset',
    });
  });

  it('rejects when the reset e-mail cannot be sent', async () => {
    const { effects } = effectsWith(
      fakeAuth({
        resetPasswordForEmail: async () => ({ data: null, error: refusal('Rate limit exceeded') }),
      }),
    );

    await expect(effects.requestPasswordReset({ email: 'casey@example.com' })).rejects.toThrow(
      'Rate limit exceeded',
    );
  });

  it('resends the sign-up confirmation, whose link leads back to the landing page', async () => {
    const { effects, auth } = effectsWith();
    await effects.resendConfirmation({ email: 'casey@example.com' });

    expect(auth?.resend).toHaveBeenCalledWith({
      type: 'signup',
      email: 'casey@example.com',
      options: { emailRedirectTo: 'https://app.example/Landing' },
    });
  });

  it("rejects with the auth service's error when the resend is refused", async () => {
    const { effects } = effectsWith(
      fakeAuth({ resend: async () => ({ data: null, error: refusal('Email address already confirmed') }) }),
    );

    await expect(effects.resendConfirmation({ email: 'casey@example.com' })).rejects.toThrow(
      'Email address already confirmed',
    );
  });

  it('starts loading the client when asked to prepare', async () => {
    const { effects, authService } = effectsWith();
    effects.prepareAuthService();

    expect(authService.client).toHaveBeenCalledOnce();
  });

  it('refuses every request when the deployment has no auth service', async () => {
    const { effects } = effectsWith(null);

    await expect(effects.signInWithPassword({ email: 'casey@example.com', password: 'x' })).rejects.toThrow(
      'The auth service is not configured.',
    );
    await expect(effects.startGoogleSignIn()).rejects.toThrow('The auth service is not configured.');
  });
});
