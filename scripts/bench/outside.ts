/**
 * The identity call measured from outside, three processes: the product started exactly as `npm start` starts
 * it (its stand-ins in the same process, its own default log level), the bench's bare signed-cookie server, and
 * this script with the load generator. Alternating turns, as in `npm run bench` (docs/bench.md).
 *
 *   npx tsx scripts/bench/outside.ts                      npm start on PGlite (a fresh data directory)
 *   npx tsx scripts/bench/outside.ts --product api        server/main.ts alone, as `npm run bench` runs it
 *   npx tsx scripts/bench/outside.ts --env LOG_LEVEL=warn --env SESSION_CACHE_TTL=0
 *   npx tsx scripts/bench/outside.ts --cpu-prof .data/bench/profiles   a CPU profile of each server
 *   BENCH_DATABASE_URL=postgres://… npx tsx scripts/bench/outside.ts   the product on PostgreSQL
 *
 * Ports: --port-base (default 3500) and the next five.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LOCAL_DEFAULTS } from '../../server/config';
import { dropPostgresSchema } from '../../server/db/client';
import { startAuthStandIn } from './auth-stand-in';
import { startBareTarget } from './bare-target';
import { loadInTurns, warmUp } from './load';
import { type ServerProcess, startServerProcess } from './processes';
import { signInAsDemoCustomer } from './session';

const ROOT = resolve(import.meta.dirname, '../..');
const OUT_DIR = join(ROOT, '.data/bench');
const HOST = '127.0.0.1';

const { values } = parseArgs({
  options: {
    product: { type: 'string', default: 'start' },
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '3' },
    'port-base': { type: 'string', default: '3500' },
    'cpu-prof': { type: 'string' },
    env: { type: 'string', multiple: true, default: [] },
  },
});
if (values.product !== 'start' && values.product !== 'api') throw new Error('--product is start or api.');
const [duration, rounds, connections, warmupSeconds, portBase] = [
  values.duration,
  values.rounds,
  values.connections,
  values.warmup,
  values['port-base'],
].map(Number) as [number, number, number, number, number];
const ports = {
  api: portBase,
  auth: portBase + 1,
  mail: portBase + 2,
  dashboard: portBase + 3,
  payments: portBase + 4,
  bare: portBase + 5,
};
const extraEnv = Object.fromEntries(values.env.map((pair) => pair.split(/=(.*)/s).slice(0, 2)));
const profileDir = values['cpu-prof'] ? resolve(values['cpu-prof']) : undefined;
const profiling = (name: string): Record<string, string> =>
  profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${join(profileDir, name)}` } : {};

const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const schema = `bench_${randomBytes(4).toString('hex')}`;
const dataDir = mkdtempSync(join(tmpdir(), 'beacon-outside-'));
mkdirSync(OUT_DIR, { recursive: true });
if (profileDir) mkdirSync(profileDir, { recursive: true });

const apiUrl = `http://${HOST}:${ports.api}`;
const authUrl = `http://${HOST}:${ports.auth}`;
const productEnv: Record<string, string> = {
  PORT: String(ports.api),
  HOST,
  PUBLIC_URL: apiUrl,
  ...(databaseUrl
    ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema }
    : { PGLITE_DATA_DIR: join(dataDir, 'pglite') }),
  ...extraEnv,
  ...profiling('api'),
};
const servers: ServerProcess[] = [];
let standInUrl = authUrl;
let closeStandIn = async () => {};
try {
  servers.push(
    values.product === 'start'
      ? await startServerProcess({
          name: 'npm start',
          command: ['npm', 'start'],
          cwd: ROOT,
          env: {
            ...productEnv,
            EMULATOR_HOST: HOST,
            AUTH_EMULATOR_PORT: String(ports.auth),
            AUTH_EMULATOR_PUBLIC_URL: authUrl,
            MAIL_EMULATOR_PORT: String(ports.mail),
            DASHBOARD_EMULATOR_PORT: String(ports.dashboard),
            PAYMENTS_EMULATOR_PORT: String(ports.payments),
            AUTH_EMULATOR_STATE_FILE: '',
            PAYMENTS_EMULATOR_STATE_FILE: '',
          },
          url: apiUrl,
          readyPath: '/api/health',
          logFile: join(OUT_DIR, 'outside-product.log'),
        })
      : await startApiAlone(),
  );
  const reference = await startBareTarget({
    root: ROOT,
    host: HOST,
    port: ports.bare,
    logFile: join(OUT_DIR, 'outside-bare.log'),
    env: profiling('bare'),
  });
  servers.push(reference.server);

  const anonKey = LOCAL_DEFAULTS.SUPABASE_ANON_KEY;
  const apiCookie = await signInAsDemoCustomer({ apiUrl, authUrl: standInUrl, anonKey });
  const [product] = servers as [ServerProcess];
  const targets = {
    bare: reference.target,
    me: { url: `${apiUrl}/api/auth/me`, cookie: apiCookie, cpuSeconds: product.cpuSeconds },
  };
  if (warmupSeconds > 0) {
    await warmUp(targets.bare, connections, warmupSeconds);
    await warmUp(targets.me, connections, warmupSeconds);
  }
  const from = process.hrtime.bigint() / 1000n;
  const { bare, me } = await loadInTurns(targets, { connections, seconds: duration, rounds });
  // V8's profile clock and hrtime are both the monotonic clock: the summary can leave out start-up and warm-up.
  if (profileDir) {
    const window = { fromMicros: Number(from), toMicros: Number(process.hrtime.bigint() / 1000n) };
    writeFileSync(join(profileDir, 'window.json'), `${JSON.stringify(window)}\n`);
  }
  const line = (name: string, result: typeof bare) =>
    `${name.padEnd(5)} ${Math.round(result.requestsPerSecond).toString().padStart(6)} req/s  p99 ${result.latencyMs.p99} ms  ` +
    `CPU ${Math.round(result.cpuMicrosPerRequest ?? 0)} µs/req  non-2xx+errors ${result.non2xx + result.errors}  turns ${result.slices.map((s) => Math.round(s.requestsPerSecond)).join(' ')}`;
  process.stdout.write(
    `product: ${values.product === 'start' ? 'npm start' : 'server/main.ts'} on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}` +
      `${values.env.length ? ` (${values.env.join(' ')})` : ''}; ${connections} conn., ${duration} s each in ${rounds} turns\n` +
      `${line('bare', bare)}\n${line('me', me)}\n` +
      `me / bare = ${(me.requestsPerSecond / bare.requestsPerSecond).toFixed(2)} (req/s), ` +
      `${((bare.cpuMicrosPerRequest ?? 0) / (me.cpuMicrosPerRequest ?? 1)).toFixed(2)} (CPU per request)\n`,
  );
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await closeStandIn();
  if (databaseUrl) await dropPostgresSchema(databaseUrl, schema);
  rmSync(dataDir, { recursive: true, force: true });
}

/** The product API alone, as `npm run bench` runs it (its default log level), the auth stand-in in this process. */
async function startApiAlone(): Promise<ServerProcess> {
  const emulators = await startAuthStandIn(LOCAL_DEFAULTS.SUPABASE_ANON_KEY, apiUrl);
  standInUrl = emulators.auth?.url ?? authUrl;
  closeStandIn = () => emulators.close();
  return startServerProcess({
    name: 'the product API',
    entry: 'server/main.ts',
    cwd: ROOT,
    env: {
      SUPABASE_URL: standInUrl,
      SUPABASE_ANON_KEY: LOCAL_DEFAULTS.SUPABASE_ANON_KEY,
      ...productEnv,
    },
    url: apiUrl,
    readyPath: '/api/health',
    logFile: join(OUT_DIR, 'outside-api.log'),
  });
}
