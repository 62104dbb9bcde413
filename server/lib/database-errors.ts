/**
 * Whether an error means "the database cannot be reached right now" (as opposed to a bad query): a refused or
 * dropped connection, a pool that could not hand out a connection in time, a server shutting down or starting.
 * Callers answer 503 with Retry-After for these, never 500. Drizzle wraps driver errors (`cause`), so the chain
 * is walked.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, a restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovery)
  '53300', // too_many_connections
]);
const UNAVAILABLE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /the database system is (shutting down|starting up)/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_NETWORK_CODES.has(code))
        return true;
    }
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(current instanceof Error ? current.message : '')))
      return true;
    current = current.cause;
  }
  return false;
}

/**
 * Whether the database refused the data itself (SQLSTATE class 22, data exception, or 23, integrity constraint
 * violation: a unique, foreign-key or check violation): the same write fails the same way every time, so retrying
 * it is pointless. Answers the refusal in words (SQLSTATE and message), or null for any other error.
 */
export function dataRefusal(error: unknown): string | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code)) return `${code} ${current.message}`;
    current = current.cause;
  }
  return null;
}
