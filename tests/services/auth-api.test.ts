import { describe, expect, it, vi } from 'vitest';
import { createAuthApi } from '../../src/services/api/auth';
import { createApiClient } from '../../src/services/api/client';
import { takePageIdentityOnce } from '../../src/services/page-identity';

const user = { id: 'user-1', email: 'casey@example.com', full_name: 'Casey Jones', role: 'user' };
const withFlags = { ...user, has_signup: true, onboarding_required: false };

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A page with the identity data block the server writes (raw: the text as it stands), or none. */
function pageCarrying(identity: unknown, raw = false) {
  const text = raw ? String(identity) : JSON.stringify(identity);
  return {
    getElementById: (id: string) =>
      identity !== null && id === 'beacon-identity' ? { textContent: text } : null,
  } as unknown as Pick<Document, 'getElementById'>;
}

const signedInAs = (id: string) => () => ({ id });

const unauthenticated = () => json({ message: 'Not authenticated', code: 'unauthenticated' }, 401);

/** Routes requests by "METHOD /path" to handlers; records what was called, in order. */
function fakeServer(routes: Record<string, Array<() => Response>>) {
  const calls: string[] = [];
  const bodies: unknown[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}${url.search}`;
    calls.push(key);
    const text = await request.text();
    bodies.push(text ? JSON.parse(text) : undefined);
    const next = routes[key]?.shift();
    if (!next) throw new Error(`Unexpected call ${key}`);
    return next();
  });
  const client = createApiClient({
    baseUrl: 'http://app.test',
    fetch: fetch as unknown as typeof globalThis.fetch,
    readCookies: () => 'beacon_csrf=tok',
    getRetries: 0,
  });
  return { client, calls, bodies };
}

describe('the identity calls', () => {
  it('loads the current user with its flags', async () => {
    const server = fakeServer({
      'GET /api/auth/me?include_flags=true': [
        () => json({ ...user, has_signup: true, onboarding_required: false }),
      ],
    });
    const me = await createAuthApi(server.client).meWithFlags();

    expect(me).toMatchObject({ id: 'user-1', email: 'casey@example.com', onboarding_required: false });
  });

  it('answers the first check with the identity the page carried, then asks the server', async () => {
    const server = fakeServer({ 'GET /api/auth/me?include_flags=true': [() => json(withFlags)] });
    const carried = { ...withFlags, full_name: 'Casey From The Page' };
    const api = createAuthApi(server.client, {
      pageIdentity: takePageIdentityOnce(pageCarrying(carried), signedInAs('user-1')),
    });

    expect(await api.meWithFlags()).toMatchObject({ full_name: 'Casey From The Page', has_signup: true });
    expect(server.calls).toEqual([]);
    expect(await api.meWithFlags()).toMatchObject({ full_name: 'Casey Jones' });
    expect(server.calls).toEqual(['GET /api/auth/me?include_flags=true']);
  });

  // Another tab signed out (clearing the local user), or in as someone else, while this page loaded its code and
  // before its channel to the other tabs opened: the identity the server wrote into the page is stale.
  it.each([
    ['signed out in another tab', () => null],
    ['signed in as another user in another tab', signedInAs('user-2')],
  ])('asks the server when this browser has since %s', async (_, signedInHere) => {
    const server = fakeServer({ 'GET /api/auth/me?include_flags=true': [() => unauthenticated()] });
    const api = createAuthApi(server.client, {
      pageIdentity: takePageIdentityOnce(pageCarrying(withFlags), signedInHere),
    });

    await expect(api.meWithFlags()).rejects.toThrow();
    expect(server.calls).toEqual(['GET /api/auth/me?include_flags=true']);
  });

  it('takes the identity out of the page as it reads it: after a sign-out the page holds no user', async () => {
    const element = { textContent: JSON.stringify(withFlags), remove: vi.fn() };
    const page = { getElementById: (id: string) => (id === 'beacon-identity' ? element : null) };
    const take = takePageIdentityOnce(
      page as unknown as Pick<Document, 'getElementById'>,
      signedInAs('user-1'),
    );

    expect(element.remove).toHaveBeenCalledOnce();
    expect(take()).toEqual(withFlags);
    expect(take()).toBeNull();
  });

  it.each([
    ['no identity', null],
    ['an identity of another shape', { id: 'user-1' }],
    ['no JSON', '{not json'],
  ])('asks the server when the page carries %s', async (_, carried) => {
    const server = fakeServer({ 'GET /api/auth/me?include_flags=true': [() => json(withFlags)] });
    const page = carried === null ? pageCarrying(null) : pageCarrying(carried, typeof carried === 'string');
    const api = createAuthApi(server.client, {
      pageIdentity: takePageIdentityOnce(page, signedInAs('user-1')),
    });

    expect(await api.meWithFlags()).toMatchObject({ full_name: 'Casey Jones' });
    expect(server.calls).toEqual(['GET /api/auth/me?include_flags=true']);
  });

  it('recovers a lost server session once by exchanging the auth-service token, then retries', async () => {
    const server = fakeServer({
      'GET /api/auth/me': [unauthenticated, () => json(user)],
      'POST /api/auth/sso/supabase': [() => json(withFlags)],
    });
    const api = createAuthApi(server.client, { authServiceToken: async () => 'auth-service-token' });

    const me = await api.me();

    expect(me.id).toBe('user-1');
    expect(server.calls).toEqual(['GET /api/auth/me', 'POST /api/auth/sso/supabase', 'GET /api/auth/me']);
    expect(server.bodies[1]).toEqual({ token: 'auth-service-token' });
  });

  it('leaves the session check to the session machine: no exchange behind its back', async () => {
    const server = fakeServer({ 'GET /api/auth/me?include_flags=true': [unauthenticated] });
    const api = createAuthApi(server.client, { authServiceToken: async () => 'auth-service-token' });

    await expect(api.meWithFlags()).rejects.toMatchObject({ status: 401 });
    expect(server.calls).toEqual(['GET /api/auth/me?include_flags=true']);
  });

  it('reads the user and flags from the exchange and the refresh answers', async () => {
    const server = fakeServer({
      'POST /api/auth/sso/supabase': [() => json(withFlags)],
      'POST /api/auth/refresh': [() => json(withFlags)],
    });
    const api = createAuthApi(server.client);

    expect(await api.ssoSupabase('token-1')).toMatchObject({ id: 'user-1', onboarding_required: false });
    expect(await api.refresh('token-2')).toMatchObject({ id: 'user-1', has_signup: true });
    expect(server.bodies).toEqual([{ token: 'token-1' }, { token: 'token-2' }]);
  });

  it('retries only once: a second 401 is the answer', async () => {
    const server = fakeServer({
      'GET /api/auth/me': [unauthenticated, unauthenticated],
      'POST /api/auth/sso/supabase': [() => json(withFlags)],
    });
    const api = createAuthApi(server.client, { authServiceToken: async () => 'token' });

    await expect(api.me()).rejects.toMatchObject({ status: 401, message: 'Not authenticated' });
    expect(server.calls).toHaveLength(3);
  });

  it('keeps the 401 without an auth-service session, and makes no exchange', async () => {
    const server = fakeServer({ 'GET /api/auth/me': [unauthenticated] });
    const api = createAuthApi(server.client, { authServiceToken: async () => null });

    await expect(api.me()).rejects.toMatchObject({ status: 401 });
    expect(server.calls).toEqual(['GET /api/auth/me']);
  });

  it('keeps the original 401 when the token exchange is refused', async () => {
    const server = fakeServer({
      'GET /api/auth/me': [unauthenticated],
      'POST /api/auth/sso/supabase': [() => json({ message: 'Invalid token', code: 'invalid_token' }, 401)],
    });
    const api = createAuthApi(server.client, { authServiceToken: async () => 'expired' });

    await expect(api.me()).rejects.toMatchObject({ status: 401, message: 'Not authenticated' });
    expect(server.calls).toEqual(['GET /api/auth/me', 'POST /api/auth/sso/supabase']);
  });

  it('does not try the exchange for other failures', async () => {
    const server = fakeServer({ 'GET /api/auth/me': [() => json({ message: 'Database down' }, 500)] });
    const authServiceToken = vi.fn(async () => 'token');

    await expect(createAuthApi(server.client, { authServiceToken }).me()).rejects.toMatchObject({
      status: 500,
    });
    expect(authServiceToken).not.toHaveBeenCalled();
  });
});

describe('the other auth calls', () => {
  it('saves profile fields with PATCH /auth/me', async () => {
    const server = fakeServer({ 'PATCH /api/auth/me': [() => json({ ...user, company: 'Acme' })] });
    const updated = await createAuthApi(server.client).updateMe({ company: 'Acme' });

    expect(updated.company).toBe('Acme');
    expect(server.bodies[0]).toEqual({ company: 'Acme' });
  });

  it('logs out with POST /auth/logout, accepting an empty answer', async () => {
    const server = fakeServer({ 'POST /api/auth/logout': [() => new Response(null, { status: 204 })] });
    await createAuthApi(server.client).logout();

    expect(server.calls).toEqual(['POST /api/auth/logout']);
  });

  it('answers the CSRF token of a new pre-session', async () => {
    const server = fakeServer({ 'GET /api/auth/csrf': [() => json({ csrfToken: 'pre.session' })] });

    await expect(createAuthApi(server.client).csrf()).resolves.toBe('pre.session');
  });
});
