import type { AuthConfig } from './config';

// Where browsers are sent after e-mail links and Google sign-in. Like GoTrue's allow list, a redirect may only go to
// the site itself or to an explicitly allowed origin; anything else falls back to SITE_URL rather than leaking
// tokens to an arbitrary address.

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export function isAllowedRedirect(config: AuthConfig, candidate: string): boolean {
  const origin = originOf(candidate);
  if (!origin || origin === 'null') return false;
  return [config.siteUrl, ...config.redirectOrigins].some((allowed) => originOf(allowed) === origin);
}

/** The first allowed candidate (redirect_to, then Referer), else SITE_URL: GoTrue's GetReferrer. */
export function chooseRedirect(config: AuthConfig, ...candidates: (string | null | undefined)[]): string {
  for (const candidate of candidates) if (candidate && isAllowedRedirect(config, candidate)) return candidate;
  return config.siteUrl;
}

/** Go's url.Values.Encode: keys sorted, spaces as `+`. */
function encodeSorted(params: Record<string, string>): string {
  const sorted = new URLSearchParams();
  for (const key of Object.keys(params).sort()) sorted.append(key, params[key] ?? '');
  return sorted.toString();
}

export function withFragment(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  url.hash = encodeSorted(params);
  return url.toString();
}

export function withQuery(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** GoTrue puts error details in the fragment, and under PKCE in the query as well (`prepErrorRedirectURL`). */
export function withError(target: string, params: Record<string, string>, alsoInQuery: boolean): string {
  return withFragment(alsoInQuery ? withQuery(target, params) : target, params);
}

/** The OAuth `error` that GoTrue derives from an HTTP status. */
export function oauthErrorForStatus(status: number): string {
  if (status === 401) return 'unauthorized_client';
  if (status === 403) return 'access_denied';
  if (status >= 500) return 'server_error';
  return 'invalid_request';
}
