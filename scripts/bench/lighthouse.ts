import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as v from 'valibot';
import type { BudgetCheck } from '../lib/budget-table';

// Lighthouse's own mobile preset (slow 4G and a 4x slower CPU, as a mid-range phone), run in Debian's Chromium, with
// both of its throttling methods: `simulate` (its default: an unthrottled load, then a model of the throttled one)
// and `devtools` (the throttling applied to the load itself). On localhost the unthrottled load has every script
// downloaded before the first paint, so the simulation counts them as holding up the largest paint, which over a
// real network they do not. One run is noisy, so each method takes the median of several by performance score, as
// Lighthouse's documentation recommends.

export type ThrottlingMethod = 'simulate' | 'devtools';

export const LANDING_BUDGETS = { score: 98, lcpMs: 1500, tbtMs: 100, cls: 0 } as const;

const numericAudit = v.object({ numericValue: v.number() });
const reportSchema = v.object({
  categories: v.object({ performance: v.object({ score: v.number() }) }),
  audits: v.object({
    'first-contentful-paint': numericAudit,
    'largest-contentful-paint': numericAudit,
    'total-blocking-time': numericAudit,
    'cumulative-layout-shift': numericAudit,
  }),
});

/** Lighthouse sometimes loses a run's trace (NO_NAVSTART, "Please run Lighthouse again"): that run is repeated. */
const ATTEMPTS_PER_RUN = 3;

async function withRetries<T>(attempts: number, run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

export type LighthouseRun = {
  url: string;
  throttlingMethod: ThrottlingMethod;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Every run's score, in the order they ran. */
  scores: number[];
};

export async function runLighthouse(options: {
  root: string;
  url: string;
  runs: number;
  throttlingMethod: ThrottlingMethod;
  chromiumPath: string;
}): Promise<LighthouseRun> {
  const workDir = await mkdtemp(join(tmpdir(), 'beacon-lighthouse-'));
  try {
    const results: Omit<LighthouseRun, 'url' | 'throttlingMethod' | 'scores'>[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      const reportFile = join(workDir, `run-${run}.json`);
      await withRetries(ATTEMPTS_PER_RUN, () =>
        promisify(execFile)(
          process.execPath,
          [
            join(options.root, 'node_modules/lighthouse/cli/index.js'),
            options.url,
            '--quiet',
            '--only-categories=performance',
            `--throttling-method=${options.throttlingMethod}`,
            '--output=json',
            `--output-path=${reportFile}`,
            '--chrome-flags=--headless=new --no-sandbox',
          ],
          { env: { ...process.env, CHROME_PATH: options.chromiumPath }, maxBuffer: 16 * 1024 * 1024 },
        ),
      );
      const report = v.parse(reportSchema, JSON.parse(await readFile(reportFile, 'utf8')));
      results.push({
        score: Math.round(report.categories.performance.score * 100),
        fcpMs: report.audits['first-contentful-paint'].numericValue,
        lcpMs: report.audits['largest-contentful-paint'].numericValue,
        tbtMs: report.audits['total-blocking-time'].numericValue,
        cls: report.audits['cumulative-layout-shift'].numericValue,
      });
    }
    return {
      url: options.url,
      throttlingMethod: options.throttlingMethod,
      ...medianByScore(results),
      scores: results.map((result) => result.score),
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** The run with the median performance score (the upper middle one of an even count). */
export function medianByScore<Run extends { score: number }>(runs: readonly Run[]): Run {
  const median = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];
  if (!median) throw new Error('Lighthouse needs at least one run.');
  return median;
}

export function lighthouseChecks(run: LighthouseRun): BudgetCheck[] {
  const ofRuns = `median of ${run.scores.length}: ${run.scores.join(', ')}`;
  const method = run.throttlingMethod === 'simulate' ? 'simulated' : 'applied';
  return [
    {
      what: `landing Lighthouse (mobile, ${method})`,
      measured: `performance ${run.score}`,
      budget: `>= ${LANDING_BUDGETS.score}`,
      pass: run.score >= LANDING_BUDGETS.score,
      note: ofRuns,
    },
    {
      what: `landing LCP (${method})`,
      measured: seconds(run.lcpMs),
      budget: `<= ${seconds(LANDING_BUDGETS.lcpMs)}`,
      pass: run.lcpMs <= LANDING_BUDGETS.lcpMs,
      note: `FCP ${seconds(run.fcpMs)}`,
    },
    {
      what: `landing TBT (${method})`,
      measured: `${Math.round(run.tbtMs)} ms`,
      budget: `<= ${LANDING_BUDGETS.tbtMs} ms`,
      pass: run.tbtMs <= LANDING_BUDGETS.tbtMs,
    },
    {
      what: `landing CLS (${method})`,
      measured: run.cls.toFixed(3),
      budget: `${LANDING_BUDGETS.cls}`,
      pass: run.cls <= LANDING_BUDGETS.cls,
    },
  ];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
