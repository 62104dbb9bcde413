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

    it('refuses local mode with NODE_ENV=production, whether implied or asked for', () => {
      expect(problemsOf({ NODE_ENV: 'production' })).toContain(
        'PUBLIC_URL: refused with NODE_ENV=production: without PUBLIC_URL (or with a localhost one) the server runs in local mode (published placeholder secrets, a demo admin, demo data, non-Secure cookies). Set PUBLIC_URL to the https address people use, and the production settings (.env.example).',
      );
      expect(problemsOf({ ...PRODUCTION, NODE_ENV: 'production', LOCAL_DEV: 'true' }).join('\n')).toMatch(
        /^LOCAL_DEV: refused with NODE_ENV=production: LOCAL_DEV=true turns on local mode/m,
      );
      expect(loadConfig({ ...PRODUCTION, NODE_ENV: 'production' }).localDev).toBe(false);
    });

    it('refuses local mode when listening beyond this machine', () => {
      expect(problemsOf({ HOST: '0.0.0.0' })).toContain(
        'HOST: refused: without PUBLIC_URL (or with a localhost one) the server runs in local mode (published placeholder secrets, a demo admin, demo data, non-Secure cookies) and HOST=0.0.0.0 listens beyond this machine. Use HOST=localhost, or set PUBLIC_URL and the production settings.',
      );
      expect(loadConfig({ HOST: '127.0.0.1' }).localDev).toBe(true);
      expect(loadConfig({ ...PRODUCTION, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    });

    it('requires an explicit https PUBLIC_URL outside local mode', () => {
      const { PUBLIC_URL: _url, ...rest } = PRODUCTION;
      expect(problemsOf({ ...rest, LOCAL_DEV: 'false' })).toContain(
        'PUBLIC_URL: required outside local mode.',
      );
      expect(problemsOf({ ...PRODUCTION, PUBLIC_URL: 'http://app.example.com' })).toContain(
        'PUBLIC_URL: must be https outside local mode (session cookies must be Secure).',
      );
    });

    it('requires https for the auth service and its JWKS outside local mode', () => {
      const problems = problemsOf({
        ...PRODUCTION,
        SUPABASE_URL: 'http://auth.example.com',
        SUPABASE_JWKS_URL: 'http://auth.example.com/jwks',
      });
      expect(problems).toContain(
        'SUPABASE_URL: must be https outside local mode (tokens and keys must not travel in clear).',
      );
      expect(problems).toContain(
        'SUPABASE_JWKS_URL: must be https outside local mode (tokens and keys must not travel in clear).',
      );
    });

    it('requires DATABASE_URL outside local mode, unless an embedded database is chosen on purpose', () => {
      const { DATABASE_URL: _url, ...rest } = PRODUCTION;
      expect(problemsOf(rest)).toContain(
        'DATABASE_URL: required outside local mode (each replica would otherwise keep its own embedded database); set PGLITE_DATA_DIR instead to run one replica on an embedded database on purpose.',
      );
      expect(loadConfig({ ...rest, PGLITE_DATA_DIR: '/var/lib/beacon' }).database).toEqual({
        kind: 'pglite',
        dataDir: '/var/lib/beacon',
      });
    });

    it('refuses the demo seed outside local mode', () => {
      expect(problemsOf({ ...PRODUCTION, SEED_DEMO: 'true' })).toContain(
        'SEED_DEMO: the demo records belong to local mode only.',
      );
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

    it('refuses an http STRIPE_API_URL: the secret key would travel in clear', () => {
      expect(
        problemsOf({
          ...PRODUCTION,
          STRIPE_SECRET_KEY: 'sk_test_x',
          STRIPE_API_URL: 'http://payments.example',
        }),
      ).toContain(
        'STRIPE_API_URL: must be https outside local mode (the secret key must not travel in clear); leave it unset to use Stripe itself.',
      );
      expect(
        loadConfig({
          ...PRODUCTION,
          STRIPE_SECRET_KEY: 'sk_test_x',
          STRIPE_API_URL: 'https://stripe-mock.example',
        }).stripe.apiUrl?.href,
      ).toBe('https://stripe-mock.example/');
    });

    it.each([
      ['a stand-in over https', { STRIPE_API_URL: 'https://payments.example' }],
      ['a look-alike host', { STRIPE_API_URL: 'https://api.stripe.com.evil.example' }],
      ['the local stand-in (local mode)', { PUBLIC_URL: 'http://localhost:3000', DATABASE_URL: '' }],
      [
        'a restricted live key',
        { STRIPE_SECRET_KEY: 'rk_live_x', STRIPE_API_URL: 'https://payments.example' },
      ],
    ])('refuses a live key sent anywhere but Stripe: %s', (_case, change) => {
      const problems = problemsOf({ ...PRODUCTION, ...change }).join('\n');
      expect(problems).toMatch(
        /STRIPE_SECRET_KEY: a live key is sent only to Stripe itself \(https:\/\/api\.stripe\.com\), and STRIPE_API_URL is /,
      );
    });

    it('accepts a live key with Stripe itself, named or by default', () => {
      expect(
        loadConfig({ ...PRODUCTION, STRIPE_API_URL: 'https://api.stripe.com' }).stripe.apiUrl?.origin,
      ).toBe('https://api.stripe.com');
      expect(loadConfig(PRODUCTION).stripe.apiUrl).toBeNull();
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

  describe('TRUST_PROXY', () => {
    it.each([
      ['false', false],
      ['0', false],
      ['1', 1],
      ['2', 2],
      ['10.0.0.0/8, 192.168.1.1', ['10.0.0.0/8', '192.168.1.1']],
      ['fd00::/8,::1', ['fd00::/8', '::1']],
    ])('reads %s', (value, expected) => {
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
    });

    it('refuses true, which would let any client choose its own address', () => {
      expect(problemsOf({ TRUST_PROXY: 'true' }).join('\n')).toMatch(
        /TRUST_PROXY=true would believe any X-Forwarded-For.*give the number of proxies/,
      );
    });

    it.each(['10.0.0.0/33', 'not-an-address', '10.0.0.1/8/8', 'fd00::/129', '11'])('refuses %s', (value) => {
      expect(problemsOf({ TRUST_PROXY: value }).join('\n')).toMatch(/TRUST_PROXY must be/);
    });
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
