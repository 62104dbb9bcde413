/**
 * `npm run bench`: measures the budgets of DESIGN.md section 7 on this machine, prints one table, writes the
 * numbers to .data/bench/latest.json and exits 1 when a budget is missed (see docs/bench.md).
 *
 *   npm run bench                                  10 s of load per route at 50 connections, in 5 turns
 *                                                  of 2 s each, after 3 s of warm-up
 *   npm run bench -- --duration 30 --rounds 10 --connections 100 --warmup 5
 *   npm run bench -- --lighthouse-runs 5          Lighthouse runs of each page (0 skips them): the visitor's
 *                                                  landing page and the signed-in pages, in turns (issue 22)
 *   BENCH_DATABASE_URL=postgres://… npm run bench  the API on PostgreSQL (a throw-away schema) instead of
 *                                                  in-memory PGlite
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { dropPostgresSchema } from '../server/db/client';
import { startAuthStandIn } from './bench/auth-stand-in';
import { startBareTarget } from './bench/bare-target';
import { httpChecks, modelTestsCheck } from './bench/checks';
import { type LighthouseRun, lighthouseChecks, runLighthouse } from './bench/lighthouse';
import { type LoadResult, loadInTurns, warmUp } from './bench/load';
import { timeModelTests } from './bench/model-tests';
import { measurePages, type PagesRun, pageChecks, pagesMarkdown } from './bench/pages';
import { freePort, type ServerProcess, startServerProcess } from './bench/processes';
import { startProduct } from './bench/product';
import { signInAsDemoCustomer } from './bench/session';
import { allPass, type BudgetCheck, formatBudgetTable } from './lib/budget-table';
import { checkBundleBudgets, measureBundle } from './lib/bundle-size';
import { buildSpa, spaBuildIsStale } from './lib/spa-build';

const ROOT = resolve(import.meta.dirname, '..');
const OUT_DIR = join(ROOT, '.data/bench');
const HOST = '127.0.0.1';
const ANON_KEY = 'bench-anon-key';

const count = (name: string, min: number) =>
  v.pipe(
    v.string(),
    v.transform(Number),
    v.integer(`--${name} must be a whole number.`),
    v.minValue(min, `--${name} must be at least ${min}.`),
  );

const settingsSchema = v.pipe(
  v.object({
    duration: count('duration', 1),
    rounds: count('rounds', 1),
    connections: count('connections', 1),
    warmup: count('warmup', 0),
    lighthouseRuns: count('lighthouse-runs', 0),
    databaseUrl: v.optional(
      v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'BENCH_DATABASE_URL must be a postgres:// URL.')),
    ),
  }),
  v.check(
    (settings) => settings.duration >= settings.rounds,
    '--duration must be at least --rounds (each turn lasts duration / rounds seconds).',
  ),
);

type Settings = v.InferOutput<typeof settingsSchema>;

function readSettings(): Settings {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '50' },
      warmup: { type: 'string', default: '3' },
      'lighthouse-runs': { type: 'string', default: '3' },
    },
  });
  const { 'lighthouse-runs': lighthouseRuns, ...load } = values;
  const parsed = v.safeParse(settingsSchema, {
    ...load,
    lighthouseRuns,
    databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  });
  if (parsed.success) return parsed.output;
  process.stderr.write(`${parsed.issues.map((issue) => issue.message).join('\n')}\n`);
  process.exit(2);
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function measureBundleSizes() {
  const distDir = join(ROOT, 'dist');
  if (spaBuildIsStale(ROOT, distDir)) {
    say('Building the SPA (dist/ is missing or older than its sources)…');
    await buildSpa(ROOT);
  }
  return measureBundle(distDir);
}

const apiAddress = (port: number) => `http://${HOST}:${port}`;

/**
 * The product API (`server/main.ts`) in a child process of its own, on `port` (default: a free one), logging as
 * it does by default (LOG_LEVEL info, JSON lines to a file): the budget is about the product as it runs.
 */
async function startApiProcess(
  env: Record<string, string>,
  logName: string,
  port?: number,
): Promise<ServerProcess> {
  const apiPort = port ?? (await freePort(HOST));
  const url = apiAddress(apiPort);
  return startServerProcess({
    name: 'the product API',
    entry: 'server/main.ts',
    cwd: ROOT,
    env: { PORT: String(apiPort), HOST, PUBLIC_URL: url, ...env },
    url,
    readyPath: '/api/health',
    logFile: join(OUT_DIR, logName),
  });
}

type LighthouseResults = { pages: PagesRun; applied: LighthouseRun } | null;

/**
 * Lighthouse on the product as `npm start` runs it: the visitor's landing page and the signed-in pages in turns,
 * with the simulated throttling (scripts/bench/pages.ts), then the landing page with the throttling applied.
 */
async function measureLighthouse(settings: Settings): Promise<LighthouseResults> {
  if (settings.lighthouseRuns === 0) return null;
  const product = await startProduct({ root: ROOT, logFile: join(OUT_DIR, 'lighthouse-product.log') });
  const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  try {
    const pages = await measurePages({
      root: ROOT,
      appUrl: product.url,
      chromiumPath,
      runs: settings.lighthouseRuns,
      cores: cpus().length,
      say,
    });
    say(`Running Lighthouse on the landing page (mobile, devtools, ${settings.lighthouseRuns} runs)…`);
    const applied = await runLighthouse({
      root: ROOT,
      url: `${product.url}/Landing`,
      runs: settings.lighthouseRuns,
      throttlingMethod: 'devtools',
      chromiumPath,
    });
    return { pages, applied };
  } finally {
    await product.stop();
  }
}

