/**
 * Cheap checks, without loading supabase-js, of whether the auth service is needed right at start. Kept apart
 * from the client so the landing page's first load stays free of it.
 */

/** Where supabase-js keeps its session; fixed so the app can tell "a session is stored" without loading it. */
export const AUTH_STORAGE_KEY = 'beacon-auth';

export function hasStoredAuthSession(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): boolean {
  try {
    return storage?.getItem(AUTH_STORAGE_KEY) != null;
  } catch {
    // Storage blocked by the browser: nothing can be stored there either.
    return false;
  }
}

/**
 * The address comes back from the auth service (e-mail confirmation, OAuth, PKCE code, recovery link): the client
 * must start at once so it can pick the session up from the URL.
 */
export function isAuthCallbackAddress(url: URL): boolean {
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  return (
    url.searchParams.has('code') ||
    url.searchParams.has('error_description') ||
    hash.has('access_token') ||
    hash.has('error_description')
  );
}
