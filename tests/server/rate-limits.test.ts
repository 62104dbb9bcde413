import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestApp, type TestApp, uniqueEmail } from './support/app';
import { TestClient } from './support/client';
import { mintToken } from './support/tokens';

const LIMITS = {
  RATE_LIMIT_SIGN_IN_MAX: '2',
  RATE_LIMIT_SIGNUPS_MAX: '2',
  RATE_LIMIT_CONTACT_MAX: '2',
  RATE_LIMIT_SIGNUP_LOOKUP_MAX: '2',
  RATE_LIMIT_WINDOW: '1m',
};

describe.each(ENGINES)('rate limits on %s', (engine) => {
  let testApp: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    testApp = await startTestApp(engine, { env: LIMITS });
    app = testApp.app;
  });
  afterAll(() => testApp.close());

  /** Each test speaks from its own client address, so the tests do not share counters. */
  let lastAddress = 0;
  const newAddress = () => `203.0.113.${++lastAddress}`;

  function clientAt(remoteAddress: string, target: FastifyInstance = app): TestClient {
    const client = new TestClient(target);
    const request = client.request.bind(client);
    client.request = (method, url, options = {}) => request(method, url, { ...options, remoteAddress });
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

  describe('across replicas', () => {
    it.runIf(engine === 'postgres')('enforces one limit for all replicas sharing the database', async () => {
      const replica = await startTestApp('postgres', { env: LIMITS, schema: testApp.schema ?? undefined });
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
});
