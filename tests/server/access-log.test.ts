import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AccessLog } from '../../server/lib/access-log';

/** A Fastify instance whose log lines at `level` land in `lines` (parsed JSON). */
async function appWithLog(level: string, lines: Record<string, unknown>[]) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new AccessLog() });
  app.get('/api/thing', async () => ({ ok: true }));
  app.post('/api/thing', async () => ({ ok: true }));
  await app.ready();
  return app;
}

const accessLines = (lines: Record<string, unknown>[]) =>
  lines.filter((line) => line.msg === 'request completed');

describe('the access log (server/lib/access-log.ts)', () => {
  it('writes one line per request, with the method, the path, the status and the time taken', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await appWithLog('debug', lines);
    await app.inject({ method: 'GET', url: '/api/thing?x=1' });
    await app.close();

    expect(lines.filter((line) => line.reqId !== undefined)).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/thing?x=1' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('keeps writes and refusals at info, and successful reads at debug', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await appWithLog('info', lines);
    await app.inject({ method: 'GET', url: '/api/thing' });
    await app.inject({ method: 'POST', url: '/api/thing' });
    await app.inject({ method: 'GET', url: '/nowhere' });
    await app.close();

    expect(accessLines(lines).map((line) => [(line.req as { method: string }).method, line.res])).toEqual([
      ['POST', { statusCode: 200 }],
      ['GET', { statusCode: 404 }],
    ]);
  });
});
