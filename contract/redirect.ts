/**
 * Where a "come back to" address (a `redirect=` query, a stored return path) may send people: a path on our
 * own origin, and nothing else. Used by the server's GET /api/auth/login and by the SPA's router.
 *
 * The check runs on the *normalised* result, because that is what a browser follows: `/.//evil.example`,
 * `/..//evil.example` and `/%2e%2e//evil.example` are harmless-looking paths whose dot segments collapse into
 * `//evil.example`, a protocol-relative address of another host. A result is accepted only when it starts
 * with exactly one `/`, and reading it again from a different base lands on the same path (a fixpoint), so
 * no second reading (the browser's) can turn it into another host.
 */

export type SafeRedirectOptions = {
  /** Answered for anything that is not a safe same-origin path. */
  fallback: string;
  /** Our origin (e.g. `https://app.example`): absolute URLs on it are reduced to their path; others refused. */
  origin?: string;
};

/** Resolution base for relative paths: a reserved name (RFC 6761) that can never be a real origin. */
const PROBE_BASE = 'https://same-origin.invalid';
const SECOND_PROBE_BASE = 'https://second-reading.invalid';
const MAX_LENGTH = 2048;
/** A scheme at the start (`https:`, `javascript:`, `data:`): the address is absolute. */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

export function safeRedirectPath(target: unknown, options: SafeRedirectOptions): string {
  const { fallback } = options;
  if (typeof target !== 'string' || target === '' || target.length > MAX_LENGTH) return fallback;
  // Browsers read `\` as `/` in http(s) URLs and drop tabs and newlines anywhere in them, so `/\evil.example`
  // and `/\t/evil.example` are `//evil.example` to them. Encoded slashes and backslashes have no business in
  // a return path either, and some routers decode them before matching.
  if (target.includes('\\') || /\p{Cc}|\s/u.test(target) || /%(2f|5c|0[0-9a-f]|1[0-9a-f]|7f)/i.test(target))
    return fallback;

  const absolute = SCHEME.test(target);
  if (absolute && !options.origin) return fallback;
  if (!absolute && !target.startsWith('/')) return fallback;

  const url = parse(target, absolute ? undefined : PROBE_BASE);
  if (url === null) return fallback;
  const expectedOrigin = absolute ? options.origin : PROBE_BASE;
  if (url.origin !== expectedOrigin || url.username !== '' || url.password !== '') return fallback;

  const path = `${url.pathname}${url.search}${url.hash}`;
  return isFixpoint(path) ? path : fallback;
}

/** One leading slash, and a second reading from another base gives the same origin-relative path back. */
function isFixpoint(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  const again = parse(path, SECOND_PROBE_BASE);
  return (
    again !== null &&
    again.origin === SECOND_PROBE_BASE &&
    `${again.pathname}${again.search}${again.hash}` === path
  );
}

function parse(text: string, base: string | undefined): URL | null {
  try {
    return new URL(text, base);
  } catch {
    return null;
  }
}
