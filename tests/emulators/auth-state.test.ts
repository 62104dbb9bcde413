import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAuthApp } from '../../emulators/auth/app';
import { seedUserId } from '../../emulators/auth/seed';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'auth-emulator-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function signIn(app: ReturnType<typeof buildAuthApp>, email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    payload: { email, password },
  });
}

describe('seeded accounts', () => {
  it('have ids fixed by their address, the same on every start', async () => {
    const first = buildAuthApp();
    const second = buildAuthApp();
    const a = (await signIn(first, 'admin@example.com', 'Admin123!')).json();
    const b = (await signIn(second, 'admin@example.com', 'Admin123!')).json();
    expect(a.user.id).toBe(b.user.id);
    expect(a.user.id).toBe(seedUserId('admin@example.com'));
    expect(a.user.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.user.user_metadata.full_name).toBe('Ada Admin');
    await Promise.all([first.close(), second.close()]);
  });

  it('keep the ids published in docs/emulators.md', () => {
    expect(seedUserId('customer@example.com')).toBe('2d5a32ea-305b-5866-9b8c-26367d2c47c1');
    expect(seedUserId('admin@example.com')).toBe('c1875fe5-f410-5ef5-8236-0adce5eed54e');
  });
});

describe('state file', () => {
  it('keeps accounts and the signing key across restarts, with passwords hashed', async () => {
    const stateFile = join(dir, 'nested', 'auth.json');
    const first = buildAuthApp({ stateFile, autoconfirm: true });
    const created = await first.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      payload: { email: 'kept@example.com', password: 'Persist123!' },
    });
    expect(created.statusCode).toBe(200);
    const token = created.json().access_token as string;
    const jwksBefore = (await first.inject({ method: 'GET', url: '/auth/v1/.well-known/jwks.json' })).json();
    await first.close();

    const file = await readFile(stateFile, 'utf8');
    expect(file).toContain('kept@example.com');
    expect(file).not.toContain('Persist123!');
    expect(file).not.toContain('Customer123!');

    const second = buildAuthApp({ stateFile });
    expect((await signIn(second, 'kept@example.com', 'Persist123!')).statusCode).toBe(200);
    expect((await second.inject({ method: 'GET', url: '/auth/v1/.well-known/jwks.json' })).json()).toEqual(
      jwksBefore,
    );
    // The session survived as well, so a browser's stored session stays valid across a restart.
    const user = await second.inject({
      method: 'GET',
      url: '/auth/v1/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(user.statusCode).toBe(200);
    await second.close();
  });
});

describe('POST /_emulator/reset', () => {
  const resetKey = 'test-reset-key-0123456789';
  const withKey = { authorization: `Bearer ${resetKey}` };

  it('is refused without the reset key, and off when the emulator has none', async () => {
    const keyed = buildAuthApp({ resetKey });
    for (const headers of [{}, { authorization: 'Bearer wrong-key-0123456789abc' }]) {
      const refused = await keyed.inject({ method: 'POST', url: '/_emulator/reset', headers });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe('Reset needs Authorization: Bearer <AUTH_EMULATOR_RESET_KEY>.');
    }
    await keyed.close();
    const keyless = buildAuthApp();
    const off = await keyless.inject({ method: 'POST', url: '/_emulator/reset', headers: withKey });
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe('Reset is off: start the emulator with AUTH_EMULATOR_RESET_KEY.');
    await keyless.close();
  });

  it('forgets everything but the seeded accounts and the signing key', async () => {
    const app = buildAuthApp({ autoconfirm: true, resetKey });
    const signup = await app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      payload: { email: 'temp@example.com', password: 'Secret123!' },
    });
    const token = signup.json().access_token as string;
    const jwks = (await app.inject({ method: 'GET', url: '/auth/v1/.well-known/jwks.json' })).json();

    const reset = await app.inject({ method: 'POST', url: '/_emulator/reset', headers: withKey });
    expect(reset.statusCode).toBe(200);

    expect((await signIn(app, 'temp@example.com', 'Secret123!')).statusCode).toBe(400);
    expect((await signIn(app, 'customer@example.com', 'Customer123!')).statusCode).toBe(200);
    const user = await app.inject({
      method: 'GET',
      url: '/auth/v1/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(user.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/auth/v1/.well-known/jwks.json' })).json()).toEqual(jwks);
    await app.close();
  });
});
