import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, ResponseShapeError, readCsrfCookie } from '../../src/services/api/client';

const okSchema = v.object({ ok: v.boolean() });

type Recorded = {
  method: string;
  url: string;
  headers: Headers;
  body: string;
  credentials: RequestCredentials;
};

/** A fetch double that records each request and answers from a queue (or a default). */
function fakeServer(answers: Array<() => Response> = []) {
  const requests: Recorded[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: await request.text(),
      credentials: request.credentials,
    });
    const next = answers.shift();
    return next ? next() : json({ ok: true });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

function json(body: unknown, init: ResponseInit = {}) {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

function clientWith(server: ReturnType<typeof fakeServer>, cookies = 'beacon_csrf=tok.sig') {
  return createApiClient({
    baseUrl: 'http://app.test',
    fetch: server.fetch,
    readCookies: () => cookies,
    getRetries: 0,
  });
}

describe('readCsrfCookie', () => {
  it('reads the plain cookie', () => {
    expect(readCsrfCookie('a=1; beacon_csrf=abc.def; b=2')).toBe('abc.def');
  });

  it('prefers the __Host- cookie used over https', () => {
    expect(readCsrfCookie('beacon_csrf=plain; __Host-beacon_csrf=secure')).toBe('secure');
  });

  it('answers null without a CSRF cookie', () => {
    expect(readCsrfCookie('other=1')).toBeNull();
  });
});

describe('the API client', () => {
  it('sends GET requests to the API base with cookies and without CSRF headers', async () => {
    const server = fakeServer();
    await clientWith(server).get('/auth/me', okSchema);

    const [request] = server.requests;
    expect(request?.url).toBe('http://app.test/api/auth/me');
    expect(request?.headers.get('X-CSRF-Token')).toBeNull();
    expect(request?.headers.get('X-Requested-With')).toBeNull();
    expect(request?.credentials).toBe('include');
  });

  it('sends the CSRF cookie value and X-Requested-With on a POST with a JSON body', async () => {
    const server = fakeServer();
    await clientWith(server).post('/auth/sso/supabase', okSchema, { json: { token: 't' } });

    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('X-CSRF-Token')).toBe('tok.sig');
    expect(request?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(request?.headers.get('Content-Type')).toContain('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ token: 't' });
  });

  it('speaks JSON on every call: a GET, and a POST without a payload sends an empty JSON object', async () => {
    const server = fakeServer();
    const client = clientWith(server);

    await client.get('/auth/me', okSchema);
    await client.post('/auth/logout', okSchema);

    expect(server.requests.map((request) => request.headers.get('content-type'))).toEqual([
      'application/json',
      'application/json',
    ]);
    expect(server.requests[1]?.body).toBe('{}');
  });

  it('puts the CSRF header on PATCH and DELETE too', async () => {
    const server = fakeServer();
    const client = clientWith(server);
    await client.patch('/auth/me', okSchema, { json: { bio: 'x' } });
    await client.delete('/things/1', okSchema);

    expect(server.requests.map((request) => request.headers.get('X-CSRF-Token'))).toEqual([
      'tok.sig',
      'tok.sig',
    ]);
  });

  it('first opens a pre-session with GET /auth/csrf when there is no CSRF cookie', async () => {
    const server = fakeServer([() => json({ csrfToken: 'fresh.token' }), () => json({ ok: true })]);
    await clientWith(server, '').post('/auth/sso/supabase', okSchema, { json: { token: 't' } });

    expect(server.requests.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'GET /api/auth/csrf',
      'POST /api/auth/sso/supabase',
    ]);
    expect(server.requests[1]?.headers.get('X-CSRF-Token')).toBe('fresh.token');
  });

  it('shares one pre-session between parallel first mutations', async () => {
    const server = fakeServer([() => json({ csrfToken: 'fresh.token' })]);
    const client = clientWith(server, '');
    await Promise.all([client.post('/a', okSchema), client.post('/b', okSchema)]);

    expect(server.requests.filter((request) => request.url.endsWith('/auth/csrf'))).toHaveLength(1);
  });

  it("takes the error message from the answer's message field", async () => {
    const server = fakeServer([
      () => json({ message: 'Not authenticated', code: 'unauthenticated' }, { status: 401 }),
    ]);
    const error = await clientWith(server)
      .get('/auth/me', okSchema)
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Not authenticated',
      status: 401,
      code: 'unauthenticated',
      data: { message: 'Not authenticated', code: 'unauthenticated' },
    });
  });

  it('falls back to a plain-text body for the message', async () => {
    const server = fakeServer([
      () => new Response('Gateway exploded', { status: 502, headers: { 'content-type': 'text/plain' } }),
    ]);
    const error = await clientWith(server)
      .post('/billing/cancel', okSchema)
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({ message: 'Gateway exploded', status: 502, data: 'Gateway exploded' });
  });

  it('falls back to "{status} {statusText}" when the body says nothing', async () => {
    const server = fakeServer([() => new Response(null, { status: 503, statusText: 'Service Unavailable' })]);
    const error = await clientWith(server)
      .post('/billing/cancel', okSchema)
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({ message: '503 Service Unavailable', status: 503 });
  });

  it('never repeats a failed POST by itself', async () => {
    const server = fakeServer([() => new Response(null, { status: 503 }), () => json({ ok: true })]);
    const client = createApiClient({
      baseUrl: 'http://app.test',
      fetch: server.fetch,
      readCookies: () => 'beacon_csrf=tok',
      getRetries: 2,
    });
    await expect(client.post('/billing/cancel', okSchema)).rejects.toBeInstanceOf(ApiError);

    expect(server.requests).toHaveLength(1);
  });

  it('rejects an answer that does not match the contract, naming the call and the field', async () => {
    const server = fakeServer([() => json({ ok: 'yes' })]);
    const error = await clientWith(server)
      .get('/auth/me', okSchema)
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as Error).message).toMatch(/^Unexpected answer from GET \/auth\/me: ok: /);
  });

  it('rejects a body that is not JSON', async () => {
    const server = fakeServer([() => new Response('<html>', { status: 200 })]);
    await expect(clientWith(server).get('/config', okSchema)).rejects.toThrow(
      'Unexpected answer from GET /config: the body is not JSON',
    );
  });
});
