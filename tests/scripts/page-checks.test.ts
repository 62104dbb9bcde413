import { describe, expect, it } from 'vitest';
import type { LighthouseRun } from '../../scripts/bench/lighthouse';
import { type PagesRun, pageChecks } from '../../scripts/bench/pages';

const run = (page: string, overrides: Partial<LighthouseRun> = {}): LighthouseRun => ({
  url: `http://127.0.0.1:1${page}`,
  throttlingMethod: 'simulate',
  score: 90,
  fcpMs: 900,
  lcpMs: 1000,
  tbtMs: 100,
  cls: 0,
  scores: [90],
  ...overrides,
});

const pages = (signedIn: Partial<LighthouseRun>, visitor: Partial<LighthouseRun> = {}): PagesRun => ({
  visitor: run('/Landing', visitor),
  signedIn: [run('/Billing', signedIn)],
  load: { start: 1, end: 1, cores: 2 },
});

const verdicts = (run: PagesRun) =>
  Object.fromEntries(pageChecks(run).map((check) => [check.what, check.pass]));

describe("issue 22's targets in npm run bench", () => {
  it('hold at their limits, against the visitor landing of the same run', () => {
    expect(verdicts(pages({ lcpMs: 1500, score: 85, cls: 0.0199, tbtMs: 199 }))).toEqual({
      'visitor /Landing CLS': true,
      'visitor /Landing TBT': true,
      'signed-in /Billing LCP': true,
      'signed-in /Billing performance': true,
      'signed-in /Billing CLS': true,
      'signed-in /Billing TBT': true,
    });
  });

  it('fail one step past each limit', () => {
    expect(
      verdicts(pages({ lcpMs: 1501, score: 84, cls: 0.02, tbtMs: 200 }, { cls: 0.02, tbtMs: 200 })),
    ).toEqual({
      'visitor /Landing CLS': false,
      'visitor /Landing TBT': false,
      'signed-in /Billing LCP': false,
      'signed-in /Billing performance': false,
      'signed-in /Billing CLS': false,
      'signed-in /Billing TBT': false,
    });
  });

  it('move with the visitor landing: a slower visitor run allows a slower page', () => {
    expect(verdicts(pages({ lcpMs: 2400, score: 70 }, { lcpMs: 1600, score: 75 }))).toMatchObject({
      'signed-in /Billing LCP': true,
      'signed-in /Billing performance': true,
    });
  });
});
