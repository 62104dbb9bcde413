import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as v from 'valibot';
import type { BudgetCheck } from '../lib/budget-table';
import { describeWaves, requestWaves } from './request-waves';

// Lighthouse's own mobile preset (slow 4G and a 4x slower CPU, as a mid-range phone), run in Debian's Chromium, with
// both of its throttling methods: `simulate` (its default: an unthrottled load, then a model of the throttled one)
// and `devtools` (the throttling applied to the load itself). On localhost the unthrottled load has every script
// downloaded before the first paint, so the simulation counts them as holding up the largest paint, which over a
// real network they do not. One run is noisy, so each method takes the median of several by performance score, as
// Lighthouse's documentation recommends.

export type ThrottlingMethod = 'simulate' | 'devtools';

export const LANDING_BUDGETS = { score: 98, lcpMs: 1500, tbtMs: 100, cls: 0 } as const;

const numericAudit = v.object({ numericValue: v.number() });
const tableOf = <T extends v.GenericSchema>(item: T) =>
  v.object({ details: v.optional(v.object({ items: v.array(item) }), { items: [] }) });
const reportSchema = v.object({
  categories: v.object({ performance: v.object({ score: v.number() }) }),
  audits: v.object({
    'first-contentful-paint': numericAudit,
    'largest-contentful-paint': numericAudit,
    'total-blocking-time': numericAudit,
    'cumulative-layout-shift': numericAudit,
    'network-requests': tableOf(
      v.object({
        url: v.string(),
        resourceType: v.optional(v.string()),
        networkRequestTime: v.number(),
        networkEndTime: v.number(),
        transferSize: v.number(),
      }),
    ),
    'mainthread-work-breakdown': tableOf(v.object({ groupLabel: v.string(), duration: v.number() })),
    'bootup-time': tableOf(v.object({ url: v.string(), scripting: v.number() })),
    'lcp-breakdown-insight': tableOf(
      v.looseObject({ type: v.string(), nodeLabel: v.optional(v.string()), snippet: v.optional(v.string()) }),
    ),
  }),
});

type Report = v.InferOutput<typeof reportSchema>;

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
  /** Where the median run's time went (optional: older result files have none). */
  profile?: LoadProfile;
};

/** Where one load's time went, read from its report. */
export type LoadProfile = {
  /** The request waves (./request-waves.ts), one line each. */
  waves: string[];
  /** Transfer size of every script the page loaded, in bytes. */
  scriptBytes: number;
  /** Main-thread time by kind of work, largest first, in ms at the simulated CPU. */
  mainThread: { what: string; ms: number }[];
  /** The scripts that ran longest, in ms at the simulated CPU. */
  scripts: { url: string; ms: number }[];
  /** The text (or markup) of the largest contentful paint's element. */
  lcpElement: string | null;
};

type OneRun = Omit<LighthouseRun, 'url' | 'throttlingMethod' | 'scores'> & { profile: LoadProfile };

export type LighthouseTarget = {
  root: string;
  url: string;
  throttlingMethod: ThrottlingMethod;
  chromiumPath: string;
  /**
   * The debugging port of a browser to run in (its cookies and storage kept, the HTTP cache cleared before each run);
   * default: a fresh browser for each run, as a first-time visitor.
   */
  port?: number;
};

/** One Lighthouse run (mobile preset) against `url`, in a child process of its own. */
export async function lighthouseOnce(target: LighthouseTarget): Promise<OneRun> {
  const workDir = await mkdtemp(join(tmpdir(), 'beacon-lighthouse-'));
  try {
    const reportFile = join(workDir, 'report.json');
    const browser =
      target.port === undefined ? ['--chrome-flags=--headless=new --no-sandbox'] : [`--port=${target.port}`];
    await withRetries(ATTEMPTS_PER_RUN, () =>
      promisify(execFile)(
        process.execPath,
        [
          join(target.root, 'node_modules/lighthouse/cli/index.js'),
          target.url,
          '--quiet',
          '--only-categories=performance',
          `--throttling-method=${target.throttlingMethod}`,
          '--output=json',
          `--output-path=${reportFile}`,
          ...browser,
        ],
        { env: { ...process.env, CHROME_PATH: target.chromiumPath }, maxBuffer: 16 * 1024 * 1024 },
      ),
    );
    const report = v.parse(reportSchema, JSON.parse(await readFile(reportFile, 'utf8')));
    return {
      score: Math.round(report.categories.performance.score * 100),
      fcpMs: report.audits['first-contentful-paint'].numericValue,
      lcpMs: report.audits['largest-contentful-paint'].numericValue,
      tbtMs: report.audits['total-blocking-time'].numericValue,
      cls: report.audits['cumulative-layout-shift'].numericValue,
      profile: loadProfile(report),
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

export async function runLighthouse(options: LighthouseTarget & { runs: number }): Promise<LighthouseRun> {
  const results: OneRun[] = [];
  for (let run = 0; run < options.runs; run += 1) results.push(await lighthouseOnce(options));
  return summarize(options, results);
}

/** The run with the median score, with every run's score. */
export function summarize(
  target: Pick<LighthouseTarget, 'url' | 'throttlingMethod'>,
  results: readonly OneRun[],
): LighthouseRun {
  return {
    url: target.url,
    throttlingMethod: target.throttlingMethod,
    ...medianByScore(results),
    scores: results.map((result) => result.score),
  };
}

function loadProfile({ audits }: Report): LoadProfile {
  const requests = audits['network-requests'].details.items;
  const lcpNode = audits['lcp-breakdown-insight'].details.items.find((item) => item.type === 'node');
  return {
    waves: describeWaves(requestWaves(requests)),
    scriptBytes: requests
      .filter((request) => request.resourceType === 'Script')
      .reduce((total, request) => total + request.transferSize, 0),
    mainThread: audits['mainthread-work-breakdown'].details.items
      .map((item) => ({ what: item.groupLabel, ms: Math.round(item.duration) }))
      .sort((a, b) => b.ms - a.ms),
    scripts: audits['bootup-time'].details.items
      .map((item) => ({ url: fileName(item.url), ms: Math.round(item.scripting) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3),
    lcpElement: lcpNode?.nodeLabel ?? lcpNode?.snippet ?? null,
  };
}

/** `assets/index-abc.js` of an address, or the address itself when it is not one of the app's files. */
function fileName(url: string): string {
  try {
    const { pathname } = new URL(url);
    return pathname.replace(/^\//, '') || url;
  } catch {
    return url;
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
