import { escapeHtml } from '../../../contract/html';
import { safeRedirectPath } from '../../../contract/redirect';

const DEFAULT_TARGET = '/Landing';

/**
 * Where GET /api/auth/login may send people back to: a page of our own origin (the shared check in
 * contract/redirect.ts, also used by the SPA), never the API itself. Anything else goes to the landing page,
 * so the endpoint can never be used as an open redirect.
 */
export function loginRedirectTarget(requested: string | undefined, publicUrl: URL): string {
  const target = safeRedirectPath(requested, { fallback: DEFAULT_TARGET, origin: publicUrl.origin });
  return /^\/api(\/|\?|#|$)/i.test(target) ? DEFAULT_TARGET : target;
}

/** A minimal page for servers started without an auth service. */
export function loginFallbackPage(target: string): string {
  const href = escapeHtml(target);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign-in unavailable · Beacon RMM</title></head>
<body>
<main>
<h1>Sign-in is not available</h1>
<p>This server runs without an auth service, so nobody can sign in here. Ask the operator to set SUPABASE_URL.</p>
<p><a href="${href}">Back to Beacon RMM</a></p>
</main>
</body>
</html>
`;
}
