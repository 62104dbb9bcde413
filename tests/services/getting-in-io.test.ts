import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import { createSignupsApi } from '../../src/services/api/signups';
import { createOnboardingIO } from '../../src/services/onboarding-io';
import { createPasswordResetIO } from '../../src/services/password-reset-io';
import { createSignupIO } from '../../src/services/signup-io';
import { PENDING_ONBOARDING_KEY } from '../../src/services/storage';
import { fakePage, memoryStorage } from './doubles';

const clientWith = (auth: Record<string, unknown>) => ({
  client: vi.fn(async () => ({ auth }) as unknown as SupabaseClient),
  signOut: vi.fn(async () => {}),
});

function signupIOWith(auth: Record<string, unknown>) {
  const storage = memoryStorage();
  const authService = clientWith(auth);
  const effects = createSignupIO({
    api: { signups: { exists: async () => false } } as never,
    authService: authService as never,
    page: fakePage(),
    storage,
  });
  return { effects, authService, storage };
}

const newUser = { id: 'u1', email_confirmed_at: null, identities: [{ id: 'i1' }] };
const choices = {
  plan: 'pro',
  interval: 'annual',
  name: 'Casey Jones',
  company: '',
  company_size: null,
} as const;

describe("the sign-up dialog's I/O [product: AUTH-1, SIGNUP-11, SIGNUP-24]", () => {
  it('signs up with full_name and the chosen plan, interval, company and size in the metadata, and the confirmation link back to /Landing [issue 18 item 6]', async () => {
    const signUp = vi.fn(async () => ({ data: { user: newUser, session: null }, error: null }));
    const { effects } = signupIOWith({ signUp });
    await expect(
      effects.signUp({
        email: 'casey@example.com',
        password: 'Journey-Pass-1',
        fullName: 'Casey Jones',
        choices: { ...choices, company: '  Jones Networks ', company_size: '11-50' },
      }),
    ).resolves.toEqual({ emailConfirmed: false });
    expect(signUp).toHaveBeenCalledWith({
      email: 'casey@example.com',
      password: 'Journey-Pass-1',
      options: {
        data: {
          full_name: 'Casey Jones',
          plan: 'pro',
          interval: 'annual',
          company: 'Jones Networks',
          company_size: '11-50',
        },
        emailRedirectTo: 'https://app.example/Landing',
      },
    });
  });

  it("reads the look-alike answer without identities as 'already registered'", async () => {
    const signUp = async () => ({
      data: { user: { ...newUser, identities: [] }, session: null },
      error: null,
    });
    const { effects } = signupIOWith({ signUp });
    await expect(
      effects.signUp({ email: 'a@example.com', password: 'x'.repeat(8), fullName: 'A', choices }),
    ).rejects.toThrow('User already registered');
  });

  it('passes the auth service refusal on', async () => {
    const refusal = new Error('Signups not allowed for this instance');
    const { effects } = signupIOWith({ signUp: async () => ({ data: {}, error: refusal }) });
    await expect(
      effects.signUp({ email: 'a@example.com', password: 'x'.repeat(8), fullName: 'A', choices }),
    ).rejects.toBe(refusal);
  });

  it('signs an unconfirmed address out again after I verified my email, and refuses', async () => {
    const { effects, authService } = signupIOWith({
      signInWithPassword: vi.fn(async () => ({
        data: { user: { id: 'u1', email_confirmed_at: null }, session: {} },
        error: null,
      })),
    });
    await expect(effects.signIn({ email: 'a@example.com', password: 'pw' })).rejects.toThrow(
      'Email not confirmed',
    );
    expect(authService.signOut).toHaveBeenCalledTimes(1);
  });

  it('keeps the pending onboarding item in session storage [product: DATA-19]', () => {
    const { effects, storage } = signupIOWith({});
    effects.rememberPendingOnboarding({
      plan: 'pro',
      interval: 'annual',
      name: 'Casey',
      company: 'Acme',
      company_size: null,
    });
    expect(JSON.parse(storage.items.get(PENDING_ONBOARDING_KEY) ?? 'null')).toEqual({
      plan: 'pro',
      interval: 'annual',
      name: 'Casey',
      company: 'Acme',
      company_size: null,
    });
  });
});

describe('the signup lookup [product: SIGNUP-14, API-8]', () => {
  it('asks nothing for an empty address and lowercases the others', async () => {
    const get = vi.fn(async () => [
      {
        name: '',
        email: 'a@example.com',
        normalized_email: 'a@example.com',
        plan: 'pro',
        interval: 'monthly',
      },
    ]);
    const api = createSignupsApi({ get } as never);
    await expect(api.exists('  ')).resolves.toBe(false);
    expect(get).not.toHaveBeenCalled();
    await expect(api.exists(' A@Example.com ')).resolves.toBe(true);
    expect(get).toHaveBeenCalledWith('/signups', expect.anything(), {
      searchParams: { email: 'a@example.com' },
    });
  });
});

