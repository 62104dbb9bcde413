import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema, currentUserWithFlagsSchema } from '../../contract/user';
import { sessions, signups, users } from '../../server/db/schema';
import { sessionIdOf } from '../../server/services/session-store';
import { build, ENGINES, startTestApp, type TestApp, uniqueEmail } from './support/app';
import { signIn, TestClient } from './support/client';
import { mintHs256Token, mintToken, TEST_ISSUER, unsignedToken, userIdFor } from './support/tokens';

describe.each(ENGINES)('auth routes on %s', (engine) => {
  const { app, testApp } = build(engine);

  const sessionRow = async (token: string) =>
    (
      await app.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sessionIdOf(token)))
    )[0];

  describe('GET /api/auth/csrf', () => {
    it('opens a pre-session and answers a CSRF token equal to the readable cookie', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/auth/csrf' });
      expect(response.statusCode).toBe(200);
      const { csrfToken } = response.json<{ csrfToken: string }>();
      const pre = response.cookies.find((cookie) => cookie.name === 'beacon_pre');
      const csrf = response.cookies.find((cookie) => cookie.name === 'beacon_csrf');
      expect(pre).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(csrf).toMatchObject({ value: csrfToken, sameSite: 'Lax', path: '/' });
      expect(csrf?.httpOnly).toBeFalsy();
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('keeps answering the same token while it is valid, so requests in flight keep working', async () => {
      const client = new TestClient(app);
      const first = await client.fetchCsrf();
      expect(await client.fetchCsrf()).toBe(first);
    });

    it('answers the token bound to the session once signed in', async () => {
      const { client } = await signIn(app, uniqueEmail());
      const token = await client.fetchCsrf();
      expect(token).toBe(client.csrfCookie);
      expect(client.cookies.has('beacon_pre')).toBe(false);
    });

    it('starts over with a fresh pre-session when the session cookie is no longer valid', async () => {
      const client = new TestClient(app);
      client.cookies.set('beacon_sid', 'not-a-session');
      const response = await client.get('/api/auth/csrf');
      expect(response.statusCode).toBe(200);
      expect(client.cookies.has('beacon_sid')).toBe(false);
      expect(client.cookies.has('beacon_pre')).toBe(true);
    });
  });

  describe('POST /api/auth/sso/supabase', () => {
    it('creates the user from the token, opens a session and answers the current user', async () => {
      const email = uniqueEmail('casey');
      const client = new TestClient(app);
      await client.fetchCsrf();
      const preSessionCsrf = client.csrfCookie;
      const response = await client.post('/api/auth/sso/supabase', { token: await mintToken(email) });

      expect(response.statusCode).toBe(200);
      const user = v.parse(currentUserSchema, response.json());
      expect(user).toMatchObject({ email, role: 'user' });
      expect(user.full_name).toMatch(/^Casey/);
      expect(user.user_metadata?.full_name).toBe(user.full_name);
      expect(user.settings.theme).toBe('light');
      const sid = response.cookies.find((cookie) => cookie.name === 'beacon_sid');
      expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(sid?.secure).toBeFalsy();
      // A fresh CSRF token bound to the new session, and the pre-session is over.
      expect(client.csrfCookie).toBeDefined();
      expect(client.csrfCookie).not.toBe(preSessionCsrf);
      expect(client.cookies.has('beacon_pre')).toBe(false);
      expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    });

    it('stores only a hash of the session id', async () => {
      const { client } = await signIn(app, uniqueEmail());
      const token = client.cookies.get('beacon_sid') ?? '';
      expect(await app.db.select().from(sessions).where(eq(sessions.id, token))).toHaveLength(0);
      expect(await sessionRow(token)).toBeDefined();
    });

    it('issues a new session id at every sign-in and ends the previous session (no fixation)', async () => {
      const email = uniqueEmail();
      const { client } = await signIn(app, email);
      const firstSid = client.cookies.get('beacon_sid') ?? '';
      const stolen = client.clone();

      const again = await client.post('/api/auth/sso/supabase', { token: await mintToken(email) });
      expect(again.statusCode).toBe(200);
      const secondSid = client.cookies.get('beacon_sid');
      expect(secondSid).toBeDefined();
      expect(secondSid).not.toBe(firstSid);
      expect(await sessionRow(firstSid)).toBeUndefined();
      expect((await stolen.get('/api/auth/me')).statusCode).toBe(401);
      expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    });

    it('never adopts a session id planted in the browser before sign-in', async () => {
      const client = new TestClient(app);
      await client.fetchCsrf();
      client.cookies.set('beacon_sid', 'attacker-chosen-session-id');
      const response = await client.post('/api/auth/sso/supabase', { token: await mintToken(uniqueEmail()) });
      expect(response.statusCode).toBe(200);
      expect(client.cookies.get('beacon_sid')).not.toBe('attacker-chosen-session-id');
      expect(await sessionRow('attacker-chosen-session-id')).toBeUndefined();
    });

    it('gives the admin role to ADMIN_EMAILS addresses and the user role to everyone else', async () => {
      const admin = await signIn(app, 'Admin@Example.com');
      expect(admin.user).toMatchObject({ email: 'admin@example.com', role: 'admin' });
      const plain = await signIn(app, uniqueEmail());
      expect(plain.user.role).toBe('user');
    });

    it('follows the token on later sign-ins: new e-mail, recomputed role, the first full name kept', async () => {
      const sub = userIdFor(uniqueEmail('rename'));
      const first = await signIn(app, uniqueEmail('before'), {
        sub,
        claims: { user_metadata: { full_name: 'First Name' } },
      });
      expect(first.user).toMatchObject({ role: 'user' });
      const second = await signIn(app, 'admin@example.com'.replace('admin', 'nobody'), {
        sub,
        claims: { user_metadata: { full_name: 'Second Name' } },
      });
      expect(second.user).toMatchObject({
        id: first.user.id,
        email: 'nobody@example.com',
        full_name: 'First Name',
        role: 'user',
      });
    });

    const refusals: Array<[string, (email: string) => Promise<string> | string]> = [
      ['a wrong issuer', (email) => mintToken(email, { claims: { iss: 'https://evil.example/auth/v1' } })],
      ['a wrong audience', (email) => mintToken(email, { claims: { aud: 'anon' } })],
      ['an expired token', (email) => mintToken(email, { expiresIn: -60 })],
      ['a key the server does not trust', (email) => mintToken(email, { untrustedKey: true })],
      ['alg none', (email) => unsignedToken(email)],
      ['HS256 when only the JWKS is configured', (email) => mintHs256Token(email, 'x'.repeat(40))],
      ['a role other than authenticated', (email) => mintToken(email, { claims: { role: 'anon' } })],
      ['no e-mail address', (email) => mintToken(email, { claims: { email: undefined } })],
      ['a subject that is not a uuid', (email) => mintToken(email, { sub: 'not-a-uuid' })],
      ['something that is not a JWT', () => 'definitely.not.a-jwt'],
    ];
    it.each(refusals)(
      'refuses %s with 401 invalid_token, and nobody is signed in',
      async (_case, makeToken) => {
        const email = uniqueEmail('refused');
        const client = new TestClient(app);
        await client.fetchCsrf();
        const response = await client.post('/api/auth/sso/supabase', { token: await makeToken(email) });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ code: 'invalid_token' });
        expect(client.cookies.has('beacon_sid')).toBe(false);
        expect(await app.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
      },
    );

    it('answers 422 with field errors when the token is missing', async () => {
      const client = new TestClient(app);
      await client.fetchCsrf();
      const response = await client.post('/api/auth/sso/supabase', {});
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        errors: { token: [expect.any(String)] },
      });
    });

    it('refuses a sign-in without the pre-session CSRF token (login CSRF)', async () => {
      const client = new TestClient(app);
      const response = await client.post('/api/auth/sso/supabase', { token: await mintToken(uniqueEmail()) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'csrf_failed' });
      expect(client.cookies.has('beacon_sid')).toBe(false);
    });

    it('refuses a pre-session token without its pre-session cookie', async () => {
      const client = new TestClient(app);
      await client.fetchCsrf();
      client.cookies.delete('beacon_pre');
      const response = await client.post('/api/auth/sso/supabase', { token: await mintToken(uniqueEmail()) });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('GET /api/auth/me', () => {
    it('answers 401 unauthenticated without a session', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/auth/me' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Not authenticated', code: 'unauthenticated' });
    });

    it('answers 401 for a session id the server never issued', async () => {
      const client = new TestClient(app);
      client.cookies.set('beacon_sid', 'made-up');
      expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    });

    it('answers the current user with every WIRE.md field', async () => {
      const email = uniqueEmail();
      const { client } = await signIn(app, email);
      const response = await client.get('/api/auth/me');
      expect(response.statusCode).toBe(200);
      const body = response.json<Record<string, unknown>>();
      for (const field of [
        'id',
        'email',
        'full_name',
        'role',
        'company',
        'bio',
        'phone',
        'location',
        'created_at',
        'user_metadata',
        'subscription_id',
        'subscription_status',
        'plan',
        'billing_interval',
        'trial_ends_at',
        'settings',
      ]) {
        expect(body).toHaveProperty(field);
      }
      expect(body).not.toHaveProperty('has_signup');
      expect(v.parse(currentUserSchema, body).email).toBe(email);
    });

    it('adds has_signup and onboarding_required with include_flags=true', async () => {
      const email = uniqueEmail();
      const { client, user } = await signIn(app, email);
      const before = v.parse(
        currentUserWithFlagsSchema,
        (await client.get('/api/auth/me?include_flags=true')).json(),
      );
      expect(before).toMatchObject({ has_signup: false, onboarding_required: true });

      await app.db.insert(signups).values({
        name: 'N',
        email,
        normalizedEmail: email,
        plan: 'pro',
        interval: 'monthly',
        userId: user.id,
      });
      const after = (await client.get('/api/auth/me?include_flags=true')).json();
      expect(after).toMatchObject({ has_signup: true, onboarding_required: false });
    });

    it('refuses an expired (idle) session and forgets it', async () => {
      const { client } = await signIn(app, uniqueEmail());
      const token = client.cookies.get('beacon_sid') ?? '';
      await app.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.id, sessionIdOf(token)));
      app.sessions.forgetAll(); // the row changed behind the replica's short-lived session cache
      const response = await client.get('/api/auth/me');
      expect(response.statusCode).toBe(401);
      expect(await sessionRow(token)).toBeUndefined();
      expect(client.cookies.has('beacon_sid')).toBe(false);
    });

    it('hands out a pre-session with the 401, so the browser can sign in again at once', async () => {
      const email = uniqueEmail();
      const { client } = await signIn(app, email);
      await client.post('/api/auth/logout');
      const staleSession = client.clone();
      staleSession.cookies.set('beacon_sid', 'expired-session');
      staleSession.cookies.set('beacon_csrf', 'stale.token');
      staleSession.cookies.delete('beacon_pre');
      expect((await staleSession.get('/api/auth/me')).statusCode).toBe(401);
      const again = await staleSession.post('/api/auth/sso/supabase', { token: await mintToken(email) });
      expect(again.statusCode).toBe(200);
    });

    it('refuses a session past its absolute expiry however active it is', async () => {
      const { client } = await signIn(app, uniqueEmail());
      const token = client.cookies.get('beacon_sid') ?? '';
      await app.db
        .update(sessions)
        .set({ absoluteExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.id, sessionIdOf(token)));
      app.sessions.forgetAll();
      expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    });

    it('slides the idle expiry forward as the session is used', async () => {
      const { client } = await signIn(app, uniqueEmail());
      const token = client.cookies.get('beacon_sid') ?? '';
      const stale = new Date(Date.now() - 5 * 60_000);
      await app.db
        .update(sessions)
        .set({ lastSeenAt: stale, expiresAt: new Date(Date.now() + 60_000) })
        .where(eq(sessions.id, sessionIdOf(token)));
      app.sessions.forgetAll();
      await client.get('/api/auth/me');
      const row = await sessionRow(token);
      expect(row?.lastSeenAt.getTime()).toBeGreaterThan(stale.getTime());
      expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
    });
  });

  describe('PATCH /api/auth/me', () => {
    it('saves company, bio, phone and location', async () => {
      const { client } = await signIn(app, uniqueEmail());
      const update = { company: 'Acme', bio: 'Runs IT', phone: '+1 555 0100', location: 'Berlin' };
      const response = await client.patch('/api/auth/me', update);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject(update);
      expect((await client.get('/api/auth/me')).json()).toMatchObject(update);
    });

    it('clears a field sent as an empty string or null', async () => {
      const { client } = await signIn(app, uniqueEmail());
      await client.patch('/api/auth/me', { company: 'Acme', bio: 'x' });
      const response = await client.patch('/api/auth/me', { company: '', bio: null });
      expect(response.json()).toMatchObject({ company: null, bio: null });
    });

    it('merges settings with the defaults and keeps earlier changes', async () => {
      const { client } = await signIn(app, uniqueEmail());
      await client.patch('/api/auth/me', { settings: { theme: 'dark' } });
      const response = await client.patch('/api/auth/me', {
        settings: { timezone: 'PST', autoRefresh: false },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().settings).toEqual({
        emailNotifications: true,
        pushNotifications: true,
        alertThreshold: 'medium',
        digestFrequency: 'daily',
        twoFactorEnabled: false,
        sessionTimeout: '8h',
        theme: 'dark',
        timezone: 'PST',
        dateFormat: 'MM/DD/YYYY',
        autoRefresh: false,
        defaultDashboard: 'overview',
        refreshInterval: '30s',
      });
    });

    it('refuses role and email and changes nothing', async () => {
      const email = uniqueEmail();
      const { client } = await signIn(app, email);
      for (const [field, value] of [
        ['role', 'admin'],
        ['email', 'boss@example.com'],
      ]) {
        const response = await client.patch('/api/auth/me', { company: 'Sneaky', [field as string]: value });
        expect([400, 422]).toContain(response.statusCode);
        expect(response.json()).toMatchObject({
          code: 'validation_failed',
          errors: { [field as string]: [expect.any(String)] },
        });
      }
      expect((await client.get('/api/auth/me')).json()).toMatchObject({ email, role: 'user', company: null });
    });

    it('refuses billing and identity fields (mass assignment) and changes nothing', async () => {
      const { client } = await signIn(app, uniqueEmail());
      for (const field of [
        'plan',
        'billing_interval',
        'subscription_id',
        'subscription_status',
        'trial_ends_at',
        'id',
      ]) {
        const response = await client.patch('/api/auth/me', { bio: 'changed', [field]: 'x' });
        expect(response.statusCode, field).toBe(422);
        expect(response.json().errors).toHaveProperty(field);
      }
      expect((await client.get('/api/auth/me')).json()).toMatchObject({
        bio: null,
        plan: null,
        subscription_status: null,
      });
    });

    it('refuses settings outside the allowed values, and unknown settings', async () => {
      const { client } = await signIn(app, uniqueEmail());
      const wrongValue = await client.patch('/api/auth/me', { settings: { theme: 'neon' } });
      expect(wrongValue.statusCode).toBe(422);
      expect(wrongValue.json().errors).toHaveProperty(['settings.theme']);
      const unknown = await client.patch('/api/auth/me', { settings: { isAdmin: true } });
      expect(unknown.statusCode).toBe(422);
      expect((await client.get('/api/auth/me')).json().settings.theme).toBe('light');
    });

    it('refuses values outside the limits, naming the field, and changes nothing [product: PROF-6, PROF-7]', async () => {
      const { client } = await signIn(app, uniqueEmail());
      for (const [update, field] of [
        [{ phone: '555-CALL-NOW' }, 'phone'],
        [{ phone: '1'.repeat(41) }, 'phone'],
        [{ bio: 'x'.repeat(1001) }, 'bio'],
        [{ company: 'x'.repeat(201) }, 'company'],
        [{ location: 'x'.repeat(201) }, 'location'],
      ] as const) {
        const response = await client.patch('/api/auth/me', {
          ...update,
          company: field === 'company' ? update.company : 'Changed',
        });
        expect(response.statusCode, JSON.stringify(update)).toBe(422);
        expect(response.json().errors).toHaveProperty(field);
      }
      expect((await client.get('/api/auth/me')).json()).toMatchObject({
        company: null,
        phone: null,
        bio: null,
      });
    });

    it("changes only the signed-in user's own record: another user's data is out of reach", async () => {
      const alice = await signIn(app, uniqueEmail());
      const bob = await signIn(app, uniqueEmail());
      await bob.client.patch('/api/auth/me', { company: 'Bob Co', settings: { theme: 'dark' } });
      const bobId = (await bob.client.get('/api/auth/me')).json().id;

      // Naming Bob's id in the body is refused outright, not quietly applied to anyone.
      const targeted = await alice.client.patch('/api/auth/me', { id: bobId, company: 'Hijacked' });
      expect(targeted.statusCode).toBe(422);
      const own = await alice.client.patch('/api/auth/me', { company: 'Alice Co' });
      expect(own.json()).toMatchObject({ company: 'Alice Co' });
      expect(own.json().id).not.toBe(bobId);

      expect((await bob.client.get('/api/auth/me')).json()).toMatchObject({
        id: bobId,
        company: 'Bob Co',
        settings: { theme: 'dark' },
      });
      expect((await alice.client.get('/api/auth/me')).json().settings.theme).toBe('light');
    });

    it('answers 401 without a session', async () => {
      const client = new TestClient(app);
      await client.fetchCsrf();
      const response = await client.patch('/api/auth/me', { company: 'Nope' });
      expect(response.statusCode).toBe(401);
    });

    it('answers 403 without the CSRF token and changes nothing', async () => {
      const { client } = await signIn(app, uniqueEmail());
      const response = await client.patch('/api/auth/me', { company: 'Forged' }, { omit: ['csrf'] });
      expect(response.statusCode).toBe(403);
      expect((await client.get('/api/auth/me')).json().company).toBeNull();
    });
  });

  describe('POST /api/auth/logout', () => {
    it('ends the session on the server: the old cookie no longer works', async () => {
      const { client } = await signIn(app, uniqueEmail());
      const copied = client.clone();
      const token = client.cookies.get('beacon_sid') ?? '';
      const response = await client.post('/api/auth/logout');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      expect(await sessionRow(token)).toBeUndefined();
      expect((await copied.get('/api/auth/me')).statusCode).toBe(401);
    });

    it('clears the session cookie and hands out a new pre-session CSRF token that signs in again', async () => {
      const email = uniqueEmail();
      const { client } = await signIn(app, email);
      const sessionCsrf = client.csrfCookie;
      await client.post('/api/auth/logout');
      expect(client.cookies.has('beacon_sid')).toBe(false);
      expect(client.cookies.has('beacon_pre')).toBe(true);
      expect(client.csrfCookie).toBeDefined();
      expect(client.csrfCookie).not.toBe(sessionCsrf);
      const again = await client.post('/api/auth/sso/supabase', { token: await mintToken(email) });
      expect(again.statusCode).toBe(200);
    });

    it('answers 403 without the CSRF token and keeps the session', async () => {
      const { client } = await signIn(app, uniqueEmail());
      const response = await client.post('/api/auth/logout', undefined, { omit: ['csrf'] });
      expect(response.statusCode).toBe(403);
      expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    });
  });

  describe('GET /api/auth/login', () => {
    it('sends the visitor back to a same-origin path when an auth service is configured', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/auth/login?redirect=%2FBilling%3Ftab%3D1',
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/Billing?tab=1');
    });

    it('reduces an absolute address of our own origin to its path', async () => {
      const redirect = encodeURIComponent('http://localhost:3000/Profile#top');
      const response = await app.inject({ method: 'GET', url: `/api/auth/login?redirect=${redirect}` });
      expect(response.headers.location).toBe('/Profile#top');
    });

    it.each([
      'https://evil.example/phish',
      '//evil.example/phish',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'Billing',
      '/api/auth/logout',
      '/API/auth/logout',
      '/.//evil.example',
      '/..//evil.example',
      '/%2e%2e//evil.example',
      'http://localhost:3000@evil.example/',
    ])('never redirects off-site or into the API (%s)', async (redirect) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/auth/login?redirect=${encodeURIComponent(redirect)}`,
      });
      expect(response.headers.location).toBe('/Landing');
    });
    // The review's requests, sent exactly as an attacker would type them (the query string is not re-encoded).
    it.each([
      '/.//evil.example',
      '/..//evil.example',
      '/%2e%2e//evil.example',
      '/%252e%252e//evil.example',
      '/./%2F/evil.example',
      '%2F%2Fevil.example',
      '/%5Cevil.example',
    ])('answers a Location on our origin for the raw query redirect=%s', async (raw) => {
      const response = await app.inject({ method: 'GET', url: `/api/auth/login?redirect=${raw}` });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/Landing');
    });
  });

  describe('the admin guard (requireAdmin)', () => {
    let guarded: TestApp;
    beforeAll(async () => {
      guarded = await startTestApp(engine, {
        env: { ADMIN_EMAILS: 'boss@example.com, admin@example.com' },
        routes: async (instance) => {
          instance.get('/api/test/admin-only', { onRequest: instance.requireAdmin }, async () => ({
            ok: true,
          }));
          instance.get('/api/test/signed-in', { onRequest: instance.requireSession }, async () => ({
            ok: true,
          }));
        },
      });
    });
    afterAll(() => guarded.close());

    it('lets a user whose role came from ADMIN_EMAILS through', async () => {
      const { client, user } = await signIn(guarded.app, 'BOSS@example.com');
      expect(user.role).toBe('admin');
      expect((await client.get('/api/test/admin-only')).statusCode).toBe(200);
    });

    it('answers 403 to a signed-in plain user and 401 to anonymous callers', async () => {
      const { client } = await signIn(guarded.app, uniqueEmail());
      expect((await client.get('/api/test/signed-in')).statusCode).toBe(200);
      const refused = await client.get('/api/test/admin-only');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'forbidden' });
      expect((await guarded.app.inject({ method: 'GET', url: '/api/test/admin-only' })).statusCode).toBe(401);
    });

    it('reads the user from the database on every admin request, past the session cache', async () => {
      const { client, user } = await signIn(guarded.app, 'admin@example.com');
      expect((await client.get('/api/test/admin-only')).statusCode).toBe(200);
      // The address changes (as a sign-in from another replica would record): no longer an ADMIN_EMAILS one.
      await guarded.app.db
        .update(users)
        .set({ email: uniqueEmail('former-admin') })
        .where(eq(users.id, user.id));
      expect((await client.get('/api/test/admin-only')).statusCode).toBe(403);
    });
  });

  describe('sessions across replicas', () => {
    it.runIf(engine === 'postgres')(
      'a logout on one replica ends the session on another at once (SESSION_CACHE_TTL=0)',
      async () => {
        const replica = await startTestApp('postgres', {
          schema: testApp().schema ?? undefined,
          env: { SESSION_CACHE_TTL: '0' },
        });
        try {
          const { client } = await signIn(app, uniqueEmail());
          const onReplica = new TestClient(replica.app);
          for (const [name, value] of client.cookies) onReplica.cookies.set(name, value);
          expect((await onReplica.get('/api/auth/me')).statusCode).toBe(200);
          expect((await client.post('/api/auth/logout')).statusCode).toBe(200);
          expect((await onReplica.get('/api/auth/me')).statusCode).toBe(401);
        } finally {
          await replica.close();
        }
      },
    );

    it('serves a session from the replica cache only within SESSION_CACHE_TTL', async () => {
      const { client } = await signIn(app, uniqueEmail());
      const token = client.cookies.get('beacon_sid') ?? '';
      expect((await client.get('/api/auth/me')).statusCode).toBe(200);
      // Another replica logs the session out: this replica may answer from its cache until the TTL passes.
      await app.db.delete(sessions).where(eq(sessions.id, sessionIdOf(token)));
      await new Promise((resolve) => setTimeout(resolve, app.config.session.cacheTtlMs + 50));
      expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    });
  });

  describe('POST /api/auth/sso/supabase with the legacy HS256 secret', () => {
    const secret = 'legacy-jwt-secret-with-at-least-32-characters';
    let hsApp: TestApp;
    beforeAll(async () => {
      hsApp = await startTestApp(engine, { env: { SUPABASE_JWT_SECRET: secret } });
    });
    afterAll(() => hsApp.close());

    it('accepts HS256 tokens signed with the secret, and still ES256 ones from the JWKS', async () => {
      const client = new TestClient(hsApp.app);
      await client.fetchCsrf();
      const hs = await client.post('/api/auth/sso/supabase', {
        token: await mintHs256Token(uniqueEmail(), secret),
      });
      expect(hs.statusCode).toBe(200);
      const es = await signIn(hsApp.app, uniqueEmail());
      expect(es.response.statusCode).toBe(200);
    });

    it('refuses HS256 tokens signed with another secret or another issuer', async () => {
      const client = new TestClient(hsApp.app);
      await client.fetchCsrf();
      const wrongSecret = await mintHs256Token(uniqueEmail(), 'another-secret-of-at-least-32-characters!');
      expect((await client.post('/api/auth/sso/supabase', { token: wrongSecret })).statusCode).toBe(401);
      const wrongIssuer = await mintHs256Token(uniqueEmail(), secret, { iss: `${TEST_ISSUER}/other` });
      expect((await client.post('/api/auth/sso/supabase', { token: wrongIssuer })).statusCode).toBe(401);
    });
  });
});
