import { describe, expect, it } from 'vitest';
import { ENGINES, uniqueEmail } from './support/app';
import { buildBilling } from './support/billing';
import { signIn, TestClient } from './support/client';

/** Issue 19 item 4: the provider's rate limit is shared by every customer; no one account or client may spend it. */
describe.each(ENGINES)('limits on billing and admin routes on %s', (engine) => {
  const { app, payments } = buildBilling(
    engine,
    {},
    { RATE_LIMIT_BILLING_ACCOUNT_MAX: '3', RATE_LIMIT_ADMIN_MAX: '3' },
  );

  let lastAddress = 0;
  const newAddress = () => `198.51.100.${++lastAddress}`;

  const expectTooMany = (response: {
    statusCode: number;
    headers: Record<string, unknown>;
    json(): unknown;
  }) => {
    expect(response.statusCode).toBe(429);
    const seconds = Number(response.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(response.json()).toMatchObject({
      code: 'rate_limited',
      message: `Too many requests. Please try again in ${seconds} seconds.`,
    });
  };

  describe('billing changes, per account and action', () => {
    it.each([
      ['/api/billing/checkout-session', { planName: 'pro_monthly' }],
      ['/api/billing/portal', {}],
      ['/api/billing/cancel', {}],
      ['/api/billing/change-plan', { planName: 'business_monthly' }],
      ['/api/billing/sync', { sessionId: 'cs_test_made_up' }],
    ])(
      'answers the 4th POST %s in a window with 429 and Retry-After, asking the provider nothing',
      async (url, body) => {
        const { client } = await signIn(app, uniqueEmail('eager'));
        for (let attempt = 0; attempt < 3; attempt += 1)
          expect((await client.post(url, body)).statusCode, `attempt ${attempt + 1}`).not.toBe(429);
        const before = payments.calls.length;
        expectTooMany(await client.post(url, body));
        expect(payments.calls.length).toBe(before);
      },
    );

    it('counts the account from any address, each action on its own, and no other account', async () => {
      const email = uniqueEmail('roaming');
      const { client } = await signIn(app, email);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await client.post('/api/billing/portal', {}, { remoteAddress: newAddress() });
        expect(response.statusCode).toBe(200);
      }
      expectTooMany(await client.post('/api/billing/portal', {}, { remoteAddress: newAddress() }));
      expect(
        (await client.post('/api/billing/checkout-session', { planName: 'pro_monthly' })).statusCode,
      ).toBe(200);
      const other = (await signIn(app, uniqueEmail('neighbour'))).client;
      expect((await other.post('/api/billing/portal', {})).statusCode).toBe(200);
    });

    it('leaves the portal-return poll alone: a sync without a session id is answered from the cache', async () => {
      const { client } = await signIn(app, uniqueEmail('poller'));
      for (let poll = 0; poll < 8; poll += 1)
        expect((await client.post('/api/billing/sync', {})).statusCode).toBe(200);
    });
  });

  describe('admin routes, per client address', () => {
    it('answers the 4th request from one client with 429, before the session is even looked at, whoever asks', async () => {
      const address = newAddress();
      const admin = (await signIn(app, 'admin@example.com')).client;
      const anonymous = new TestClient(app);
      expect((await admin.get('/api/admin/refunds', { remoteAddress: address })).statusCode).toBe(200);
      expect((await anonymous.get('/api/admin/refunds', { remoteAddress: address })).statusCode).toBe(401);
      expect((await admin.get('/api/admin/refunds', { remoteAddress: address })).statusCode).toBe(200);
      expectTooMany(await anonymous.get('/api/admin/refunds', { remoteAddress: address }));
      expectTooMany(await admin.get('/api/admin/refunds', { remoteAddress: address }));
      expect((await admin.get('/api/admin/refunds', { remoteAddress: newAddress() })).statusCode).toBe(200);
    });
  });
});
