import { describe, expect, it } from 'vitest';
import { type LighthouseRun, lighthouseChecks, medianByScore } from '../../scripts/bench/lighthouse';

const run = (overrides: Partial<LighthouseRun>): LighthouseRun => ({
  url: 'http://127.0.0.1:1/Landing',
  throttlingMethod: 'simulate',
  score: 98,
  fcpMs: 800,
  lcpMs: 1500,
  tbtMs: 100,
  cls: 0,
  scores: [97, 98, 99],
  ...overrides,
});

const verdicts = (checks: ReturnType<typeof lighthouseChecks>) =>
  Object.fromEntries(checks.map((check) => [check.what, check.pass]));

describe('the landing page budgets in npm run bench', () => {
  it('pass exactly at the limits of DESIGN.md section 7', () => {
    expect(verdicts(lighthouseChecks(run({})))).toEqual({
      'landing Lighthouse (mobile, simulated)': true,
      'landing LCP (simulated)': true,
      'landing TBT (simulated)': true,
      'landing CLS (simulated)': true,
    });
  });

  it('fail one step past each limit', () => {
    const checks = lighthouseChecks(
      run({ throttlingMethod: 'devtools', score: 97, lcpMs: 1501, tbtMs: 101, cls: 0.001 }),
    );
    expect(verdicts(checks)).toEqual({
      'landing Lighthouse (mobile, applied)': false,
      'landing LCP (applied)': false,
      'landing TBT (applied)': false,
      'landing CLS (applied)': false,
    });
  });

  it('name every run behind the median', () => {
    const [score] = lighthouseChecks(run({ score: 77, scores: [77, 86, 76] }));
    expect(score).toMatchObject({ measured: 'performance 77', note: 'median of 3: 77, 86, 76' });
  });

  it('take the run with the median score, whatever order the runs came in', () => {
    const runs = [
      { score: 90, id: 'a' },
      { score: 70, id: 'b' },
      { score: 80, id: 'c' },
    ];
    expect(medianByScore(runs).id).toBe('c');
    expect(medianByScore([{ score: 60, id: 'only' }]).id).toBe('only');
    expect(() => medianByScore([])).toThrow('at least one run');
  });
});
