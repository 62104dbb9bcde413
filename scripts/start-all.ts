import { resolve } from 'node:path';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { parseEmulatorEnv } from '../emulators/env';
import { type RunningEmulators, startAllEmulators } from '../emulators/main';
import { LOCAL_DEFAULTS } from '../server/config';
import { configOrExit, startApiServer, stopGracefully } from '../server/main';
import { buildSpa, spaBuildIsStale } from './lib/spa-build';
import { standInRefusal, standInsToStart } from './lib/stand-ins';

// `npm start`: the whole product in one process tree on embedded defaults — the SPA build (when stale), the auth
// service stand-in with its inbox, the dashboard stand-in, and the product API serving the SPA on an embedded
// database. Every server setting of .env.example still applies; this script only derives the addresses that tie
// the pieces together. Pointing SUPABASE_URL, DASHBOARD_URL or STRIPE_API_URL elsewhere skips the matching stand-in;
// outside local mode the payments stand-in never runs (an unset STRIPE_API_URL is Stripe itself).

const flag = v.pipe(
  v.optional(v.picklist(['true', 'false', '1', '0'], 'must be true or false'), 'false'),
  v.transform((value) => value === 'true' || value === '1'),
);

const startEnvSchema = v.object({
  PORT: v.pipe(v.optional(v.string(), '3000'), v.transform(Number), v.integer('must be a whole number')),
  PUBLIC_URL: v.optional(v.pipe(v.string(), v.url('must be an absolute URL'))),
  SITE_URL: v.optional(v.pipe(v.string(), v.url('must be an absolute URL'))),
  /** Set (even empty) => a real auth service, or none: no local stand-in. */
  SUPABASE_URL: v.optional(v.string()),
  SUPABASE_ANON_KEY: v.optional(v.string()),
  DASHBOARD_URL: v.optional(v.string()),
  /** Set (even empty, meaning Stripe itself) => no local payments stand-in; never one outside local mode. */
  STRIPE_API_URL: v.optional(v.string()),
  STRIPE_WEBHOOK_SECRET: v.optional(v.string()),
  DATABASE_URL: v.optional(v.string()),
  SPA_DIST: v.optional(v.string(), 'dist'),
  /** A throw-away database and in-memory emulator state (the end-to-end suite): every run starts from the seed. */
  E2E_EPHEMERAL: flag,
});

type StartEnv = v.InferOutput<typeof startEnvSchema>;

function parseStartEnv(environment: NodeJS.ProcessEnv): StartEnv {
  const result = v.safeParse(startEnvSchema, environment);
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => `  ${v.getDotPath(issue) ?? '(env)'}: ${issue.message}`);
  process.stderr.write(`Invalid start settings:\n${problems.join('\n')}\n`);
  process.exit(1);
}

const root = resolve(import.meta.dirname, '..');
const env = parseStartEnv(process.env);
const refusal = standInRefusal(process.env);
if (refusal) {
  process.stderr.write(`${refusal}\n`);
  process.exit(1);
}
const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
const anonKey = env.SUPABASE_ANON_KEY || LOCAL_DEFAULTS.SUPABASE_ANON_KEY;

const distDir = resolve(root, env.SPA_DIST);
if (spaBuildIsStale(root, distDir)) {
  process.stdout.write('Building the SPA (first start, or sources changed)…\n');
  await buildSpa(root);
}

const emulatorEnv = parseEmulatorEnv({
  ...process.env,
  SITE_URL: env.SITE_URL ?? publicUrl,
  AUTH_EMULATOR_ANON_KEY: anonKey,
  // The stand-in signs webhooks with the secret the server verifies them with.
  PAYMENTS_EMULATOR_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET ?? LOCAL_DEFAULTS.STRIPE_WEBHOOK_SECRET,
  ...(env.E2E_EPHEMERAL && { AUTH_EMULATOR_STATE_FILE: '', PAYMENTS_EMULATOR_STATE_FILE: '' }),
});
const authEmulatorUrl =
  emulatorEnv.AUTH_EMULATOR_PUBLIC_URL ?? `http://localhost:${emulatorEnv.AUTH_EMULATOR_PORT}`;

let emulators: RunningEmulators | undefined;
let api: FastifyInstance | undefined;

let drainMs = 0;

closeWithGrace({ delay: 60_000 }, async ({ signal, err }) => {
  if (err) process.stderr.write(`${describeStartError(err)}\n`);
  else if (signal) process.stdout.write(`\n${signal}: stopping…\n`);
  if (api) await stopGracefully(api, err ? 0 : drainMs);
  await emulators?.close();
});

emulators = await startAllEmulators(
  { ...emulatorEnv, AUTH_EMULATOR_PUBLIC_URL: authEmulatorUrl },
  standInsToStart(process.env),
);

const serverConfig = configOrExit({
  ...process.env,
  PORT: String(env.PORT),
  PUBLIC_URL: publicUrl,
  SPA_DIST: distDir,
  SUPABASE_URL: env.SUPABASE_URL ?? authEmulatorUrl,
  SUPABASE_ANON_KEY: anonKey,
  DASHBOARD_URL: env.DASHBOARD_URL ?? emulators.dashboard?.url,
  STRIPE_API_URL: env.STRIPE_API_URL ?? emulators.payments?.url,
  ...(env.E2E_EPHEMERAL && !env.DATABASE_URL && { PGLITE_DATA_DIR: 'memory://' }),
});
drainMs = serverConfig.shutdownDrainMs;
api = await startApiServer(serverConfig);

printAddresses();

function describeStartError(error: Error & { code?: string; port?: number }): string {
  if (error.code === 'EADDRINUSE') {
    return `Port ${error.port} is already in use — is another \`npm start\` running? Stop it, or choose other ports (PORT, AUTH_EMULATOR_PORT, MAIL_EMULATOR_PORT, DASHBOARD_EMULATOR_PORT, PAYMENTS_EMULATOR_PORT).`;
  }
  return `Stopping after an error: ${error.stack ?? error.message}`;
}

function printAddresses(): void {
  const rows: [string, string][] = [['Beacon RMM (SPA + API under /api)', publicUrl]];
  if (emulators?.auth) rows.push(['Auth service stand-in (Supabase Auth)', `${emulators.auth.url}/auth/v1`]);
  if (emulators?.mail) rows.push(['Mail inbox (confirmation and reset e-mails)', emulators.mail.url]);
  if (emulators?.dashboard) rows.push(['Monitoring dashboard stand-in', emulators.dashboard.url]);
  if (emulators?.payments)
    rows.push(['Payments stand-in (Stripe API, Checkout, portal)', emulators.payments.url]);
  const database =
    serverConfig.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : serverConfig.database.dataDir;
  rows.push(['Database', database]);
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`);
  if (serverConfig.seedDemo && emulators?.auth) {
    lines.push(
      '',
      '  Demo accounts (local only):',
      '    customer@example.com / Customer123!',
      '    admin@example.com    / Admin123!   (admin)',
    );
    if (emulators?.payments) {
      lines.push('  Test card (payments stand-in): 4242 4242 4242 4242, any future expiry, any CVC');
    }
  }
  process.stdout.write(`\nBeacon RMM is running.\n${lines.join('\n')}\n\nCtrl-C stops everything.\n`);
}
