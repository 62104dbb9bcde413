import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { SIGN_IN_ENDED_MESSAGE } from '../../contract/session';
import { users } from '../../server/db/schema';
import { build, ENGINES, uniqueEmail } from './support/app';
import { signIn } from './support/client';
import { mintToken, testAuthService, userIdFor } from './support/tokens';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 18 items 1-3: the exchange answers the user with its flags, and a refreshed token extends the session it
 * belongs to (POST /api/auth/refresh) instead of signing in again, idempotently for every tab.
 */
describe.each(ENGINES)('sign-in answer and token refresh on %s', (engine) => {
  const { app } = build(engine, { env: { SESSION_AUTH_GRACE: '0', SESSION_CACHE_TTL: '0' } });
  afterEach(() => {
    testAuthService.endedSessions.clear();
    testAuthService.currentEmails.clear();
  });

  describe('POST /api/auth/sso/supabase', () => {
    it('answers the signed-in user with the profile flags, as GET /me?include_flags=true does', async () => {
      const { client, response } = await signIn(app, uniqueEmail());
      const me = await client.get('/api/auth/me?include_flags=true');
      expect(response.json()).toEqual(me.json());
      expect(response.json()).toMatchObject({ has_signup: false, onboarding_required: true });
    });

    it('takes the address the auth service has now, not the one an older token carries', async () => {
      const email = uniqueEmail('before');
      const changed = uniqueEmail('after');
      testAuthService.currentEmails.set(userIdFor(email), changed);
      const { response } = await signIn(app, email);
      expect(response.json()).toMatchObject({ email: changed });
    });
  });

  describe('POST /api/auth/refresh', () => {
    it('keeps the session alive past the first token, without a new session or cookie', async () => {
      const email = uniqueEmail();
      const authSession = randomUUID();
      const { client, user } = await signIn(app, email, {
        expiresIn: 2,
        claims: { session_id: authSession },
      });
      const cookie = client.cookies.get('beacon_sid');
      const refreshed = await client.post('/api/auth/refresh', {
        token: await mintToken(email, { claims: { session_id: authSession } }),
      });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json()).toMatchObject({ id: user.id, email, onboarding_required: true });
      expect(refreshed.headers['set-cookie']).toBeUndefined();
      expect(client.cookies.get('beacon_sid')).toBe(cookie);
      await sleep(2_300);
      expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    });

    it('accepts the same refreshed token from two tabs at once, in either order', async () => {
      const email = uniqueEmail();
      const authSession = randomUUID();
      const { client } = await signIn(app, email, {
        expiresIn: 2,
        claims: { session_id: authSession },
      });
      const otherTab = client.clone();
      const later = await mintToken(email, { claims: { session_id: authSession } });
      const earlier = await mintToken(email, { expiresIn: 1, claims: { session_id: authSession } });
      const answers = await Promise.all([
        client.post('/api/auth/refresh', { token: later }),
        otherTab.post('/api/auth/refresh', { token: later }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      // A token older than one already traded never shortens the session.
      expect((await otherTab.post('/api/auth/refresh', { token: earlier })).statusCode).toBe(200);
      await sleep(2_300);
      expect((await client.get('/api/auth/me')).statusCode).toBe(200);
      expect((await otherTab.get('/api/auth/me')).statusCode).toBe(200);
    });

    it('brings an address changed at the auth service to our user', async () => {
      const email = uniqueEmail('old');
      const claims = { session_id: randomUUID() };
      const { client, user } = await signIn(app, email, { claims });
      const changed = uniqueEmail('new');
      testAuthService.currentEmails.set(userIdFor(email), changed);
      const refreshed = await client.post('/api/auth/refresh', { token: await mintToken(email, { claims }) });
      expect(refreshed.statusCode).toBe(200);
      const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.email).toBe(changed);
      expect((await client.get('/api/auth/me')).json()).toMatchObject({ id: user.id, email: changed });
    });

    it('ends the session with a reason when the auth service refuses the token', async () => {
      const email = uniqueEmail();
      const authSession = randomUUID();
      const { client } = await signIn(app, email, { claims: { session_id: authSession } });
      testAuthService.endedSessions.add(authSession);
      const refused = await client.post('/api/auth/refresh', {
        token: await mintToken(email, { claims: { session_id: authSession } }),
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'invalid_token', message: SIGN_IN_ENDED_MESSAGE });
      expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    });

    it('answers 409 for a token of another auth-service session, which needs a sign-in instead', async () => {
      const email = uniqueEmail();
      const { client } = await signIn(app, email, { claims: { session_id: randomUUID() } });
      const elsewhere = await client.post('/api/auth/refresh', {
        token: await mintToken(email, { claims: { session_id: randomUUID() } }),
      });
      expect(elsewhere.statusCode).toBe(409);
      expect(elsewhere.json()).toMatchObject({ code: 'auth_session_mismatch' });
      const someoneElse = await client.post('/api/auth/refresh', { token: await mintToken(uniqueEmail()) });
      expect(someoneElse.statusCode).toBe(409);
      // The session itself is untouched.
      expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    });

    it('answers 401 without a live session, so the browser signs in with the token instead', async () => {
      const email = uniqueEmail();
      const { client } = await signIn(app, email);
      await client.post('/api/auth/logout');
      await client.fetchCsrf();
      const answer = await client.post('/api/auth/refresh', { token: await mintToken(email) });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ code: 'unauthenticated' });
    });
  });
});
