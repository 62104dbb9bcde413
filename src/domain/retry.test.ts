import { describe, expect, it } from 'vitest';
import { RETRY_ATTEMPTS_TO_MAX, retryDelayMs } from './retry';

describe('retryDelayMs [product: LIMIT-18]', () => {
  it.each([
    [1, 200],
    [2, 400],
    [3, 800],
    [4, 1_600],
    [8, 25_600],
    [9, 30_000],
    [50, 30_000],
  ])('waits %i -> %i ms: starts at 200 ms, doubles, stops at 30 s', (attempt, delay) => {
    expect(retryDelayMs(attempt)).toBe(delay);
  });

  it('reaches the maximum at RETRY_ATTEMPTS_TO_MAX and not before', () => {
    expect(retryDelayMs(RETRY_ATTEMPTS_TO_MAX)).toBe(30_000);
    expect(retryDelayMs(RETRY_ATTEMPTS_TO_MAX - 1)).toBeLessThan(30_000);
  });
});
