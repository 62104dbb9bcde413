import { paths } from '../domain/pages';

/**
 * Redirect targets that come from the address or from storage are attacker-controlled: only a path on this origin
 * is ever followed (no scheme, no `//host`, no backslash tricks that browsers normalise into `//`).
 */
export function sanitizeRedirectPath(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string') return fallback;
  const trimmed = target.trim();
  if (!trimmed.startsWith('/') || trimmed.startsWith('//') || trimmed.includes('\\')) return fallback;
  // Control characters (tabs, newlines) are stripped by URL parsers and could turn "/\t/evil" into "//evil".
  if (/\p{Cc}/u.test(trimmed)) return fallback;
  try {
    const resolved = new URL(trimmed, 'https://same-origin.invalid');
    if (resolved.origin !== 'https://same-origin.invalid') return fallback;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return fallback;
  }
}

/**
 * Sign-in when the deployment has no auth service (docs/WIRE.md): the server's login page, told where to come
 * back to. Only a same-origin path is passed on; anything else returns to /Landing.
 */
export function loginFallbackUrl(apiBase: string, returnTo: unknown): string {
  const target = sanitizeRedirectPath(returnTo, paths.landing);
  return `${apiBase}/auth/login?redirect=${encodeURIComponent(target)}`;
}
