import { AuthApiError, AuthWeakPasswordError, isAuthWeakPasswordError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANON_KEY,
  type Emulators,
  fragmentOf,
  latestMailTo,
  redirectOf,
  SITE_URL,
  startEmulators,
  uniqueEmail,
  verifyLinkIn,
} from './harness';

// What GoTrue answers, through the unchanged supabase-js where it can show it: the wire behaviours of issue 20
// (items 15-19). docs/emulators.md gives the source of each in supabase/auth (internal/api/errors.go,
// apiversions.go, password.go, auth.go, tokens/service.go).

const CUSTOMER = { email: 'customer@example.com', password: 'Customer123!' };
const VERSION_HEADER = 'x-supabase-api-version';

/** A transport that sends what a client without the 2024-01-01 API version sends (auth-js before v2.56). */
const withoutApiVersion: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.delete(VERSION_HEADER);
  return fetch(input, { ...init, headers });
};

describe('auth stand-in: GoTrue wire contract', () => {
  let emulators: Emulators;
  /** The stand-in's clock: tests move it past the refresh-token reuse interval. */
  let clock = Date.now();

  beforeAll(async () => {
    emulators = await startEmulators({ now: () => new Date(clock) });
  });
  afterAll(() => emulators.close());

  const api = (path: string) => `${emulators.authUrl}/auth/v1${path}`;
  const wrongPassword = (headers: Record<string, string> = {}) =>
    fetch(api('/token?grant_type=password'), {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json;charset=UTF-8', ...headers },
      body: JSON.stringify({ email: CUSTOMER.email, password: 'not-the-password' }),
    });
  /** The refresh grant, as supabase-js sends it; answers the new refresh token, or the error. */
  const refresh = async (refreshToken: string) => {
    const { data, error } = await emulators.client().auth.refreshSession({ refresh_token: refreshToken });
    return { token: data.session?.refresh_token, accessToken: data.session?.access_token, error };
  };
  const signedIn = async () => {
    const { data } = await emulators.client().auth.signInWithPassword(CUSTOMER);
    return data.session?.refresh_token ?? '';
  };

  describe('15: refresh-token rotation with the reuse interval (10 s)', () => {
    it('a refresh token presented again after its rotation answers the session with its current token', async () => {
      const first = await signedIn();
      const rotated = await refresh(first);
      expect(rotated.error).toBeNull();
      expect(rotated.token).not.toBe(first);
      // The client did not keep that answer (a closed tab, a lost response): the same token again gets the
      // session's current refresh token, not a new one, and a working access token.
      clock += 2_000;
      const retried = await refresh(first);
      expect(retried.error).toBeNull();
      expect(retried.token).toBe(rotated.token);
      const { data } = await emulators.client().auth.getUser(retried.accessToken);
      expect(data.user?.email).toBe(CUSTOMER.email);
      // Whenever it comes back, even long after the reuse interval: GoTrue checks the parent before the interval
      // (the departure from the wording, docs/emulators.md item 15).
      clock += 60_000;
      const late = await refresh(first);
      expect(late.error).toBeNull();
      expect(late.token).toBe(rotated.token);
    });

    it("counts the interval from the token's rotation, not from its creation (a tab that slept an hour)", async () => {
      const first = await signedIn();
      clock += 3_600_000;
      const second = await refresh(first);
      await refresh(second.token ?? '');
      // `first` was issued an hour ago but rotated just now: within the interval, not a reuse.
      clock += 2_000;
      const concurrent = await refresh(first);
      expect(concurrent.error).toBeNull();
      expect(concurrent.token).toBeTruthy();
    });

    it('an older token is still accepted within the interval (two tabs refreshing at once)', async () => {
      const first = await signedIn();
      const second = await refresh(first);
      const third = await refresh(second.token ?? '');
      expect(third.error).toBeNull();
      clock += 5_000;
      const concurrent = await refresh(first);
      expect(concurrent.error).toBeNull();
      expect(concurrent.token).toBeTruthy();
    });

    it('after the interval an older token is a reuse: 400 refresh_token_already_used, and the session cannot refresh any more', async () => {
      const first = await signedIn();
      const second = await refresh(first);
      const current = await refresh(second.token ?? '');
      clock += 11_000;
      const reused = await refresh(first);
      expect(reused.error).toBeInstanceOf(AuthApiError);
      expect(reused.error).toMatchObject({
        status: 400,
        code: 'refresh_token_already_used',
        message: 'Invalid Refresh Token: Already Used',
      });
      // Every token of the session was revoked with it: the one the rightful client holds fails too.
      clock += 11_000;
      expect((await refresh(current.token ?? '')).error).toMatchObject({
        code: 'refresh_token_already_used',
      });
    });

    it('refuses an unknown token with refresh_token_not_found, and a malformed one with validation_failed', async () => {
      expect((await refresh('abcdefghijkl')).error).toMatchObject({
        status: 400,
        code: 'refresh_token_not_found',
        message: 'Invalid Refresh Token: Refresh Token Not Found',
      });
      expect((await refresh('short')).error).toMatchObject({ status: 400, code: 'validation_failed' });
    });
  });

  it('16: without X-Supabase-Api-Version an error is { code: <status>, error_code, msg }', async () => {
    const response = await wrongPassword();
    expect(response.status).toBe(400);
    expect(response.headers.get(VERSION_HEADER)).toBeNull();
    expect(response.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await response.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
    // A client that does not send the version reads the code from error_code.
    const { error } = await emulators.client('implicit', withoutApiVersion).auth.signInWithPassword({
      email: CUSTOMER.email,
      password: 'not-the-password',
    });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });

  it('17: with X-Supabase-Api-Version 2024-01-01 an error is exactly { code, message }, and the version is echoed', async () => {
    for (const asked of ['2024-01-01', '2025-06-30']) {
      const response = await wrongPassword({ [VERSION_HEADER]: asked });
      expect(response.status).toBe(400);
      expect(response.headers.get(VERSION_HEADER)).toBe('2024-01-01');
      expect(await response.json()).toEqual({
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
    }
    // An earlier or malformed version gets the first shape, as GoTrue's DetermineClosestAPIVersion decides.
    for (const asked of ['2023-12-31', 'yesterday']) {
      const response = await wrongPassword({ [VERSION_HEADER]: asked });
      expect(response.headers.get(VERSION_HEADER)).toBeNull();
      expect(await response.json()).toMatchObject({ code: 400, error_code: 'invalid_credentials' });
    }
    // supabase-js sends the version and reads the code from `code`.
    const { error } = await emulators.client().auth.signInWithPassword({
      email: CUSTOMER.email,
      password: 'not-the-password',
    });
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
  });

  it('18: a weak password is 422 weak_password with its reasons, AuthWeakPasswordError in supabase-js', async () => {
    const client = emulators.client();
    const { error } = await client.auth.signUp({ email: uniqueEmail('weak'), password: 'five5' });
    expect(isAuthWeakPasswordError(error)).toBe(true);
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error).toMatchObject({
      status: 422,
      code: 'weak_password',
      reasons: ['length'],
      message: 'Password should be at least 6 characters.',
    });
    const body = { email: uniqueEmail('weak-raw'), password: 'five5' };
    const signup = (headers: Record<string, string>) =>
      fetch(api('/signup'), {
        method: 'POST',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    expect(await (await signup({ [VERSION_HEADER]: '2024-01-01' })).json()).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
    expect(await (await signup({})).json()).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
    // A password change is checked the same way; one over bcrypt's 72 bytes is a validation error instead.
    const signedInClient = emulators.client();
    await signedInClient.auth.signInWithPassword(CUSTOMER);
    const change = await signedInClient.auth.updateUser({ password: 'tiny' });
    expect(change.error).toBeInstanceOf(AuthWeakPasswordError);
    const tooLong = await signedInClient.auth.updateUser({ password: 'x'.repeat(73) });
    expect(tooLong.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Password cannot be longer than 72 characters',
    });
    // GoTrue measures in bytes (Go's len): 40 Cyrillic letters are 80 bytes, too long; 3 of them are 6, enough.
    const cyrillic = await signedInClient.auth.updateUser({ password: 'ж'.repeat(40) });
    expect(cyrillic.error).toMatchObject({ status: 400, code: 'validation_failed' });
    const short = await client.auth.signUp({ email: uniqueEmail('bytes'), password: 'жжж' });
    expect(short.error).toBeNull();
  });

  it('19: GET /user without a token is 401 no_authorization', async () => {
    const legacy = await fetch(api('/user'), { headers: { apikey: ANON_KEY } });
    expect(legacy.status).toBe(401);
    expect(await legacy.json()).toEqual({
      code: 401,
      error_code: 'no_authorization',
      msg: 'This endpoint requires a valid Bearer token',
    });
    const versioned = await fetch(api('/user'), {
      headers: { apikey: ANON_KEY, [VERSION_HEADER]: '2024-01-01' },
    });
    expect(versioned.status).toBe(401);
    expect(await versioned.json()).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    });
    // supabase-js always sends a bearer; without one (a transport that drops it) it reports GoTrue's code.
    const dropsBearer: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.delete('authorization');
      return fetch(input, { ...init, headers });
    };
    const { error } = await emulators.client('implicit', dropsBearer).auth.getUser('any.token.here');
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 401, code: 'no_authorization' });
  });

  describe("20: GoTrue's answers to the other calls the product makes (sign-up, token, recover, logout, verify)", () => {
    const post = (path: string, body: unknown) =>
      fetch(api(path), {
        method: 'POST',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json', [VERSION_HEADER]: '2024-01-01' },
        body: JSON.stringify(body),
      });

    it('refuses a sign-up without a password and a recovery without an address with 400 validation_failed', async () => {
      expect(await (await post('/signup', { email: uniqueEmail('nopass') })).json()).toEqual({
        code: 'validation_failed',
        message: 'Signup requires a valid password',
      });
      const recover = await post('/recover', {});
      expect(recover.status).toBe(400);
      expect(await recover.json()).toEqual({
        code: 'validation_failed',
        message: 'Password recovery requires an email',
      });
    });

    it('answers a repeated sign-up of a confirmed address with a decoy that has no role and no identities', async () => {
      const { data, error } = await emulators.client().auth.signUp(CUSTOMER);
      expect(error).toBeNull();
      expect(data.user).toMatchObject({ email: CUSTOMER.email, role: '', identities: [] });
      expect(data.session).toBeNull();
    });

    it('tells a password sign-in that its password is weak by the current policy, and still signs it in', async () => {
      const strict = await startEmulators({ passwordMinLength: 16 });
      try {
        const { data, error } = await strict.client().auth.signInWithPassword(CUSTOMER);
        expect(error).toBeNull();
        expect(data.session?.access_token).toBeTruthy();
        expect(data.weakPassword).toEqual({
          message: 'Password should be at least 16 characters.',
          reasons: ['length'],
        });
      } finally {
        await strict.close();
      }
      const { data } = await emulators.client().auth.signInWithPassword(CUSTOMER);
      expect(data.weakPassword).toBeUndefined();
    });

    it('refuses an unknown grant type with invalid_credentials, and an unknown logout scope by name', async () => {
      expect(await (await post('/token?grant_type=magic', {})).json()).toEqual({
        code: 'invalid_credentials',
        message: 'unsupported_grant_type',
      });
      const { data } = await emulators.client().auth.signInWithPassword(CUSTOMER);
      const logout = await fetch(api('/logout?scope=everywhere'), {
        method: 'POST',
        headers: { apikey: ANON_KEY, authorization: `Bearer ${data.session?.access_token}` },
      });
      expect(logout.status).toBe(400);
      expect(await logout.json()).toMatchObject({ msg: 'Unsupported logout scope "everywhere"' });
    });

    it('ends every outstanding e-mail link of the account when its password changes', async () => {
      const own = await startEmulators({ autoconfirm: true });
      try {
        const email = uniqueEmail('relinked');
        const client = own.client();
        await client.auth.signUp({ email, password: 'First-password-1' });
        await own.client().auth.resetPasswordForEmail(email, { redirectTo: SITE_URL });
        const link = verifyLinkIn(await latestMailTo(own.mailUrl, email));
        expect((await client.auth.updateUser({ password: 'Second-password-2' })).error).toBeNull();
        const { location } = await redirectOf(link);
        expect(fragmentOf(location).get('error_code')).toBe('otp_expired');
      } finally {
        await own.close();
      }
    });

    it('checks POST /verify as GoTrue does: a token or a token hash, and a hash fails as a link', async () => {
      expect(
        await (await post('/verify', { type: 'signup', token: '123456', token_hash: 'abc' })).json(),
      ).toEqual({
        code: 'validation_failed',
        message: 'Verify requires either a token or a token hash',
      });
      expect(
        await (await post('/verify', { type: 'signup', token_hash: 'abc', email: CUSTOMER.email })).json(),
      ).toEqual({ code: 'validation_failed', message: 'Only the token_hash and type should be provided' });
      expect(await (await post('/verify', { type: 'signup', token_hash: 'no-such-hash' })).json()).toEqual({
        code: 'otp_expired',
        message: 'Email link is invalid or has expired',
      });
    });
  });
});
