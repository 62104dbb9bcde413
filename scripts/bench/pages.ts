import { loadavg } from 'node:os';
import type { BudgetCheck } from '../lib/budget-table';
import { type LighthouseRun, lighthouseOnce, summarize } from './lighthouse';
import { launchSignedInBrowser } from './signed-in-browser';

/**
 * The pages a customer lives in beside the visitor's landing page (issue 22): Lighthouse's mobile preset with its
 * default simulated throttling, on the landing page as a first-time visitor (a fresh browser each run) and, signed in
 * as the demo customer (one browser that keeps the session; Lighthouse clears the HTTP cache before each run), on
 * the pages below. The runs take turns, one of each page per round, so that a change in the machine's load
 * touches every row alike; each row is the run with its median score.
 */
export const SIGNED_IN_PAGES = ['/Landing', '/Billing', '/Settings', '/Profile'] as const;

/** Issue 22's targets, each against the visitor's landing page of the same run. */
export const PAGE_TARGETS = {
  /** A signed-in page's LCP at most this many times the visitor landing's. */
  lcpRatio: 1.5,
  /** A signed-in page's score at most this many points below the visitor landing's. */
  scorePoints: 5,
  /** Every page's CLS below this. */
  cls: 0.02,
  /** Every page's TBT below this, in ms, at the simulated CPU. */
  tbtMs: 200,
} as const;

export type PagesRun = {
  visitor: LighthouseRun;
  signedIn: LighthouseRun[];
  /** The machine's 1-minute load average when the runs began and when they ended, and its core count. */
  load: { start: number; end: number; cores: number };
};

export async function measurePages(options: {
  root: string;
  appUrl: string;
  chromiumPath: string;
  runs: number;
  cores: number;
  say: (line: string) => void;
}): Promise<PagesRun> {
  const { root, appUrl, chromiumPath, runs, say } = options;
  const start = loadavg()[0] ?? 0;
  say('Signing the demo customer in, in a browser of its own…');
  const browser = await launchSignedInBrowser({ chromiumPath, appUrl });
  try {
    const targets = [
      { url: `${appUrl}/Landing` },
      ...SIGNED_IN_PAGES.map((page) => ({ url: `${appUrl}${page}`, port: browser.port })),
    ].map((target) => ({ ...target, root, chromiumPath, throttlingMethod: 'simulate' as const }));
    const results = targets.map(() => [] as Awaited<ReturnType<typeof lighthouseOnce>>[]);
    for (let round = 1; round <= runs; round += 1) {
      say(
        `Lighthouse round ${round} of ${runs}: the visitor's landing page, then ${SIGNED_IN_PAGES.join(', ')} signed in…`,
      );
      for (const [index, target] of targets.entries()) results[index]?.push(await lighthouseOnce(target));
    }
    const [visitor, ...signedIn] = targets.map((target, index) => summarize(target, results[index] ?? []));
    if (!visitor) throw new Error('No visitor run.');
    return { visitor, signedIn, load: { start, end: loadavg()[0] ?? 0, cores: options.cores } };
  } finally {
    await browser.close();
  }
}

const pageName = (run: LighthouseRun) => new URL(run.url).pathname;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Issue 22's targets, each page against the visitor landing of the same run. */
export function pageChecks({ visitor, signedIn }: PagesRun): BudgetCheck[] {
  const maxLcp = visitor.lcpMs * PAGE_TARGETS.lcpRatio;
  const minScore = visitor.score - PAGE_TARGETS.scorePoints;
  const common = (run: LighthouseRun, label: string): BudgetCheck[] => [
    {
      what: `${label} CLS`,
      measured: run.cls.toFixed(3),
      budget: `< ${PAGE_TARGETS.cls}`,
      pass: run.cls < PAGE_TARGETS.cls,
    },
    {
      what: `${label} TBT`,
      measured: `${Math.round(run.tbtMs)} ms`,
      budget: `< ${PAGE_TARGETS.tbtMs} ms`,
      pass: run.tbtMs < PAGE_TARGETS.tbtMs,
    },
  ];
  return [
    ...common(visitor, 'visitor /Landing'),
    ...signedIn.flatMap((run) => {
      const label = `signed-in ${pageName(run)}`;
      return [
        {
          what: `${label} LCP`,
          measured: `${seconds(run.lcpMs)} (${(run.lcpMs / visitor.lcpMs).toFixed(2)}x)`,
          budget: `<= ${seconds(maxLcp)} (${PAGE_TARGETS.lcpRatio}x visitor)`,
          pass: run.lcpMs <= maxLcp,
        },
        {
          what: `${label} performance`,
          measured: String(run.score),
          budget: `>= ${minScore} (visitor - ${PAGE_TARGETS.scorePoints})`,
          pass: run.score >= minScore,
          note: `median of ${run.scores.length}: ${run.scores.join(', ')}`,
        },
        ...common(run, label),
      ];
    }),
  ];
}

/** The table and where the time goes, as Markdown for docs/bench.md. */
export function pagesMarkdown(run: PagesRun, heading: { when: string; command: string }): string {
  const rows = [run.visitor, ...run.signedIn];
  const label = (page: LighthouseRun) =>
    page === run.visitor ? `${pageName(page)}, visitor` : `${pageName(page)}, signed in`;
  const table = [
    '| page | performance | LCP | LCP / visitor | FCP | TBT | CLS | scripts (transfer) | runs (scores) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((page) =>
      [
        label(page),
        page.score,
        seconds(page.lcpMs),
        `${(page.lcpMs / run.visitor.lcpMs).toFixed(2)}x`,
        seconds(page.fcpMs),
        `${Math.round(page.tbtMs)} ms`,
        page.cls.toFixed(3),
        page.profile ? `${(page.profile.scriptBytes / 1024).toFixed(1)} KB` : '-',
        page.scores.join(', '),
      ].join(' | '),
    ),
  ].map((line) => (line.startsWith('|') ? line : `| ${line} |`));
  const load = `load average ${run.load.start.toFixed(1)} at the start, ${run.load.end.toFixed(1)} at the end, on ${run.load.cores} cores`;
  const details = rows.flatMap((page) => {
    const profile = page.profile;
    if (!profile) return [];
    return [
      '',
      `**${label(page)}** (the median run). Request waves:`,
      '',
      ...profile.waves.map((wave) => `- ${wave}`),
      '',
      `Main thread: ${profile.mainThread
        .slice(0, 4)
        .map((item) => `${item.what} ${item.ms} ms`)
        .join(
          ', ',
        )}. Longest scripts: ${profile.scripts.map((item) => `${item.url} ${item.ms} ms`).join(', ')}. ` +
        `LCP element: ${profile.lcpElement ? `"${profile.lcpElement.slice(0, 80)}"` : 'unknown'}.`,
    ];
  });
  return [
    `${heading.when}, \`${heading.command}\`, ${load}:`,
    '',
    ...table,
    '',
    '### Where the time goes',
    ...details,
  ].join('\n');
}
