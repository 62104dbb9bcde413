import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { LEGACY_ISSUER, users } from '../../server/db/schema';
import { build, ENGINES, PRODUCTION_ENV, PRODUCTION_ISSUER, startTestApp, uniqueEmail } from './support/app';
import { signIn, TestClient } from './support/client';
import { mintToken, testAuthService, userIdFor } from './support/tokens';

/** Issue 8 item 3: who a user is comes from (issuer, subject), roles from confirmed addresses, checked per request. */
describe.each(ENGINES)('identity on %s', (engine) => {
  afterEach(() => {
    testAuthService.unconfirmed.clear();
    testAuthService.endedSessions.clear();
    testAuthService.down = false;
  });

  describe('outside local mode', () => {
    const { app } = build(engine, { env: { ...PRODUCTION_ENV, ADMIN_EMAILS: 'boss@example.com' } });
    const production = { claims: { iss: PRODUCTION_ISSUER } };

    it('makes one user of two first sign-ins of one account at the same moment (two devices), both signed in', async () => {
      const email = uniqueEmail('racing');
      const [first, second] = await Promise.all([
        signIn(app, email, production),
        signIn(app, email, production),
      ]);
      expect(second.user.id).toBe(first.user.id);
      const rows = await app.db
        .select()
        .from(users)
        .where(eq(users.authSubject, userIdFor(email)));
      expect(rows).toHaveLength(1);
    });

    it('keys the user by issuer and subject', async () => {
      const email = uniqueEmail('keyed');
      const { user } = await signIn(app, email, production);
      const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ authIssuer: PRODUCTION_ISSUER, authSubject: userIdFor(email), email });
    });

    it('gives another subject with the same e-mail an account of its own, with nothing of the first one', async () => {
      const email = uniqueEmail('victim');
      const victim = await signIn(app, email, production);
      expect((await victim.client.patch('/api/auth/me', { company: 'Victim Co' })).statusCode).toBe(200);

      const other = await signIn(app, email, { ...production, sub: randomUUID() });
      expect(other.user.id).not.toBe(victim.user.id);
      expect((await other.client.get('/api/auth/me')).json()).toMatchObject({ company: null });

      const me = await victim.client.get('/api/auth/me');
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ id: victim.user.id, company: 'Victim Co' });
    });

    it('adopts a row from before issuers were recorded only for its own subject', async () => {
      const email = uniqueEmail('legacy');
      const [legacy] = await app.db
        .insert(users)
        .values({ authIssuer: LEGACY_ISSUER, authSubject: userIdFor(email), email, company: 'Old Co' })
        .returning();
      const stranger = await signIn(app, email, { ...production, sub: randomUUID() });
      expect(stranger.user.id).not.toBe(legacy?.id);
      const { user } = await signIn(app, email, production);
      expect(user.id).toBe(legacy?.id);
      const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ authIssuer: PRODUCTION_ISSUER, company: 'Old Co' });
    });

    it('refuses an anonymous auth-service user with 403 and creates nobody', async () => {
      const email = uniqueEmail('guest');
      const client = new TestClient(app);
      await client.fetchCsrf();
      const response = await client.post('/api/auth/sso/supabase', {
        token: await mintToken(email, { claims: { ...production.claims, is_anonymous: true } }),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toMatch(/Guest sign-ins cannot use Beacon RMM/);
      expect(await app.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    });

    it('never makes an unconfirmed address admin, whatever the token says about it', async () => {
      testAuthService.unconfirmed.add('boss@example.com');
      const { client, user } = await signIn(app, 'boss@example.com', {
        claims: { ...production.claims, user_metadata: { email_verified: true } },
      });
      expect(user.role).toBe('user');
      expect((await client.get('/api/auth/me')).json()).toMatchObject({ role: 'user' });
    });

    it('makes a confirmed ADMIN_EMAILS address admin', async () => {
      const { user } = await signIn(app, 'boss@example.com', production);
      expect(user.role).toBe('admin');
    });

    it('answers 401 when the auth service says the token’s session has ended (signed out elsewhere)', async () => {
      const sessionId = randomUUID();
      testAuthService.endedSessions.add(sessionId);
      const client = new TestClient(app);
      await client.fetchCsrf();
      const response = await client.post('/api/auth/sso/supabase', {
        token: await mintToken(uniqueEmail(), { claims: { ...production.claims, session_id: sessionId } }),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'invalid_token' });
    });

    it('answers 503 auth_unavailable when the auth service cannot be asked', async () => {
      testAuthService.down = true;
      const client = new TestClient(app);
      await client.fetchCsrf();
      const response = await client.post('/api/auth/sso/supabase', {
        token: await mintToken(uniqueEmail(), production),
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'auth_unavailable' });
    });
  });

  it('demotes at the next request when an address leaves ADMIN_EMAILS (a new deploy, same database)', async () => {
    const dataDir = engine === 'pglite' ? await mkdtemp(path.join(tmpdir(), 'beacon-demote-')) : null;
    const database: Record<string, string> = dataDir ? { PGLITE_DATA_DIR: dataDir } : {};
    const before = await startTestApp(engine, { env: { ...database, ADMIN_EMAILS: 'chief@example.com' } });
    const { client, user } = await signIn(before.app, 'chief@example.com');
    expect(user.role).toBe('admin');
    const cookies = new Map(client.cookies);
    // PGlite allows one process per folder: the old deploy stops first. PostgreSQL: both run (a rolling deploy).
    if (dataDir) await before.close();
    const after = await startTestApp(engine, {
      env: { ...database, ADMIN_EMAILS: 'someone-else@example.com' },
      routes: async (instance) => {
        instance.get('/api/test/admin-only', { onRequest: instance.requireAdmin }, async () => ({
          ok: true,
        }));
      },
      ...(before.schema ? { schema: before.schema } : {}),
    });
    try {
      const sameBrowser = new TestClient(after.app);
      for (const [name, value] of cookies) sameBrowser.cookies.set(name, value);
      const me = await sameBrowser.get('/api/auth/me');
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ role: 'user' });
      expect((await sameBrowser.get('/api/test/admin-only')).statusCode).toBe(403);
    } finally {
      await after.close();
      if (!dataDir) await before.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    }
  });
});
