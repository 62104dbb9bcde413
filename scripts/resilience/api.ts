import { join, resolve } from 'node:path';
import { freePort, type ServerProcess, startServerProcess } from '../bench/processes';
import { type SignedIn, signInForWrites } from '../bench/session';

// The product API as `tsx server/main.ts` runs it, in a child process of its own, for the resilience scenarios.

export const ROOT = resolve(import.meta.dirname, '../..');
export const OUT_DIR = join(ROOT, '.data/resilience');
export const HOST = '127.0.0.1';
export const ANON_KEY = 'resilience-anon-key';

/**
 * One API process on a free loopback port. `env` comes on top of a quiet local setup on an embedded database;
 * `publicUrl` is its public address when it sits behind a balancer (default: its own).
 */
export async function startApiServer(
  authUrl: string,
  name: string,
  env: Record<string, string> = {},
  publicUrl?: string,
): Promise<{ server: ServerProcess; url: string }> {
  const port = await freePort(HOST);
  const url = `http://${HOST}:${port}`;
  const server = await startServerProcess({
    name: 'the product API',
    entry: 'server/main.ts',
    cwd: ROOT,
    env: {
      PORT: String(port),
      HOST,
      PUBLIC_URL: publicUrl ?? url,
      LOG_LEVEL: 'warn',
      SUPABASE_URL: authUrl,
      SUPABASE_ANON_KEY: ANON_KEY,
      SEED_DEMO: 'false',
      PGLITE_DATA_DIR: 'memory://',
      ...env,
    },
    url,
    readyPath: '/api/health',
    logFile: join(OUT_DIR, `${name}.log`),
  });
  return { server, url };
}

/** An API process and the demo customer signed in on it. */
export async function startApi(
  authUrl: string,
  name: string,
  env: Record<string, string> = {},
): Promise<{ server: ServerProcess; url: string; session: SignedIn }> {
  const { server, url } = await startApiServer(authUrl, name, env);
  try {
    return { server, url, session: await signInForWrites({ apiUrl: url, authUrl, anonKey: ANON_KEY }) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
