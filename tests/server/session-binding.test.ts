import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { build, ENGINES, uniqueEmail } from './support/app';
import { signIn } from './support/client';
import { mintToken, testAuthService } from './support/tokens';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Issue 8 item 6: our sessions end with the auth service's, a user holds at most N, logout clears the site. */
describe.each(ENGINES)('sessions bound to the auth service on %s', (engine) => {
  const { app } = build(engine, {
    env: { SESSION_AUTH_GRACE: '0', SESSION_MAX_PER_USER: '2', SESSION_CACHE_TTL: '0' },
  });
  afterEach(() => testAuthService.endedSessions.clear());

  it('ends when the auth-service token it was opened with expires and no refreshed one was traded', async () => {
    const { client } = await signIn(app, uniqueEmail(), { expiresIn: 2 });
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    await sleep(2_300);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('lives on while the SPA sends each refreshed token (TOKEN_REFRESHED) to POST /api/auth/refresh', async () => {
    const email = uniqueEmail();
    const claims = { session_id: randomUUID() };
    const { client } = await signIn(app, email, { expiresIn: 2, claims });
    const refreshed = await client.post('/api/auth/refresh', { token: await mintToken(email, { claims }) });
    expect(refreshed.statusCode).toBe(200);
    await sleep(2_300);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('ends every session opened from an auth-service session the auth service says is over', async () => {
    const email = uniqueEmail();
    const endedElsewhere = randomUUID();
    const laptop = await signIn(app, email, { claims: { session_id: endedElsewhere } });
    const phone = await signIn(app, email, { claims: { session_id: randomUUID() } });
    testAuthService.endedSessions.add(endedElsewhere);

    // The laptop's SPA trades its (still unexpired) token again: the auth service refuses it.
    const again = await laptop.client.post('/api/auth/sso/supabase', {
      token: await mintToken(email, { claims: { session_id: endedElsewhere } }),
    });
    expect(again.statusCode).toBe(401);
    expect((await laptop.client.get('/api/auth/me')).statusCode).toBe(401);
    expect((await phone.client.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('keeps at most SESSION_MAX_PER_USER live sessions per user, ending the oldest', async () => {
    const email = uniqueEmail();
    const first = await signIn(app, email);
    await sleep(5);
    const second = await signIn(app, email);
    await sleep(5);
    const third = await signIn(app, email);
    expect((await first.client.get('/api/auth/me')).statusCode).toBe(401);
    expect((await second.client.get('/api/auth/me')).statusCode).toBe(200);
    expect((await third.client.get('/api/auth/me')).statusCode).toBe(200);
    // Another user's sessions are not counted against this one.
    expect((await (await signIn(app, uniqueEmail())).client.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('tells the browser to clear our cookies and storage at logout', async () => {
    const { client } = await signIn(app, uniqueEmail());
    const response = await client.post('/api/auth/logout');
    expect(response.statusCode).toBe(200);
    expect(response.headers['clear-site-data']).toBe('"cookies", "storage"');
  });
});
