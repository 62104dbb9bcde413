import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAuthApp } from '../../emulators/auth/app';
import { seedUserId } from '../../emulators/auth/seed';
import { ANON_KEY, type Emulators, startEmulators } from './harness';

let emulators: Emulators;

beforeAll(async () => {
  emulators = await startEmulators();
});

afterAll(async () => {
  await emulators?.close();
});

const api = (path: string) => `${emulators.authUrl}/auth/v1${path}`;

describe('access tokens', () => {
  it('are ES256 JWTs with a kid that verify against the published JWKS, with GoTrue claims', async () => {
    const { data } = await emulators
      .client()
      .auth.signInWithPassword({ email: 'customer@example.com', password: 'Customer123!' });
    const token = data.session?.access_token ?? '';
    const header = decodeProtectedHeader(token);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    expect(header.kid).toBeTruthy();

    const jwks = createRemoteJWKSet(new URL(api('/.well-known/jwks.json')));
    const { payload } = await jwtVerify(token, jwks, {
      issuer: `${emulators.authUrl}/auth/v1`,
      audience: 'authenticated',
    });
    expect(payload).toMatchObject({
      sub: seedUserId('customer@example.com'),
      aud: 'authenticated',
      role: 'authenticated',
      email: 'customer@example.com',
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Casey Customer' },
    });
    expect(payload.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(typeof payload.session_id).toBe('string');
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
  });

  it('are accepted by getClaims, which verifies them through the JWKS', async () => {
    const client = emulators.client();
    await client.auth.signInWithPassword({ email: 'admin@example.com', password: 'Admin123!' });
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims.email).toBe('admin@example.com');
    expect(data?.header.alg).toBe('ES256');
  });

  it('publish a JWKS entry usable by WebCrypto and jose', async () => {
    const response = await fetch(api('/.well-known/jwks.json'));
    expect(response.status).toBe(200);
    const { keys } = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', key_ops: ['verify'] });
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('honour a configured lifetime', async () => {
    const app = buildAuthApp({ jwtExpirySeconds: 60 });
    const response = await app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: 'admin@example.com', password: 'Admin123!' },
    });
    expect(response.json()).toMatchObject({ expires_in: 60 });
    await app.close();
  });
});

describe('wire contract', () => {
  it('answers CORS preflights with the headers supabase-js sends', async () => {
    const response = await fetch(api('/token?grant_type=password'), {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers':
          'apikey, authorization, content-type, x-client-info, x-supabase-api-version',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const allowed = response.headers.get('access-control-allow-headers') ?? '';
    for (const header of [
      'apikey',
      'authorization',
      'content-type',
      'x-client-info',
      'x-supabase-api-version',
    ]) {
      expect(allowed).toContain(header);
    }
    expect(response.headers.get('access-control-allow-methods')).toContain('PUT');
  });

  it('exposes the API-version header to browser code, which reads the error code by it', async () => {
    const response = await fetch(api('/user'), {
      headers: { origin: 'http://localhost:3000', apikey: ANON_KEY, 'x-supabase-api-version': '2024-01-01' },
    });
    expect(response.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });

  it('accepts POST /logout with a JSON content type and no body, answering 204', async () => {
    const { data } = await emulators
      .client()
      .auth.signInWithPassword({ email: 'admin@example.com', password: 'Admin123!' });
    const response = await fetch(api('/logout?scope=local'), {
      method: 'POST',
      headers: {
        apikey: ANON_KEY,
        authorization: `Bearer ${data.session?.access_token}`,
        'content-type': 'application/json;charset=UTF-8',
      },
    });
    expect(response.status).toBe(204);
  });

  it('requires a bearer token on /user', async () => {
    const missing = await fetch(api('/user'), { headers: { apikey: ANON_KEY } });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ error_code: 'no_authorization' });
    const garbage = await fetch(api('/user'), {
      headers: { apikey: ANON_KEY, authorization: 'Bearer not.a.jwt' },
    });
    expect(garbage.status).toBe(403);
    expect(await garbage.json()).toMatchObject({ error_code: 'bad_jwt' });
  });

  it('reports malformed JSON as a 400', async () => {
    const response = await fetch(api('/signup'), {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: 'bad_json' });
  });

  it('publishes settings with Google and e-mail enabled', async () => {
    const response = await fetch(api('/settings'), { headers: { apikey: ANON_KEY } });
    expect(await response.json()).toMatchObject({
      external: { google: true, email: true, phone: false },
      disable_signup: false,
      mailer_autoconfirm: false,
    });
  });
});

describe('configuration', () => {
  it('answers an auto-confirmed sign-up with a session, and a repeat with user_already_exists', async () => {
    const app = buildAuthApp({ autoconfirm: true });
    const signup = () =>
      app.inject({
        method: 'POST',
        url: '/auth/v1/signup',
        payload: { email: 'auto@example.com', password: 'Secret123!', data: { full_name: 'Auto' } },
      });
    const first = await signup();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ token_type: 'bearer', user: { email: 'auto@example.com' } });
    expect(first.json().user.email_confirmed_at).toBeTruthy();
    const second = await signup();
    expect(second.statusCode).toBe(422);
    expect(second.json()).toMatchObject({ error_code: 'user_already_exists' });
    await app.close();
  });

  it('applies a configured minimum password length', async () => {
    const app = buildAuthApp({ passwordMinLength: 8 });
    const response = await app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      payload: { email: 'short@example.com', password: 'Seven77' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error_code: 'weak_password',
      msg: 'Password should be at least 8 characters.',
      weak_password: { reasons: ['length'] },
    });
    await app.close();
  });

  it('checks the apikey only when one is configured, and never on browser navigations', async () => {
    const app = buildAuthApp({ anonKey: 'the-key' });
    expect((await app.inject({ method: 'GET', url: '/auth/v1/settings' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/auth/v1/settings', headers: { apikey: 'wrong' } })).json(),
    ).toMatchObject({ message: 'Invalid API key' });
    expect(
      (await app.inject({ method: 'GET', url: '/auth/v1/settings', headers: { apikey: 'the-key' } }))
        .statusCode,
    ).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/auth/v1/authorize?provider=google' })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ method: 'GET', url: '/auth/v1/.well-known/jwks.json' })).statusCode).toBe(200);
    await app.close();
  });
});
