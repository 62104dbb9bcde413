/**
 * Markers the app reads from its own address: password recovery, the landing page's show_signup and session_id,
 * and auth tokens in the hash [product: ROUTE-15, LAND-26, LAND-27, LAND-28]. Everything takes a full or relative
 * href.
 */

const BASE = 'http://localhost';

function parse(href: string): URL | null {
  try {
    return new URL(href, BASE);
  } catch {
    return null;
  }
}

/**
 * Parameters carried in the hash. Auth services put them straight after `#` (`#access_token=...&type=recovery`);
 * hash-routed links put them after a route (`#/Reset?type=recovery`); both are read.
 */
export function hashParams(href: string): URLSearchParams {
  const hash = parse(href)?.hash.replace(/^#/, '') ?? '';
  const query = hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : hash;
  return new URLSearchParams(query);
}

export function queryParams(href: string): URLSearchParams {
  return parse(href)?.searchParams ?? new URLSearchParams();
}

/**
 * True when the address is a password-recovery link, which sends the app to /Reset.
 *
 * The rule says "type or token in the hash or query" [product: ROUTE-15]; this repository reads it as
 * [product: ROUTE-16]: the marker is `type=recovery` in the query or the hash; the token that comes with it
 * (access_token in the hash of the implicit flow, token / token_hash in the query of a verify link) belongs to the same
 * link. A token or code alone is not a marker: sign-up confirmation, OAuth and PKCE sign-in links carry those too, and
 * sending them to /Reset would break sign-in. A PKCE recovery link arrives on /Reset itself (its redirect target), so
 * it needs no marker.
 */
export function hasRecoveryMarker(href: string): boolean {
  return queryParams(href).get('type') === 'recovery' || hashParams(href).get('type') === 'recovery';
}

/** The landing page cleans a hash that carries an access token (after about 300 ms). */
export function hasAccessTokenInHash(href: string): boolean {
  return hashParams(href).has('access_token');
}

export type LandingAddress = {
  /** `show_signup` present: open the signup dialog, then remove it from the address. */
  showSignup: boolean;
  /** Checkout session to sync, then removed from the address. */
  sessionId: string | null;
  /** Hash access token to clean up. */
  hasHashToken: boolean;
};

export function readLandingAddress(href: string): LandingAddress {
  const query = queryParams(href);
  return {
    showSignup: query.has('show_signup'),
    sessionId: query.get('session_id') || null,
    hasHashToken: hasAccessTokenInHash(href),
  };
}

/**
 * The address with the named query parameters removed (and the hash too when `dropHash`), as a path plus query
 * plus hash for history.replaceState. Other parameters are kept.
 */
export function addressWithout(href: string, params: readonly string[], dropHash = false): string {
  const url = parse(href);
  if (!url) return href;
  for (const name of params) url.searchParams.delete(name);
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ''}${dropHash ? '' : url.hash}`;
}
