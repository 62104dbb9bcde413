import * as v from 'valibot';

// A real session, obtained the way the SPA obtains one (WIRE.md "Cookies, session and CSRF" and "Identity"):
// the auth service's password grant, the pre-session CSRF token, then the token exchange.

export const DEMO_CUSTOMER = { email: 'customer@example.com', password: 'Customer123!' } as const;
/** The auth stand-in's seeded admin (local only; ADMIN_EMAILS must list it for the admin role). */
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'Admin123!' } as const;
export const SESSION_COOKIE = 'beacon_sid';
const CSRF_COOKIE = 'beacon_csrf';

const tokenResponse = v.object({ access_token: v.pipe(v.string(), v.nonEmpty()) });
const csrfResponse = v.object({ csrfToken: v.pipe(v.string(), v.nonEmpty()) });
const currentUser = (email: string) => v.object({ email: v.literal(email) });

/** The `Cookie` header that carries the demo customer's session; checked against GET /api/auth/me. */
export async function signInAsDemoCustomer(options: {
  apiUrl: string;
  authUrl: string;
  anonKey: string;
}): Promise<string> {
  return (await signInForWrites(options)).sessionCookie;
}

/** What a browser holds after signing in: the session cookie alone, and everything a non-GET call needs. */
export type SignedIn = {
  sessionCookie: string;
  /** Session and CSRF cookies together, for non-GET calls. */
  cookies: string;
  csrfToken: string;
  /** The headers the SPA sends on every non-GET call. */
  writeHeaders: Record<string, string>;
};

/** The demo customer's (or `account`'s) session plus its CSRF token, for calls that change something. */
export async function signInForWrites(options: {
  apiUrl: string;
  authUrl: string;
  anonKey: string;
  account?: { email: string; password: string };
}): Promise<SignedIn> {
  const { apiUrl, authUrl, anonKey, account = DEMO_CUSTOMER } = options;
  const signedInUser = currentUser(account.email);
  const { access_token: accessToken } = await answer(
    'the password grant',
    tokenResponse,
    await fetch(`${authUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify(account),
    }),
  );

  const jar = new CookieJar();
  const csrf = jar.store(await fetch(`${apiUrl}/api/auth/csrf`));
  const { csrfToken: preSessionToken } = await answer('GET /api/auth/csrf', csrfResponse, csrf);
  const signIn = jar.store(
    await fetch(`${apiUrl}/api/auth/sso/supabase`, {
      method: 'POST',
      headers: {
        cookie: jar.header(),
        'x-csrf-token': preSessionToken,
        'x-requested-with': 'XMLHttpRequest',
        origin: new URL(apiUrl).origin,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ token: accessToken }),
    }),
  );
  await answer('POST /api/auth/sso/supabase', signedInUser, signIn);

  const sessionId = jar.get(SESSION_COOKIE);
  const csrfToken = jar.get(CSRF_COOKIE);
  if (!sessionId || !csrfToken)
    throw new Error('The sign-in answered 200 but set no session or CSRF cookie.');
  const sessionCookie = `${SESSION_COOKIE}=${sessionId}`;
  await answer(
    'GET /api/auth/me',
    signedInUser,
    await fetch(`${apiUrl}/api/auth/me`, { headers: { cookie: sessionCookie } }),
  );
  const cookies = jar.header();
  return {
    sessionCookie,
    cookies,
    csrfToken,
    writeHeaders: {
      cookie: cookies,
      'x-csrf-token': csrfToken,
      'x-requested-with': 'XMLHttpRequest',
      origin: new URL(apiUrl).origin,
      'content-type': 'application/json',
    },
  };
}

async function answer<T extends v.GenericSchema>(
  what: string,
  schema: T,
  response: Response,
): Promise<v.InferOutput<T>> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
  const parsed = v.safeParse(schema, jsonOrNull(text));
  if (!parsed.success) throw new Error(`${what} answered an unexpected body: ${text.slice(0, 300)}`);
  return parsed.output;
}

function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Keeps cookies as a browser would, as far as this sign-in needs (one host, no expiry bookkeeping). */
class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const cleared = value === '' || attributes.some(isExpiry);
      if (cleared) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
    return response;
  }

  get(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** `Max-Age=0` or an `Expires` in the past: how a server deletes a cookie. */
function isExpiry(attribute: string): boolean {
  const [key = '', value = ''] = attribute.split('=').map((part) => part.trim());
  if (/^max-age$/i.test(key)) return Number(value) <= 0;
  return /^expires$/i.test(key) && Date.parse(value) <= Date.now();
}
