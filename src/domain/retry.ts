/**
 * How long to wait before retrying a call that failed for the network [product: LIMIT-18]: 200 ms before the first
 * retry, doubling each time, never more than 30 s, so an outage of any length is retried about twice a minute.
 */
export const RETRY_FIRST_DELAY_MS = 200;
export const RETRY_MAX_DELAY_MS = 30_000;

/** The wait before retry number `attempt` (1 for the first retry). */
export function retryDelayMs(attempt: number): number {
  const doublings = Math.max(0, Math.floor(attempt) - 1);
  return Math.min(RETRY_FIRST_DELAY_MS * 2 ** doublings, RETRY_MAX_DELAY_MS);
}

/** The attempt from which the wait stays at its maximum: counting further changes nothing. */
export const RETRY_ATTEMPTS_TO_MAX = Math.ceil(Math.log2(RETRY_MAX_DELAY_MS / RETRY_FIRST_DELAY_MS)) + 1;
