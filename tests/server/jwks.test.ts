import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedRemoteJwks } from '../../server/services/jwks-cache';
import { createTokenVerifier, KeySourceUnavailableError } from '../../server/services/token-verifier';
import { startTestApp, type TestApp, uniqueEmail } from './support/app';
import { TestClient } from './support/client';
import { mintToken, TEST_ISSUER, TEST_JWKS } from './support/tokens';

/** A stand-in JWKS endpoint whose answer the test decides. */
function jwksEndpoint() {
  const state = { status: 200, fetches: 0 };
  const fetchImpl: typeof fetch = async () => {
    state.fetches += 1;
    return new Response(state.status === 200 ? JSON.stringify(TEST_JWKS) : 'upstream down', {
      status: state.status,
    });
  };
  return { state, fetchImpl };
}

describe('the JWKS cache (stale-if-error, bounded)', () => {
  const MINUTE = 60_000;
  function setUp() {
    const endpoint = jwksEndpoint();
    let clock = 0;
    const stale: number[] = [];
    const keys = cachedRemoteJwks({
      url: 'https://auth.example/jwks',
      fetch: endpoint.fetchImpl,
      now: () => clock,
      maxAgeMs: 10 * MINUTE,
      staleIfErrorMs: 30 * MINUTE,
      cooldownMs: MINUTE,
      onStale: (_error, ageMs) => stale.push(ageMs),
    });
    const verify = createTokenVerifier({ issuer: TEST_ISSUER, keys, hs256Secret: null });
    return { endpoint, verify, stale, advance: (ms: number) => (clock += ms) };
  }

  it('answers KeySourceUnavailableError (not an invalid token) when the JWKS answers 5xx and nothing is cached', async () => {
    const { endpoint, verify } = setUp();
    endpoint.state.status = 503;
    await expect(verify(await mintToken(uniqueEmail()))).rejects.toBeInstanceOf(KeySourceUnavailableError);
  });

  it('fetches once and reuses the key set while it is fresh', async () => {
    const { endpoint, verify, advance } = setUp();
    await verify(await mintToken(uniqueEmail()));
    advance(9 * MINUTE);
    await verify(await mintToken(uniqueEmail()));
    expect(endpoint.state.fetches).toBe(1);
  });

  it('keeps verifying with the cached key set through a short outage, and reports it', async () => {
    const { endpoint, verify, stale, advance } = setUp();
    await verify(await mintToken(uniqueEmail()));
    endpoint.state.status = 500;
    advance(20 * MINUTE);
    await expect(verify(await mintToken(uniqueEmail()))).resolves.toMatchObject({ issuer: TEST_ISSUER });
    expect(stale).toEqual([20 * MINUTE]);
  });

  it('stops serving the stale key set past the bound', async () => {
    const { endpoint, verify, advance } = setUp();
    await verify(await mintToken(uniqueEmail()));
    endpoint.state.status = 500;
    advance(41 * MINUTE);
    await expect(verify(await mintToken(uniqueEmail()))).rejects.toBeInstanceOf(KeySourceUnavailableError);
  });

  it('picks the fresh key set up again once the auth service answers', async () => {
    const { endpoint, verify, advance } = setUp();
    await verify(await mintToken(uniqueEmail()));
    endpoint.state.status = 500;
    advance(20 * MINUTE);
    await verify(await mintToken(uniqueEmail()));
    endpoint.state.status = 200;
    await verify(await mintToken(uniqueEmail()));
    const fetchesAfterRecovery = endpoint.state.fetches;
    await verify(await mintToken(uniqueEmail()));
    expect(endpoint.state.fetches).toBe(fetchesAfterRecovery);
  });
});

describe('the sign-in exchange while the JWKS is down', () => {
  let server: Server;
  let status = 200;
  let testApp: TestApp;
  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(status === 200 ? JSON.stringify(TEST_JWKS) : '{"message":"bad gateway"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    testApp = await startTestApp('pglite', {
      remoteJwks: true,
      env: { SUPABASE_JWKS_URL: `http://127.0.0.1:${port}/jwks` },
    });
  });
  afterAll(async () => {
    await testApp.close();
    server.close();
  });

  it('answers 503 auth_unavailable, not 401 invalid_token, and signs in once the JWKS answers again', async () => {
    status = 502;
    const client = new TestClient(testApp.app);
    await client.fetchCsrf();
    const during = await client.post('/api/auth/sso/supabase', { token: await mintToken(uniqueEmail()) });
    expect(during.statusCode).toBe(503);
    expect(during.json()).toMatchObject({ code: 'auth_unavailable' });
    status = 200;
    const after = await client.post('/api/auth/sso/supabase', { token: await mintToken(uniqueEmail()) });
    expect(after.statusCode).toBe(200);
  });
});
