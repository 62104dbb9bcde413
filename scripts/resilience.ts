/**
 * `npm run test:resilience`: what the product API loses under load and faults (issue 8 item 8). Not part of
 * `npm test` (it takes minutes); `.ci/run` runs it. The API runs as `tsx server/main.ts` in a child process, the
 * auth stand-in and the load generators in this one. Prints one table and exits 1 unless nothing was lost.
 *
 *   RESILIENCE_SECONDS (default 60)   how long each load runs
 *   RESILIENCE_DATABASE_URL / TEST_DATABASE_URL   PostgreSQL for the scenario that kills its connections and
 *                                                 the billing rows (without one, they are reported as not run)
 *
 * The billing rows (issue 19, scripts/resilience/billing.ts): a slow provider, a duplicate checkout, a refund
 * that half fails, three replicas behind a round-robin.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { dropPostgresSchema } from '../server/db/client';
import { startAuthStandIn } from './bench/auth-stand-in';
import { ANON_KEY, OUT_DIR, startApi } from './resilience/api';
import {
  duplicateCheckout,
  type Row,
  refundHalfFailure,
  slowProvider,
  threeReplicas,
} from './resilience/billing';
import { type LoopOutcome, runLoop } from './resilience/http-loop';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.RESILIENCE_SECONDS ?? 60);
const DATABASE_URL = process.env.RESILIENCE_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';

const rows: Row[] = [];
const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<number> {
  mkdirSync(OUT_DIR, { recursive: true });
  const emulators = await startAuthStandIn(ANON_KEY);
  const authUrl = emulators.auth?.url ?? '';
  try {
    await steadyLoad(authUrl);
    await sigtermUnderLoad(authUrl);
    if (DATABASE_URL) await databaseKilledUnderLoad(authUrl);
    else rows.push(notRun('database connections killed'));
    await idempotentBurst(authUrl);
    // Billing under faults, repeats and replicas (issue 19), on PostgreSQL: each row its own provider and schema.
    for (const [scenario, run] of [
      ['slow provider', slowProvider],
      ['duplicate checkout', duplicateCheckout],
      ['refund half-failure', refundHalfFailure],
      ['three replicas', threeReplicas],
    ] as const) {
      say(`${scenario}…`);
      rows.push(DATABASE_URL ? await run(DATABASE_URL, authUrl) : notRun(scenario));
    }
  } finally {
    await emulators.close();
  }
  printTable();
  return rows.every((row) => row.pass) ? 0 : 1;
}

function settingsBody(): string {
  return JSON.stringify({ settings: { theme: 'dark' } });
}

/** A scenario that needs PostgreSQL, when there is none. */
function notRun(scenario: string): Row {
  return {
    scenario,
    tried: 'needs PostgreSQL (TEST_DATABASE_URL)',
    requests: 0,
    failed: 0,
    detail: 'not run',
    pass: true,
  };
}

/** 50 connections for SECONDS on the identity call and on the settings write: every answer must be 2xx. */
async function steadyLoad(authUrl: string): Promise<void> {
  const { server, url, session } = await startApi(authUrl, 'steady');
  try {
    for (const [method, what] of [
      ['GET', 'GET /api/auth/me'],
      ['PATCH', 'PATCH /api/auth/me (settings)'],
    ] as const) {
      say(`${what}: ${CONNECTIONS} connections for ${SECONDS} s…`);
      const result = await autocannon({
        url: `${url}/api/auth/me`,
        connections: CONNECTIONS,
        duration: SECONDS,
        method,
        headers: method === 'GET' ? { cookie: session.sessionCookie } : session.writeHeaders,
        ...(method === 'PATCH' ? { body: settingsBody() } : {}),
      });
      const failed = result.non2xx + result.errors + result.timeouts;
      rows.push({
        scenario: `steady load, ${what}`,
        tried: `${CONNECTIONS} conn. × ${SECONDS} s`,
        requests: result.requests.total,
        failed,
        detail: `${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms${
          failed > 0
            ? `; ${result.errors} errors, ${result.timeouts} timeouts, answers ${JSON.stringify(result.statusCodeStats)}`
            : ''
        }`,
        pass: failed === 0 && result.requests.total > 0,
      });
    }
  } finally {
    await server.stop();
  }
}

/**
 * SIGTERM in the middle of the load, with the load generators acting as a balancer (they stop sending once
 * readiness answers 503, as a balancer's health check would): every request the server accepted must be answered.
 */
async function sigtermUnderLoad(authUrl: string): Promise<void> {
  const { server, url, session } = await startApi(authUrl, 'sigterm', { SHUTDOWN_DRAIN: '2s' });
  const window = Math.max(6, Math.min(SECONDS, 20));
  say(`SIGTERM after ${window / 2} s of GET and PATCH load…`);
  const stopped = sleep((window / 2) * 1000).then(() => server.stop());
  const common = {
    connections: CONNECTIONS / 2,
    until: stopped,
    closingIs503: true,
    readinessUrl: `${url}/api/health`,
  };
  const outcomes = await Promise.all([
    runLoop({
      ...common,
      url: `${url}/api/auth/me`,
      method: 'GET',
      headers: { cookie: session.sessionCookie },
    }),
    runLoop({
      ...common,
      url: `${url}/api/auth/me`,
      method: 'PATCH',
      headers: session.writeHeaders,
      body: settingsBody(),
    }),
  ]);
  await stopped;
  const total = combine(outcomes);
  const readyLost = outcomes.map((outcome) => outcome.readyLostAtMs).filter((at) => at !== undefined);
  rows.push({
    scenario: 'SIGTERM under load',
    tried: `${CONNECTIONS} conn., SIGTERM at ${window / 2} s (drain 2 s)`,
    requests: total.sent,
    failed: total.lost + failures(total),
    detail: `${total.ok} answered, ${total.refused} refused while closing, ${total.lost} lost ${JSON.stringify(total.lostBy)}, other answers ${JSON.stringify(total.statuses)}`,
    pass: total.lost === 0 && failures(total) === 0 && total.ok > 0 && readyLost.length === outcomes.length,
  });
}

