import { randomBytes } from 'node:crypto';
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopGracefully } from '../../server/main';
import { startTestApp, type TestApp, uniqueEmail } from './support/app';
import { signIn, type TestClient } from './support/client';
import { TcpProxy } from './support/tcp-proxy';

const databaseUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answers `GET /api/auth/me` `rounds` times, `parallel` at a time; counts what came back. */
async function load(client: TestClient, parallel: number, rounds: number) {
  const statuses = new Map<number, number>();
  for (let round = 0; round < rounds; round += 1) {
    const answers = await Promise.all(Array.from({ length: parallel }, () => client.get('/api/auth/me')));
    for (const { statusCode } of answers) statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  }
  return statuses;
}

describe.runIf(databaseUrl)('PostgreSQL faults', () => {
  it('keeps running when every connection of the app is terminated under load, and answers again at once', async () => {
    const applicationName = `beacon_fault_${randomBytes(4).toString('hex')}`;
    const testApp = await startTestApp('postgres', {
      env: { DATABASE_URL: `${databaseUrl}?application_name=${applicationName}`, SESSION_CACHE_TTL: '0' },
    });
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const { client } = await signIn(testApp.app, uniqueEmail());
      const before = load(client, 10, 20);
      await sleep(50);
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [applicationName],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      const during = await before;
      // Requests caught on a dying connection may fail, but only as an outage (503), never as a crash or a 500.
      expect([...during.keys()].filter((status) => status !== 200 && status !== 503)).toEqual([]);
      // Idle connections were terminated too: the pool reported them (no listener would have killed the process).
      await sleep(200);
      const after = await load(client, 10, 5);
      expect(after).toEqual(new Map([[200, 50]]));
    } finally {
      await admin.end();
      await testApp.close();
    }
  }, 30_000);

  describe('while the database is down', () => {
    let proxy: TcpProxy;
    let testApp: TestApp;
    let client: TestClient;
    beforeAll(async () => {
      const target = new URL(databaseUrl ?? '');
      proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
      await proxy.start();
      const viaProxy = new URL(databaseUrl ?? '');
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      testApp = await startTestApp('postgres', {
        env: { DATABASE_URL: viaProxy.toString(), SESSION_CACHE_TTL: '0' },
      });
      ({ client } = await signIn(testApp.app, uniqueEmail()));
    });
    afterAll(async () => {
      await proxy.start();
      await testApp.close();
      await proxy.stop();
    });

    it('answers 503 with Retry-After (not 500), says why in /api/health, and recovers when it is back', async () => {
      expect((await client.get('/api/auth/me')).statusCode).toBe(200);
      await proxy.stop();

      const me = await client.get('/api/auth/me');
      expect(me.statusCode).toBe(503);
      expect(me.headers['retry-after']).toBe('5');
      expect(me.json()).toMatchObject({ code: 'unavailable' });
      const health = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ ok: false, db: false, reason: 'database unreachable' });

      await proxy.start();
      const started = Date.now();
      let status = 0;
      while (status !== 200 && Date.now() - started < 5_000) {
        status = (await client.get('/api/auth/me')).statusCode;
        if (status !== 200) await sleep(100);
      }
      expect(status).toBe(200);
      expect((await testApp.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
        ok: true,
      });
    }, 30_000);
  });

  it('gives up waiting for another replica’s migration lock after DATABASE_MIGRATION_LOCK_TIMEOUT, with its own message', async () => {
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock(7355608)');
      const started = Date.now();
      await expect(
        startTestApp('postgres', { env: { DATABASE_MIGRATION_LOCK_TIMEOUT: '1s' } }),
      ).rejects.toThrow(
        /Another replica has held the migration lock for 1 s \(DATABASE_MIGRATION_LOCK_TIMEOUT\)/,
      );
      // Well before the 10 s statement timeout: the wait has its own limit.
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await holder.end();
    }
  }, 30_000);
});

/** A plain HTTP/1.1 GET on its own connection (no client-side pooling to muddy what the server does). */
function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

// On PostgreSQL: closing PGlite inside a vitest worker stalls the worker; `npm run test:resilience` stops the real
// process on PGlite with SIGTERM under load instead.
describe.runIf(databaseUrl)('graceful stop', () => {
  it('answers readiness 503 first, keeps serving, and lets requests in flight finish', async () => {
    let releaseSlow: () => void = () => undefined;
    const testApp = await startTestApp('postgres', {
      routes: async (instance) => {
        instance.get('/api/test/slow', async () => {
          await new Promise<void>((resolve) => {
            releaseSlow = resolve;
          });
          return { done: true };
        });
      },
    });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;

    const inFlight = get(`${base}/api/test/slow`);
    await sleep(50);
    const stopping = stopGracefully(testApp.app, 300);
    await sleep(50);
    const health = await get(`${base}/api/health`);
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toMatchObject({ ok: false, reason: 'shutting down' });
    expect((await get(`${base}/api/config`)).status).toBe(200);

    await sleep(350); // the drain is over: the server is closing, with the slow request still running
    releaseSlow();
    const slow = await inFlight;
    expect(slow).toEqual({ status: 200, body: '{"done":true}' });
    await stopping;
    // Stopped: nothing answers any more.
    await expect(get(`${base}/api/health`)).rejects.toThrow();
  }, 15_000);
});
