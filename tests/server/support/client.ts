import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { mintToken, type TokenOptions } from './tokens';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'HEAD';

export type RequestOptions = {
  body?: unknown;
  headers?: Record<string, string>;
  /** Leave out the CSRF header, X-Requested-With, or both (to prove each is required). */
  omit?: Array<'csrf' | 'xhr'>;
  /** Send this CSRF header instead of the cookie's value. */
  csrfToken?: string;
  /** The client's address as the server sees it (rate limits count per address). */
  remoteAddress?: string;
};

/**
 * A tiny browser for `inject`: it keeps cookies like a browser does and, for non-GET requests, sends what
 * the SPA sends (X-CSRF-Token copied from the readable cookie, X-Requested-With, JSON body).
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly app: FastifyInstance) {}

  get csrfCookie(): string | undefined {
    return this.cookies.get('beacon_csrf') ?? this.cookies.get('__Host-beacon_csrf');
  }

  async request(method: Method, url: string, options: RequestOptions = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {};
    if (method !== 'GET' && method !== 'HEAD') {
      if (!options.omit?.includes('xhr')) headers['x-requested-with'] = 'XMLHttpRequest';
      const token = options.csrfToken ?? this.csrfCookie;
      if (!options.omit?.includes('csrf') && token) headers['x-csrf-token'] = token;
    }
    const inject: InjectOptions = { method, url, headers: { ...headers, ...options.headers } };
    if (options.remoteAddress) inject.remoteAddress = options.remoteAddress;
    if (this.cookies.size > 0) inject.cookies = Object.fromEntries(this.cookies);
    if (options.body !== undefined) {
      inject.payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      inject.headers = { 'content-type': 'application/json', ...inject.headers };
    }
    const response = await this.app.inject(inject);
    this.#store(response);
    return response;
  }

  get = (url: string, options?: RequestOptions) => this.request('GET', url, options);
  post = (url: string, body?: unknown, options?: RequestOptions) =>
    this.request('POST', url, { ...options, body });
  patch = (url: string, body?: unknown, options?: RequestOptions) =>
    this.request('PATCH', url, { ...options, body });

  /** GET /api/auth/csrf: the pre-session (or session) CSRF token. */
  async fetchCsrf(): Promise<string> {
    const response = await this.get('/api/auth/csrf');
    return response.json<{ csrfToken: string }>().csrfToken;
  }

  /** A copy with the same cookies (another tab, or an attacker who stole them). */
  clone(): TestClient {
    const copy = new TestClient(this.app);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  #store(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as Array<{
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}

/** The pre-session CSRF dance plus the token exchange, as the SPA does it after the auth service signs someone in. */
export async function signIn(app: FastifyInstance, email: string, tokenOptions?: TokenOptions) {
  const client = new TestClient(app);
  await client.fetchCsrf();
  const response = await client.post('/api/auth/sso/supabase', {
    token: await mintToken(email, tokenOptions),
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  }
  return { client, user: response.json<{ id: string; email: string; role: string }>(), response };
}