const DOCS_FILE = join(ROOT, 'docs/bench.md');
const DOCS_START = '<!-- bench:pages -->';
const DOCS_END = '<!-- /bench:pages -->';

/** Writes the pages' table and where their time goes between the markers in docs/bench.md. */
function writePagesToDocs(pages: PagesRun, command: string): void {
  const docs = readFileSync(DOCS_FILE, 'utf8');
  const start = docs.indexOf(DOCS_START);
  const end = docs.indexOf(DOCS_END);
  if (start < 0 || end < start) {
    say(`docs/bench.md has no ${DOCS_START} … ${DOCS_END} section: the pages' table is only in latest.json.`);
    return;
  }
  const when = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const section = pagesMarkdown(pages, { when, command });
  writeFileSync(DOCS_FILE, `${docs.slice(0, start + DOCS_START.length)}\n${section}\n${docs.slice(end)}`);
  say("The pages' table and where their time goes are in docs/bench.md.");
}

type HttpRun = { database: string; bare: LoadResult; me: LoadResult };

/**
 * The product API (with a real session from the auth emulator) and the bare reference server, each in a child
 * process, loaded in turns in the same run so that the comparison sees the same machine.
 */
async function measureHttp(settings: Settings): Promise<HttpRun> {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const database: Record<string, string> = settings.databaseUrl
    ? { DATABASE_URL: settings.databaseUrl, DATABASE_SCHEMA: schema }
    : { PGLITE_DATA_DIR: 'memory://' };
  const servers: ServerProcess[] = [];
  const apiPort = await freePort(HOST);
  const apiUrl = apiAddress(apiPort);
  const emulators = await startAuthStandIn(ANON_KEY, apiUrl);
  try {
    const authUrl = emulators.auth?.url;
    if (!authUrl) throw new Error('The auth emulator did not start.');
    servers.push(
      await startApiProcess(
        { SUPABASE_URL: authUrl, SUPABASE_ANON_KEY: ANON_KEY, ...database },
        'api.log',
        apiPort,
      ),
    );
    const reference = await startBareTarget({
      root: ROOT,
      host: HOST,
      port: await freePort(HOST),
      logFile: join(OUT_DIR, 'bare.log'),
    });
    servers.push(reference.server);

    const apiCookie = await signInAsDemoCustomer({ apiUrl, authUrl, anonKey: ANON_KEY });
    const [api] = servers as [ServerProcess];
    const targets = {
      bare: reference.target,
      me: { url: `${apiUrl}/api/auth/me`, cookie: apiCookie, cpuSeconds: api.cpuSeconds },
    };
    const { connections, duration, rounds } = settings;
    if (settings.warmup > 0) {
      say(`Warming up both servers (${settings.warmup} s each)…`);
      await warmUp(targets.bare, connections, settings.warmup);
      await warmUp(targets.me, connections, settings.warmup);
    }
    say(
      `Loading the bare route and GET /api/auth/me in turns (${duration} s each in ${rounds} turns, ${connections} conn.)…`,
    );
    const { bare, me } = await loadInTurns(targets, { connections, seconds: duration, rounds });
    return {
      database: settings.databaseUrl ? `PostgreSQL (schema ${schema})` : 'PGlite in memory',
      bare,
      me,
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await emulators.close();
    if (settings.databaseUrl) await dropPostgresSchema(settings.databaseUrl, schema);
  }
}

async function main(): Promise<number> {
  const settings = readSettings();
  mkdirSync(OUT_DIR, { recursive: true });

  const bundle = await measureBundleSizes();
  say('Timing the model-based tests…');
  const modelTests = await timeModelTests(ROOT, join(OUT_DIR, 'model-tests.log'));
  const lighthouse = await measureLighthouse(settings);
  const http = await measureHttp(settings);

  const checks: BudgetCheck[] = [
    ...httpChecks(http.bare, http.me),
    ...checkBundleBudgets(bundle),
    ...(lighthouse
      ? [
          ...lighthouseChecks(lighthouse.pages.visitor),
          ...lighthouseChecks(lighthouse.applied),
          ...pageChecks(lighthouse.pages),
        ]
      : []),
    modelTestsCheck(modelTests),
  ];
  const pass = allPass(checks);
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}`;
  say('');
  say(`Budgets of DESIGN.md section 7 — Node ${process.version}, ${machine}`);
  say(
    `API database: ${http.database}; load: autocannon, ${settings.connections} connections, ` +
      `${settings.duration} s per route in ${settings.rounds} alternating turns`,
  );
  say(formatBudgetTable(checks));

  const resultsFile = join(OUT_DIR, 'latest.json');
  // The database URL may hold a password: the file names the engine only.
  const { databaseUrl: _url, ...measured } = settings;
  const results = {
    measuredAt: new Date().toISOString(),
    node: process.version,
    machine,
    settings: { ...measured, database: http.database },
    pass,
  };
  writeFileSync(
    resultsFile,
    `${JSON.stringify({ ...results, checks, http, bundle, lighthouse, modelTests }, null, 2)}\n`,
  );
  if (lighthouse) {
    const args = process.argv.slice(2).join(' ');
    writePagesToDocs(lighthouse.pages, args ? `npm run bench -- ${args}` : 'npm run bench');
  }
  say(`\n${pass ? 'All budgets met.' : 'Budget missed.'} Numbers in ${resultsFile}`);
  return pass ? 0 : 1;
}

process.exitCode = await main();