/** pg_terminate_backend on every connection of the API in the middle of write load. */
async function databaseKilledUnderLoad(authUrl: string): Promise<void> {
  const applicationName = `beacon_resilience_${randomBytes(4).toString('hex')}`;
  const schema = `resilience_${randomBytes(4).toString('hex')}`;
  const separator = DATABASE_URL.includes('?') ? '&' : '?';
  const { server, url, session } = await startApi(authUrl, 'database', {
    DATABASE_URL: `${DATABASE_URL}${separator}application_name=${applicationName}`,
    DATABASE_SCHEMA: schema,
    PGLITE_DATA_DIR: '',
    SESSION_CACHE_TTL: '0',
  });
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  try {
    const window = Math.max(6, Math.min(SECONDS, 20));
    say(`Killing the API's database connections after ${window / 2} s of write load…`);
    let killed = 0;
    const end = sleep(window * 1000);
    const kill = sleep((window / 2) * 1000).then(async () => {
      const result = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [applicationName],
      );
      killed = result.rowCount ?? 0;
    });
    const outcome = await runLoop({
      url: `${url}/api/auth/me`,
      method: 'PATCH',
      headers: session.writeHeaders,
      body: settingsBody(),
      connections: CONNECTIONS,
      until: end,
    });
    await kill;
    const health = await fetch(`${url}/api/health`)
      .then((response) => response.status)
      .catch(() => 0);
    const onlyOutages = Object.keys(outcome.statuses).every((status) => status === '503');
    const windowText = outcome.failureWindow
      ? `errors from ${outcome.failureWindow.fromMs} to ${outcome.failureWindow.toMs} ms (${outcome.failureWindow.toMs - outcome.failureWindow.fromMs} ms)`
      : 'no error window';
    rows.push({
      scenario: 'database connections killed',
      tried: `${killed} backends terminated at ${window / 2} s, ${CONNECTIONS} conn.`,
      requests: outcome.sent,
      failed: outcome.lost + failures(outcome),
      detail: `server ${health === 200 ? 'up' : `DOWN (${health})`}; ${windowText}; ${JSON.stringify(outcome.statuses)}`,
      pass: health === 200 && outcome.lost === 0 && onlyOutages && killed > 0,
    });
  } finally {
    await admin.end();
    await server.stop();
    await dropPostgresSchema(DATABASE_URL, schema);
  }
}

/** Ten identical signup creations at once: one record, whatever the interleaving. */
async function idempotentBurst(authUrl: string): Promise<void> {
  const { server, url, session } = await startApi(authUrl, 'burst', {
    RATE_LIMIT_SIGNUPS_ACCOUNT_MAX: '100',
  });
  try {
    const body = JSON.stringify({ name: 'Demo Customer', email: 'customer@example.com', plan: 'pro' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`${url}/api/signups`, { method: 'POST', headers: session.writeHeaders, body }).then(
          (r) => r.status,
        ),
      ),
    );
    const created = answers.filter((status) => status === 201).length;
    const duplicates = answers.filter((status) => status === 409).length;
    const lookup = await fetch(`${url}/api/signups?email=customer@example.com`, {
      headers: { cookie: session.sessionCookie },
    });
    const records = ((await lookup.json()) as unknown[]).length;
    rows.push({
      scenario: 'idempotent burst',
      tried: '10 parallel identical POST /api/signups',
      requests: answers.length,
      failed: answers.length - created - duplicates,
      detail: `${created} × 201, ${duplicates} × 409, ${records} record stored`,
      pass: created === 1 && duplicates === 9 && records === 1,
    });
  } finally {
    await server.stop();
  }
}

function combine(outcomes: LoopOutcome[]): LoopOutcome {
  const statuses: Record<number, number> = {};
  for (const outcome of outcomes)
    for (const [status, count] of Object.entries(outcome.statuses))
      statuses[Number(status)] = (statuses[Number(status)] ?? 0) + count;
  const sum = (pick: (outcome: LoopOutcome) => number) => outcomes.reduce((total, o) => total + pick(o), 0);
  return {
    sent: sum((o) => o.sent),
    ok: sum((o) => o.ok),
    refused: sum((o) => o.refused),
    lost: sum((o) => o.lost),
    statuses,
    lostBy: Object.assign({}, ...outcomes.map((o) => o.lostBy)),
    failureWindow: null,
  };
}

const failures = (outcome: LoopOutcome) => Object.values(outcome.statuses).reduce((total, n) => total + n, 0);

function printTable(): void {
  const header = ['scenario', 'what was tried', 'requests', 'lost/failed', 'detail', 'result'];
  const body = rows.map((row) => [
    row.scenario,
    row.tried,
    String(row.requests),
    String(row.failed),
    row.detail,
    row.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((line) => line[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  say('');
  say(line(header));
  say(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const cells of body) say(line(cells));
  say('');
  say(
    rows.every((row) => row.pass)
      ? 'Nothing was lost.'
      : 'Something was lost: see FAIL above and .data/resilience/*.log.',
  );
}

process.exitCode = await main();
