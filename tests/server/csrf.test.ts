import { describe, expect, it } from 'vitest';
import { contactMessages } from '../../server/db/schema';
import { build, ENGINES, uniqueEmail } from './support/app';
import { signIn, TestClient } from './support/client';

/**
 * The CSRF defence as a whole (WIRE.md), tried on a signed-in change (PATCH /api/auth/me) and on an anonymous
 * one protected by the pre-session (POST /api/contact). Every refusal is 403 csrf_failed and changes nothing.
 */
describe.each(ENGINES)('CSRF protection on %s', (engine) => {
  const { app } = build(engine);

  const contact = { name: 'Pat', email: 'pat@example.com', message: 'Hello' };
  const storedMessages = async () => (await app.db.select().from(contactMessages)).length;

  async function expectRefused(client: TestClient, options: Parameters<TestClient['patch']>[2]) {
    const before = (await client.get('/api/auth/me')).json().company;
    const response = await client.patch('/api/auth/me', { company: 'Forged Ltd' }, options);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'csrf_failed', message: expect.any(String) });
    expect((await client.get('/api/auth/me')).json().company).toBe(before);
  }

  describe('PATCH /api/auth/me (signed in)', () => {
    it('accepts the request the SPA sends', async () => {
      const { client } = await signIn(app, uniqueEmail());
      const response = await client.patch('/api/auth/me', { company: 'Real Ltd' });
      expect(response.statusCode).toBe(200);
    });

    it('refuses a request without the X-CSRF-Token header', async () => {
      const { client } = await signIn(app, uniqueEmail());
      await expectRefused(client, { omit: ['csrf'] });
    });

    it('refuses a wrong token', async () => {
      const { client } = await signIn(app, uniqueEmail());
      const [random] = (client.csrfCookie ?? '').split('.');
      await expectRefused(client, { csrfToken: `${random}.forged-signature` });
    });

    it("refuses another session's token, even when cookie and header agree", async () => {
      const victim = await signIn(app, uniqueEmail('victim'));
      const attacker = await signIn(app, uniqueEmail('attacker'));
      const attackerToken = attacker.client.csrfCookie ?? '';
      const client = victim.client.clone();
      client.cookies.set('beacon_csrf', attackerToken);
      await expectRefused(client, { csrfToken: attackerToken });
    });

    it('refuses a header that does not match the cookie', async () => {
      const { client } = await signIn(app, uniqueEmail());
      const other = await signIn(app, uniqueEmail());
      await expectRefused(client, { csrfToken: other.client.csrfCookie ?? 'x' });
    });

    it('refuses a cross-site Origin', async () => {
      const { client } = await signIn(app, uniqueEmail());
      await expectRefused(client, { headers: { origin: 'https://evil.example' } });
    });

    it('refuses Sec-Fetch-Site: cross-site and same-site', async () => {
      const { client } = await signIn(app, uniqueEmail());
      await expectRefused(client, { headers: { 'sec-fetch-site': 'cross-site' } });
      await expectRefused(client, { headers: { 'sec-fetch-site': 'same-site' } });
    });

    it('accepts our own origin and the configured extra origins (the Vite dev server)', async () => {
      const { client } = await signIn(app, uniqueEmail());
      for (const origin of ['http://localhost:3000', 'http://localhost:5173']) {
        const response = await client.patch(
          '/api/auth/me',
          { bio: origin },
          { headers: { origin, 'sec-fetch-site': 'same-origin' } },
        );
        expect(response.statusCode, origin).toBe(200);
      }
    });

    it('refuses a request without X-Requested-With', async () => {
      const { client } = await signIn(app, uniqueEmail());
      await expectRefused(client, { omit: ['xhr'] });
    });

    it('refuses a pre-session token once signed in (it is bound to the pre-session, not the session)', async () => {
      const client = new TestClient(app);
      const preSessionToken = await client.fetchCsrf();
      const { client: signedIn } = await signIn(app, uniqueEmail());
      signedIn.cookies.set('beacon_csrf', preSessionToken);
      await expectRefused(signedIn, { csrfToken: preSessionToken });
    });
  });

  describe('POST /api/contact (anonymous, pre-session)', () => {
    it('accepts the request with the pre-session token', async () => {
      const client = new TestClient(app);
      await client.fetchCsrf();
      expect((await client.post('/api/contact', contact)).statusCode).toBe(201);
    });

    it('refuses a request with no CSRF cookie at all and stores nothing', async () => {
      const before = await storedMessages();
      const client = new TestClient(app);
      const response = await client.post('/api/contact', contact);
      expect(response.statusCode).toBe(403);
      expect(await storedMessages()).toBe(before);
    });

    it('refuses a token issued to another pre-session', async () => {
      const before = await storedMessages();
      const mine = new TestClient(app);
      await mine.fetchCsrf();
      const theirs = new TestClient(app);
      const theirToken = await theirs.fetchCsrf();
      mine.cookies.set('beacon_csrf', theirToken);
      const response = await mine.post('/api/contact', contact, { csrfToken: theirToken });
      expect(response.statusCode).toBe(403);
      expect(await storedMessages()).toBe(before);
    });

    it('refuses a tampered pre-session cookie', async () => {
      const client = new TestClient(app);
      await client.fetchCsrf();
      client.cookies.set('beacon_pre', `${client.cookies.get('beacon_pre')}x`);
      expect((await client.post('/api/contact', contact)).statusCode).toBe(403);
    });

    it('answers 415 to a body that is not application/json, and stores nothing', async () => {
      const before = await storedMessages();
      const client = new TestClient(app);
      await client.fetchCsrf();
      for (const contentType of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
      ]) {
        const response = await client.post('/api/contact', JSON.stringify(contact), {
          headers: { 'content-type': contentType },
        });
        expect(response.statusCode, contentType).toBe(415);
        expect(response.json()).toMatchObject({ code: 'unsupported_media_type' });
      }
      expect(await storedMessages()).toBe(before);
    });

    it('checks CSRF before the content type: a cross-site form post is a 403', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
        payload: 'name=a&email=b&message=c',
      });
      expect(response.statusCode).toBe(403);
    });

    it('answers 400 to malformed JSON', async () => {
      const client = new TestClient(app);
      await client.fetchCsrf();
      const response = await client.post('/api/contact', '{"name":');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: expect.any(String) });
    });
  });
});
