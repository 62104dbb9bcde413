import { safeRedirectPath } from '../../contract/redirect';
import { paths } from '../domain/pages';

/**
 * Redirect targets that come from the address or from storage are attacker-controlled: only a path on this origin
 * is ever followed. The check is the one the server uses (contract/redirect.ts): it judges the normalised path, so
 * dot segments, backslashes, control characters and encoded slashes cannot turn a path into `//another-host`.
 */
export function sanitizeRedirectPath(target: unknown, fallback = '/'): string {
  return safeRedirectPath(target, { fallback });
}

/**
 * Sign-in when the deployment has no auth service (docs/WIRE.md): the server's login page, told where to come
 * back to. Only a same-origin path is passed on; anything else returns to /Landing.
 */
export function loginFallbackUrl(apiBase: string, returnTo: unknown): string {
  const target = sanitizeRedirectPath(returnTo, paths.landing);
  return `${apiBase}/auth/login?redirect=${encodeURIComponent(target)}`;
}