describe("the Reset page's I/O [product: RESET-2]", () => {
  const noSession = async () => ({ data: { session: null }, error: null });

  it('uses the session supabase-js picked up itself', async () => {
    const exchangeCodeForSession = vi.fn();
    const effects = createPasswordResetIO({
      authService: clientWith({
        getSession: async () => ({ data: { session: {} } }),
        exchangeCodeForSession,
      }) as never,
      page: fakePage('/Reset'),
    });
    await expect(effects.pickUpSession({ href: '/Reset?code=abc' })).resolves.toEqual({ hasSession: true });
    expect(exchangeCodeForSession).not.toHaveBeenCalled();
  });

  it("sets the session from the fragment's tokens", async () => {
    const setSession = vi.fn(async () => ({ data: {}, error: null }));
    const effects = createPasswordResetIO({
      authService: clientWith({ getSession: noSession, setSession }) as never,
      page: fakePage('/Reset'),
    });
    await expect(
      effects.pickUpSession({ href: '/Reset#access_token=at&refresh_token=rt&type=recovery' }),
    ).resolves.toEqual({ hasSession: true });
    expect(setSession).toHaveBeenCalledWith({ access_token: 'at', refresh_token: 'rt' });
  });

  it("exchanges the query's code", async () => {
    const exchangeCodeForSession = vi.fn(async () => ({ data: {}, error: null }));
    const effects = createPasswordResetIO({
      authService: clientWith({ getSession: noSession, exchangeCodeForSession }) as never,
      page: fakePage('/Reset'),
    });
    await expect(effects.pickUpSession({ href: '/Reset?code=abc' })).resolves.toEqual({ hasSession: true });
    expect(exchangeCodeForSession).toHaveBeenCalledWith('abc');
  });

  it("reports no session for a plain address, and the link's refusal as an error", async () => {
    const effects = createPasswordResetIO({
      authService: clientWith({ getSession: noSession }) as never,
      page: fakePage('/Reset'),
    });
    await expect(effects.pickUpSession({ href: '/Reset' })).resolves.toEqual({ hasSession: false });
    await expect(
      effects.pickUpSession({
        href: '/Reset#error=access_denied&error_description=Email+link+is+invalid+or+has+expired',
      }),
    ).rejects.toThrow('Email link is invalid or has expired');
  });

  it("passes the auth service's refusal of the fragment's tokens or the code on; one token alone is no session", async () => {
    const refusal = new Error('Invalid Refresh Token');
    const effects = createPasswordResetIO({
      authService: clientWith({
        getSession: noSession,
        setSession: async () => ({ data: {}, error: refusal }),
        exchangeCodeForSession: async () => ({ data: {}, error: refusal }),
      }) as never,
      page: fakePage('/Reset'),
    });
    await expect(effects.pickUpSession({ href: '/Reset#access_token=at&refresh_token=rt' })).rejects.toBe(
      refusal,
    );
    await expect(effects.pickUpSession({ href: '/Reset?code=abc' })).rejects.toBe(refusal);
    await expect(effects.pickUpSession({ href: '/Reset#access_token=at' })).resolves.toEqual({
      hasSession: false,
    });
    await expect(effects.pickUpSession({ href: '/Reset?error_description=Link+expired' })).rejects.toThrow(
      'Link expired',
    );
  });

  it('answers once the password is updated', async () => {
    const effects = createPasswordResetIO({
      authService: clientWith({ updateUser: async () => ({ data: {}, error: null }) }) as never,
      page: fakePage('/Reset'),
    });
    await expect(effects.updatePassword({ password: 'New-Pass-123' })).resolves.toBeUndefined();
  });

  it('updates the password, passing a refusal on', async () => {
    const refusal = new Error('Auth session missing!');
    const updateUser = vi.fn(async () => ({ data: {}, error: refusal }));
    const effects = createPasswordResetIO({
      authService: clientWith({ updateUser }) as never,
      page: fakePage('/Reset'),
    });
    await expect(effects.updatePassword({ password: 'New-Pass-123' })).rejects.toBe(refusal);
    expect(updateUser).toHaveBeenCalledWith({ password: 'New-Pass-123' });
  });
});

describe("onboarding's pending item [product: DATA-19] (issue 18 item 6)", () => {
  const signedUpAs = (metadata: Record<string, unknown>) =>
    clientWith({ getSession: async () => ({ data: { session: { user: { user_metadata: metadata } } } }) });
  const onboardingIO = (authService: ReturnType<typeof clientWith>, storage = memoryStorage()) =>
    createOnboardingIO({ api: {} as never, authService: authService as never, page: fakePage(), storage });

  it("reads the account's sign-up choices when this tab has none (the confirmation link opened elsewhere)", async () => {
    const io = onboardingIO(
      signedUpAs({
        full_name: 'Casey Jones',
        plan: 'pro',
        interval: 'annual',
        company: 'Jones Networks',
        company_size: '11-50',
      }),
    );
    await expect(io.readPendingOnboarding()).resolves.toEqual({
      plan: 'pro',
      interval: 'annual',
      name: 'Casey Jones',
      company: 'Jones Networks',
      company_size: '11-50',
    });
  });

  it("prefers this tab's item, and has none for an account the sign-up dialog did not make", async () => {
    const tab = { plan: 'business', interval: 'monthly', name: 'Tab', company: 'Tab Co', company_size: null };
    const storage = memoryStorage({ [PENDING_ONBOARDING_KEY]: JSON.stringify(tab) });
    await expect(onboardingIO(signedUpAs({ plan: 'pro' }), storage).readPendingOnboarding()).resolves.toEqual(
      tab,
    );
    await expect(
      onboardingIO(signedUpAs({ full_name: 'Google User' })).readPendingOnboarding(),
    ).resolves.toBeNull();
  });
});
