import { randomBytes } from 'node:crypto';
import { sign } from '@fastify/cookie';
import type { Target } from './load';
import { type ServerProcess, startServerProcess } from './processes';

const BARE_COOKIE = 'bench_sid';

/**
 * The reference of the identity call's budget: the bare signed-cookie server (./bare-server.ts) in a child process
 * of its own, and the target that loads it with a cookie it accepts. `env` adds to its settings (a CPU profile).
 */
export async function startBareTarget(options: {
  root: string;
  host: string;
  port: number;
  logFile: string;
  env?: Record<string, string>;
}): Promise<{ server: ServerProcess; target: Target }> {
  const secret = randomBytes(32).toString('hex');
  const url = `http://${options.host}:${options.port}`;
  const server = await startServerProcess({
    name: 'the bare server',
    entry: 'scripts/bench/bare-server.ts',
    cwd: options.root,
    env: {
      PORT: String(options.port),
      HOST: options.host,
      BARE_COOKIE_NAME: BARE_COOKIE,
      BARE_COOKIE_SECRET: secret,
      ...options.env,
    },
    url,
    readyPath: '/health',
    logFile: options.logFile,
  });
  const cookie = `${BARE_COOKIE}=${encodeURIComponent(sign(randomBytes(32).toString('base64url'), secret))}`;
  return { server, target: { url: `${url}/bare`, cookie, cpuSeconds: server.cpuSeconds } };
}
