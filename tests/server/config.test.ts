import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDuration } from '../../server/config';

const PRODUCTION = {
  PUBLIC_URL: 'https://app.example.com',
  SESSION_SECRET: 's'.repeat(40),
  CSRF_SECRET: 'c'.repeat(40),
  SUPABASE_URL: 'https://project.supabase.co',
  SUPABASE_ANON_KEY: 'anon',
  DASHBOARD_URL: 'https://dashboard.example.com',
  DATABASE_URL: 'postgres://app@db.example.com/beacon',
  STRIPE_SECRET_KEY: 'sk_live_example',
  STRIPE_WEBHOOK_SECRET: 'whsec_example',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('loadConfig (server/config.ts)', () => {
  describe('on a developer machine (PUBLIC_URL on localhost)', () => {
    it('starts with no variables at all, on local-only defaults', () => {
      const config = loadConfig({});
      expect(config).toMatchObject({
        port: 3000,
        localDev: true,
        secureCookies: false,
        database: { kind: 'pglite', dataDir: '.data/pglite' },
        supabase: {
          url: 'http://localhost:54321',
          issuer: 'http://localhost:54321/auth/v1',
          jwksUrl: 'http://localhost:54321/auth/v1/.well-known/jwks.json',
          jwtSecret: null,
        },
        dashboardUrl: 'http://localhost:54330',
        adminEmails: ['admin@example.com'],
        allowedOrigins: ['http://localhost:5173'],
        seedDemo: true,
        spaDist: 'dist',
        bodyLimitBytes: 65536,
      });
      expect(config.sessionSecret).toContain('local-only');
    });

    it('points the payment provider at the local stand-in with local-only keys', () => {
      expect(loadConfig({}).stripe).toEqual({
        secretKey: 'sk_test_local_only_payments_emulator',
        webhookSecret: 'whsec_local_only_payments_emulator_secret',
        apiUrl: new URL('http://localhost:12111'),
      });
      expect(loadConfig({ STRIPE_API_URL: '' }).stripe.apiUrl).toBeNull();
    });

    it('runs without an auth service when SUPABASE_URL is set empty', () => {
      expect(loadConfig({ SUPABASE_URL: '' }).supabase).toMatchObject({
        url: null,
        anonKey: null,
        jwksUrl: null,
      });
    });

    it('refuses local defaults when LOCAL_DEV=false says this is not a developer machine', () => {
      const problems = problemsOf({ LOCAL_DEV: 'false' });
      expect(problems.join('\n')).toMatch(/SESSION_SECRET/);
      expect(problems.join('\n')).toMatch(/CSRF_SECRET/);
    });
  });

  describe('in production (PUBLIC_URL elsewhere)', () => {
    it('starts with the required values and uses none of the local defaults', () => {
      const config = loadConfig(PRODUCTION);
      expect(config).toMatchObject({
        localDev: false,
        secureCookies: true,
        database: { kind: 'postgres', url: PRODUCTION.DATABASE_URL, schema: 'public' },
        adminEmails: [],
        allowedOrigins: [],
        seedDemo: false,
      });
    });

    it('lists every missing secret and local-only value at once, never defaulting silently', () => {
      const problems = problemsOf({ PUBLIC_URL: 'https://app.example.com' });
      for (const name of ['SESSION_SECRET', 'CSRF_SECRET', 'SUPABASE_URL', 'DASHBOARD_URL']) {
        expect(
          problems.some((problem) => problem.startsWith(name)),
          name,
        ).toBe(true);
      }
    });

    it('requires the payment provider keys, talks to Stripe itself, and refuses keys of the wrong kind', () => {
      expect(loadConfig(PRODUCTION).stripe).toEqual({
        secretKey: 'sk_live_example',
        webhookSecret: 'whsec_example',
        apiUrl: null,
      });
      const { STRIPE_SECRET_KEY: _key, STRIPE_WEBHOOK_SECRET: _secret, ...rest } = PRODUCTION;
      const missing = problemsOf(rest).join('\n');
      expect(missing).toMatch(/STRIPE_SECRET_KEY: required/);
      expect(missing).toMatch(/STRIPE_WEBHOOK_SECRET: required/);
      const wrong = problemsOf({
        ...PRODUCTION,
        STRIPE_SECRET_KEY: 'pk_live_public',
        STRIPE_WEBHOOK_SECRET: 'secret',
      });
      expect(wrong.join('\n')).toMatch(/STRIPE_SECRET_KEY must be a secret key/);
      expect(wrong.join('\n')).toMatch(/STRIPE_WEBHOOK_SECRET must be a webhook signing secret/);
    });

    it('requires the anon key when an auth service is configured', () => {
      const { SUPABASE_ANON_KEY: _key, ...rest } = PRODUCTION;
      expect(problemsOf(rest).join('\n')).toMatch(/SUPABASE_ANON_KEY/);
    });
  });

  it('reports every malformed value with its name', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      PUBLIC_URL: 'not a url',
      SESSION_SECRET: 'short',
      SESSION_IDLE_TTL: 'forever',
      LOG_LEVEL: 'loud',
      ADMIN_EMAILS: 'not-an-address',
      DATABASE_URL: 'mysql://x',
      BODY_LIMIT: '12',
    });
    for (const name of [
      'PORT',
      'PUBLIC_URL',
      'SESSION_SECRET',
      'SESSION_IDLE_TTL',
      'LOG_LEVEL',
      'ADMIN_EMAILS',
      'DATABASE_URL',
      'BODY_LIMIT',
    ]) {
      expect(
        problems.some((problem) => problem.startsWith(name)),
        name,
      ).toBe(true);
    }
  });

  it('refuses identical session and CSRF secrets, and an absolute TTL shorter than the idle TTL', () => {
    const problems = problemsOf({
      ...PRODUCTION,
      CSRF_SECRET: PRODUCTION.SESSION_SECRET,
      SESSION_IDLE_TTL: '2d',
      SESSION_ABSOLUTE_TTL: '1d',
    });
    expect(problems.join('\n')).toMatch(/CSRF_SECRET: must differ/);
    expect(problems.join('\n')).toMatch(/SESSION_ABSOLUTE_TTL/);
  });

  it('lowercases ADMIN_EMAILS and reads durations', () => {
    const config = loadConfig({
      ADMIN_EMAILS: ' Boss@Example.com , ops@example.com',
      SESSION_IDLE_TTL: '30m',
    });
    expect(config.adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
    expect(config.session.idleTtlMs).toBe(30 * 60_000);
    expect(parseDuration('90')).toBe(90_000);
    expect(parseDuration('14d')).toBe(14 * 86_400_000);
    expect(parseDuration('soon')).toBeNull();
  });
});

describe('SQL migrations (server/db/migrations)', () => {
  it('name no schema, so DATABASE_SCHEMA (and the per-file test schemas) decide where tables live', async () => {
    const folder = new URL('../../server/db/migrations/', import.meta.url);
    const files = (await readdir(folder)).filter((file) => file.endsWith('.sql'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(await readFile(new URL(file, folder), 'utf8'), file).not.toMatch(/"public"\./);
    }
  });
});
