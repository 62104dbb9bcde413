import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, ENGINES, startTestApp, type TestApp, uniqueEmail } from './support/app';
import { TestClient } from './support/client';
import { mintToken, testAuthService } from './support/tokens';

const LIMITS = {
  RATE_LIMIT_SIGN_IN_MAX: '2',
  RATE_LIMIT_SIGNUPS_MAX: '2',
  RATE_LIMIT_CONTACT_MAX: '2',
  RATE_LIMIT_SIGNUP_LOOKUP_MAX: '2',
  // Per account: above the per-address limit, so the tests below can tell the two apart.
  RATE_LIMIT_SIGN_IN_ACCOUNT_MAX: '3',
  RATE_LIMIT_SIGNUPS_ACCOUNT_MAX: '3',
  RATE_LIMIT_WINDOW: '1m',
};

describe.each(ENGINES)('rate limits on %s', (engine) => {
  const { app, testApp } = build(engine, { env: LIMITS });

  /** Each test speaks from its own client address, so the tests do not share counters. */
  let lastAddress = 0;
  const newAddress = () => `203.0.113.${++lastAddress}`;

  function clientAt(remoteAddress: string, target: FastifyInstance = app): TestClient {
    const client = new TestClient(target);
    const request = client.request.bind(client);
    client.request = (method, url, options = {}) => request(method, url, { remoteAddress, ...options });
    return client;
  }
  const clientFromNewAddress = () => clientAt(newAddress());

  async function expectLimited(
    send: () => Promise<{ statusCode: number; headers: Record<string, unknown>; json(): unknown }>,
  ) {
    expect((await send()).statusCode).not.toBe(429);
    expect((await send()).statusCode).not.toBe(429);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.headers['x-ratelimit-limit']).toBe('2');
    expect(limited.json()).toMatchObject({
      code: 'rate_limited',
      message: expect.stringContaining('Too many requests'),
    });
  }

  describe('POST /api/contact', () => {
    it('answers 429 with Retry-After after the limit', async () => {
      const client = clientFromNewAddress();
      await client.fetchCsrf();
      await expectLimited(() =>
        client.post('/api/contact', { name: 'A', email: 'a@example.com', message: 'Hi' }),
      );
    });

    it('counts each client address separately', async () => {
      const first = clientFromNewAddress();
      await first.fetchCsrf();
      const body = { name: 'A', email: 'a@example.com', message: 'Hi' };
      await first.post('/api/contact', body);
      await first.post('/api/contact', body);
      expect((await first.post('/api/contact', body)).statusCode).toBe(429);
      const second = clientFromNewAddress();
      await second.fetchCsrf();
      expect((await second.post('/api/contact', body)).statusCode).toBe(201);
    });
  });

  describe('POST /api/signups', () => {
    it('answers 429 with Retry-After after the limit', async () => {
      const client = clientFromNewAddress();
      await client.fetchCsrf();
      const email = uniqueEmail();
      expect(
        (await client.post('/api/auth/sso/supabase', { token: await mintToken(email) })).statusCode,
      ).toBe(200);
      await expectLimited(() =>
        client.post('/api/signups', { name: 'S', email, plan: 'starter', interval: 'monthly' }),
      );
    });
  });

  describe('GET /api/signups?email=', () => {
    it('answers 429 with Retry-After after the limit, so nobody can sweep a list of addresses', async () => {
      const client = clientFromNewAddress();
      await expectLimited(() => client.get(`/api/signups?email=${uniqueEmail()}`));
    });
  });

  describe('POST /api/auth/sso/supabase', () => {
    it('answers 429 with Retry-After after the limit, counting refused tokens too', async () => {
      const client = clientFromNewAddress();
      await client.fetchCsrf();
      await expectLimited(async () =>
        client.post('/api/auth/sso/supabase', { token: await mintToken(uniqueEmail(), { expiresIn: -60 }) }),
      );
    });

    it('keeps separate counters per route', async () => {
      const client = clientFromNewAddress();
      await client.fetchCsrf();
      const body = { name: 'A', email: 'a@example.com', message: 'Hi' };
      await client.post('/api/contact', body);
      await client.post('/api/contact', body);
      expect((await client.post('/api/contact', body)).statusCode).toBe(429);
      const signIn = await client.post('/api/auth/sso/supabase', { token: await mintToken(uniqueEmail()) });
      expect(signIn.statusCode).toBe(200);
    });
  });

  describe('per account', () => {
    it('counts only refused tokens against an account, from any address, and says when to try again [product: LIMIT-25]', async () => {
      const email = uniqueEmail('refused');
      const sessionId = randomUUID();
      testAuthService.endedSessions.add(sessionId);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const client = clientFromNewAddress();
        await client.fetchCsrf();
        const token = await mintToken(email, { claims: { session_id: sessionId } });
        statuses.push((await client.post('/api/auth/sso/supabase', { token })).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401]);

      // Past the limit even a good token of that account waits, whatever address it comes from.
      const client = clientFromNewAddress();
      await client.fetchCsrf();
      const limited = await client.post('/api/auth/sso/supabase', { token: await mintToken(email) });
      expect(limited.statusCode).toBe(429);
      const seconds = Number(limited.headers['retry-after']);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(limited.json()).toMatchObject({
        code: 'rate_limited',
        message: `Too many failed sign-in attempts. Please try again in ${seconds} seconds.`,
      });
      // Another account is not held back by this one's failures.
      const other = clientFromNewAddress();
      await other.fetchCsrf();
      const fine = await other.post('/api/auth/sso/supabase', { token: await mintToken(uniqueEmail()) });
      expect(fine.statusCode).toBe(200);
    });

    it('accepts every successful sign-in of one account: a dozen in a minute [product: LIMIT-25]', async () => {
      const email = uniqueEmail('busy');
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 12; attempt += 1) {
        // New addresses each time: the per-address limit (2 here) is not what this test is about.
        const client = clientFromNewAddress();
        await client.fetchCsrf();
        statuses.push(
          (await client.post('/api/auth/sso/supabase', { token: await mintToken(email) })).statusCode,
        );
      }
      expect(statuses).toEqual(Array(12).fill(200));
    });

    it('limits signup writes of one user however many addresses they come from', async () => {
      const email = uniqueEmail('writer');
      const first = clientFromNewAddress();
      await first.fetchCsrf();
      await first.post('/api/auth/sso/supabase', { token: await mintToken(email) });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        // The same session from a new address each time (a client hopping networks or proxies).
        const hopping = clientFromNewAddress();
        for (const [name, value] of first.cookies) hopping.cookies.set(name, value);
        const response = await hopping.post('/api/signups', { name: 'W', email, plan: 'starter' });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(statuses).toEqual([201, 409, 409, 429]);
    });
  });

  describe('client addresses', () => {
    it('counts one IPv6 /64 as one client, whatever address inside it is used', async () => {
      const rotating = ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:db8:5:6:ffff::3'].map((address) =>
        clientAt(address),
      );
      const body = { name: 'A', email: 'a@example.com', message: 'Hi' };
      const statuses: number[] = [];
      for (const client of rotating) {
        await client.fetchCsrf();
        statuses.push((await client.post('/api/contact', body)).statusCode);
      }
      expect(statuses).toEqual([201, 201, 429]);
      const neighbour = clientAt('2001:db8:5:7::1');
      await neighbour.fetchCsrf();
      expect((await neighbour.post('/api/contact', body)).statusCode).toBe(201);
    });
  });

  describe('across replicas', () => {
    it.runIf(engine === 'postgres')('enforces one limit for all replicas sharing the database', async () => {
      const replica = await startTestApp('postgres', { env: LIMITS, schema: testApp().schema ?? undefined });
      try {
        // One client behind a load balancer, its requests spread over two replicas.
        const address = newAddress();
        const onFirst = clientAt(address, app);
        const onSecond = clientAt(address, replica.app);
        await onFirst.fetchCsrf();
        await onSecond.fetchCsrf();
        const body = { name: 'A', email: 'a@example.com', message: 'Hi' };
        expect((await onFirst.post('/api/contact', body)).statusCode).toBe(201);
        expect((await onSecond.post('/api/contact', body)).statusCode).toBe(201);
        expect((await onFirst.post('/api/contact', body)).statusCode).toBe(429);
        expect((await onSecond.post('/api/contact', body)).statusCode).toBe(429);
      } finally {
        await replica.close();
      }
    });
  });

  describe.each([
    ['a hop count', '1'],
    ['the proxy addresses', '10.0.0.0/8, fd00::/8'],
  ])('behind a load balancer (TRUST_PROXY as %s)', (_kind, trustProxy) => {
    let proxied: TestApp;
    beforeAll(async () => {
      proxied = await startTestApp(engine, { env: { ...LIMITS, TRUST_PROXY: trustProxy } });
    });
    afterAll(() => proxied.close());

    const body = { name: 'A', email: 'a@example.com', message: 'Hi' };
    /** A request that reached us through the balancer at 10.0.0.5, with the client's chosen X-Forwarded-For. */
    async function viaBalancer(forwardedFor: string) {
      const client = clientAt('10.0.0.5', proxied.app);
      await client.fetchCsrf();
      return client.post('/api/contact', body, { headers: { 'x-forwarded-for': forwardedFor } });
    }

    it('counts the address the balancer saw, so rotating a forged X-Forwarded-For gains nothing', async () => {
      const statuses = [];
      for (const forged of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) {
        statuses.push((await viaBalancer(`${forged}, 198.51.100.7`)).statusCode);
      }
      expect(statuses).toEqual([201, 201, 429]);
    });

    it('gives each client behind the balancer its own bucket', async () => {
      expect((await viaBalancer('198.51.100.8')).statusCode).toBe(201);
      expect((await viaBalancer('198.51.100.9')).statusCode).toBe(201);
      expect((await viaBalancer('198.51.100.8')).statusCode).toBe(201);
      expect((await viaBalancer('198.51.100.8')).statusCode).toBe(429);
      expect((await viaBalancer('198.51.100.9')).statusCode).toBe(201);
    });
  });
});
