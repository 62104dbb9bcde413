import { describe, expect, it } from 'vitest';
import { buildDashboardApp, DASHBOARD_TITLE } from '../../emulators/dashboard/app';
import { parseEmulatorEnv } from '../../emulators/env';
import { startMailEmulator } from '../../emulators/mail/app';
import { remoteBindRefusal } from '../../emulators/shared/listen';

describe('dashboard stand-in', () => {
  it('serves a titled page on any path, noting that production uses DASHBOARD_URL', async () => {
    const app = buildDashboardApp();
    const response = await app.inject({ method: 'GET', url: '/devices/42' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<title>${DASHBOARD_TITLE}</title>`);
    expect(DASHBOARD_TITLE).toBe('Beacon RMM Dashboard (local stand-in)');
    expect(response.body).toContain('DASHBOARD_URL');
    await app.close();
  });
});

describe('emulator settings from the environment', () => {
  it('defaults to the documented local ports and URLs', () => {
    const env = parseEmulatorEnv({});
    expect(env).toMatchObject({
      AUTH_EMULATOR_PORT: 54321,
      MAIL_EMULATOR_PORT: 54324,
      DASHBOARD_EMULATOR_PORT: 54330,
      SITE_URL: 'http://localhost:3000',
      AUTH_EMULATOR_REDIRECT_ORIGINS: ['http://localhost:5173'],
      AUTH_EMULATOR_AUTOCONFIRM: false,
      AUTH_EMULATOR_JWT_EXPIRY: 3600,
    });
    expect(env.AUTH_EMULATOR_STATE_FILE).toMatch(/\.data\/auth-emulator\.json$/);
  });

  it('reads overrides, and an empty state file means memory only', () => {
    const env = parseEmulatorEnv({
      AUTH_EMULATOR_PORT: '6000',
      AUTH_EMULATOR_AUTOCONFIRM: 'true',
      AUTH_EMULATOR_REDIRECT_ORIGINS: 'http://localhost:5173, http://127.0.0.1:3000',
      AUTH_EMULATOR_STATE_FILE: '',
    });
    expect(env.AUTH_EMULATOR_PORT).toBe(6000);
    expect(env.AUTH_EMULATOR_AUTOCONFIRM).toBe(true);
    expect(env.AUTH_EMULATOR_REDIRECT_ORIGINS).toEqual(['http://localhost:5173', 'http://127.0.0.1:3000']);
    expect(env.AUTH_EMULATOR_STATE_FILE).toBe('');
  });

  it('fails with a list of every bad value', () => {
    expect(() => parseEmulatorEnv({ AUTH_EMULATOR_PORT: 'abc', SITE_URL: 'nope' })).toThrow(
      /AUTH_EMULATOR_PORT: must be a whole number\n {2}SITE_URL: must be an absolute URL/,
    );
  });
});

describe('where the emulators listen', () => {
  it('refuses to bind beyond loopback unless told explicitly', async () => {
    await expect(startMailEmulator({ port: 0, host: '0.0.0.0' })).rejects.toThrow(
      'The emulators listen on loopback only: EMULATOR_HOST=0.0.0.0 would expose stand-ins with published keys and passwords to other machines. Set EMULATOR_ALLOW_REMOTE=true if that is really wanted (e.g. inside a container network).',
    );
    expect(remoteBindRefusal('::', false)).toMatch(/EMULATOR_HOST=::/);
    expect(remoteBindRefusal('0.0.0.0', true)).toBeNull();
  });

  it.each(['localhost', '127.0.0.1', '::1'])('binds %s without being told', (host) => {
    expect(remoteBindRefusal(host, false)).toBeNull();
  });

  it('reads EMULATOR_ALLOW_REMOTE and the reset key', () => {
    expect(parseEmulatorEnv({}).EMULATOR_ALLOW_REMOTE).toBe(false);
    const env = parseEmulatorEnv({ EMULATOR_ALLOW_REMOTE: 'true', AUTH_EMULATOR_RESET_KEY: 'k'.repeat(16) });
    expect(env).toMatchObject({ EMULATOR_ALLOW_REMOTE: true, AUTH_EMULATOR_RESET_KEY: 'k'.repeat(16) });
  });
});
