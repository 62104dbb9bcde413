import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AccessLog } from '../../server/lib/access-log';

/** A Fastify instance whose log lines land in `lines` (parsed JSON). */
async function appWithLog(lines: Record<string, unknown>[]) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, logController: new AccessLog() });
  app.get('/api/thing', async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('the access log (server/lib/access-log.ts)', () => {
  it('writes one line per request, with the method, the path, the status and the time taken', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await appWithLog(lines);
    await app.inject({ method: 'GET', url: '/api/thing?x=1' });
    await app.inject({ method: 'GET', url: '/nowhere' });
    await app.close();

    const requests = lines.filter((line) => line.reqId !== undefined);
    expect(requests).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/thing?x=1' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
      expect.objectContaining({ msg: 'Route GET:/nowhere not found' }),
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ url: '/nowhere' }),
        res: { statusCode: 404 },
      }),
    ]);
  });
});
