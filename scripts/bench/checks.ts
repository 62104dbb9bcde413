import type { BudgetCheck } from '../lib/budget-table';
import type { LoadResult } from './load';
import type { ModelTestsRun } from './model-tests';

/** DESIGN.md section 7: the budgets that need a running system or a clock. */
export const TIMED_BUDGETS = {
  /** GET /api/auth/me's req/s as a share of the bare signed-cookie route's, measured in the same run. */
  meShareOfBare: 0.6,
  meP99Ms: 10,
  /** The connection count the p99 budget is set at. */
  connections: 50,
  modelTestsSeconds: 20,
} as const;

export function httpChecks(bare: LoadResult, me: LoadResult): BudgetCheck[] {
  const share = me.requestsPerSecond / bare.requestsPerSecond;
  const atConnections = `at ${me.connections} conn.`;
  const failures = me.non2xx + me.errors;
  return [
    {
      what: 'bare signed-cookie route',
      measured: `${perSecond(bare)}, p99 ${ms(bare.latencyMs.p99)}`,
      budget: 'reference',
      pass: null,
      note: [cpu(bare), bare.non2xx + bare.errors > 0 && `${bare.non2xx + bare.errors} non-2xx or errors`]
        .filter(Boolean)
        .join('; '),
    },
    {
      what: 'GET /api/auth/me req/s',
      measured: `${perSecond(me)} (${percent(share)} of bare)`,
      budget: `>= ${percent(TIMED_BUDGETS.meShareOfBare)} of bare`,
      pass: share >= TIMED_BUDGETS.meShareOfBare,
      note: cpu(me),
    },
    {
      what: 'GET /api/auth/me p99 latency',
      measured: `${ms(me.latencyMs.p99)} ${atConnections}`,
      budget: `< ${TIMED_BUDGETS.meP99Ms} ms at ${TIMED_BUDGETS.connections} conn.`,
      pass: me.latencyMs.p99 < TIMED_BUDGETS.meP99Ms,
      ...(me.connections !== TIMED_BUDGETS.connections && { note: 'not at the budget connection count' }),
    },
    {
      what: 'GET /api/auth/me non-2xx',
      measured: `${failures} of ${me.requests.toLocaleString('en-US')}`,
      budget: '0',
      pass: failures === 0,
      ...(me.errors > 0 && { note: `${me.errors} connection errors or timeouts` }),
    },
  ];
}

export function modelTestsCheck(run: ModelTestsRun): BudgetCheck {
  return {
    what: 'model-based tests',
    measured: `${run.seconds.toFixed(1)} s`,
    budget: `< ${TIMED_BUDGETS.modelTestsSeconds} s`,
    pass: run.passed && run.seconds < TIMED_BUDGETS.modelTestsSeconds,
    ...(!run.passed && { note: `tests failed, see ${run.logFile}` }),
  };
}

const perSecond = (result: LoadResult) =>
  `${Math.round(result.requestsPerSecond).toLocaleString('en-US')} req/s`;
/** autocannon's latency percentiles are whole milliseconds; its means are not. */
const ms = (value: number) => `${Math.round(value * 10) / 10} ms`;
const percent = (share: number) => `${Math.round(share * 100)} %`;
/** The server's CPU per request: steadier than req/s on a shared machine (see docs/bench.md). */
const cpu = (result: LoadResult) =>
  result.cpuMicrosPerRequest === null
    ? ''
    : `server CPU ${Math.round(result.cpuMicrosPerRequest)} µs/request`;
