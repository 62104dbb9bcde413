const DEFAULT_TARGET = '/Landing';

/**
 * Where GET /api/auth/login may send people back to: a path on our own origin only. Absolute URLs of our
 * origin are reduced to their path; anything else (other hosts, `//host`, `/\host`, javascript:) falls back
 * to the landing page, so the endpoint can never be used as an open redirect.
 */
export function safeRedirectPath(requested: string | undefined, publicUrl: URL): string {
  if (!requested || requested.includes('\\') || hasControlCharacter(requested)) return DEFAULT_TARGET;
  const isRelativePath = requested.startsWith('/') && !requested.startsWith('//');
  const isAbsolute = /^[a-z][a-z0-9+.-]*:/i.test(requested);
  if (!isRelativePath && !isAbsolute) return DEFAULT_TARGET;
  let url: URL;
  try {
    url = new URL(requested, publicUrl);
  } catch {
    return DEFAULT_TARGET;
  }
  if (url.origin !== publicUrl.origin || url.pathname.startsWith('/api/')) return DEFAULT_TARGET;
  return `${url.pathname}${url.search}${url.hash}`;
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

/** Browsers drop tabs and newlines inside URLs, which turns `/\t/evil.example` into `//evil.example`. */
function hasControlCharacter(text: string): boolean {
  return [...text].some((character) => (character.codePointAt(0) ?? 0) < 0x20 || character === '\u007f');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
