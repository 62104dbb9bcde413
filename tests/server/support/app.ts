import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type RouteOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { startPaymentsEmulator } from '../../../emulators/payments/app';
import { beaconApp, serverOptions } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { dropPostgresSchema } from '../../../server/db/client';
import { TEST_SUPABASE_URL, testAuthService, testTokenKeys } from './tokens';

/** PGlite (in memory) always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const ENGINES: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export type TestApp = {
  app: FastifyInstance;
  /** The PostgreSQL schema of this app (postgres engine only), e.g. to start a second replica on it. */
  schema: string | null;
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** Environment variables on top of the test defaults. */
  env?: Record<string, string>;
  /** Extra routes registered after the app (test-only endpoints stay in test files). */
  routes?: FastifyPluginAsync;
  /** Reuse an existing PostgreSQL schema (a second replica) instead of creating a fresh one. */
  schema?: string;
  /** Verify tokens against the JWKS at SUPABASE_JWKS_URL, as production does, instead of the test key set. */
  remoteJwks?: boolean;
  /** Sees every route as the app registers it (its method, full path and schemas). */
  onRoute?: (route: RouteOptions) => void;
};

/**
 * Builds the whole app against a throw-away database: in-memory PGlite, or a fresh PostgreSQL schema that is
 * dropped afterwards (so parallel runs never collide). Tokens are verified against the test key pair.
 */
export async function startTestApp(
  engine: 'pglite' | 'postgres',
  options: TestAppOptions = {},
): Promise<TestApp> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const ownsSchema = engine === 'postgres' && !options.schema;
  const schema = engine === 'postgres' ? (options.schema ?? `test_${randomBytes(6).toString('hex')}`) : null;
  const database =
    engine === 'postgres' && databaseUrl && schema
      ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema }
      : { PGLITE_DATA_DIR: 'memory://' };
  // The payment provider is a stand-in of the app's own (unless the test brings one via STRIPE_API_URL), so no
  // test ever reaches a developer's running `npm start` stand-in on the default port.
  const payments =
    options.env?.STRIPE_API_URL !== undefined
      ? null
      : await startPaymentsEmulator({ port: 0, host: '127.0.0.1', seedDemoCustomer: false });
  const config = loadConfig({
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SUPABASE_URL: TEST_SUPABASE_URL,
    ADMIN_EMAILS: 'admin@example.com',
    SPA_DIST: '/nonexistent/spa-dist',
    SEED_DEMO: 'false',
    // Generous limits: the rate-limit tests set their own.
    RATE_LIMIT_SIGN_IN_MAX: '10000',
    RATE_LIMIT_SIGNUPS_MAX: '10000',
    RATE_LIMIT_CONTACT_MAX: '10000',
    RATE_LIMIT_SIGNUP_LOOKUP_MAX: '10000',
    RATE_LIMIT_SIGN_IN_ACCOUNT_MAX: '10000',
    RATE_LIMIT_SIGNUPS_ACCOUNT_MAX: '10000',
    RATE_LIMIT_BILLING_ACCOUNT_MAX: '10000',
    RATE_LIMIT_ADMIN_MAX: '10000',
    ...database,
    ...(payments ? { STRIPE_API_URL: payments.url } : {}),
    ...options.env,
  });
  const app = Fastify(serverOptions(config));
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  await app.register(beaconApp, {
    config,
    ...(options.remoteJwks ? {} : { tokenKeys: testTokenKeys }),
    authServiceUsers: testAuthService.lookUp,
  });
  if (options.routes) await app.register(options.routes);
  await app.ready();
  return {
    app,
    schema,
    close: async () => {
      await app.close();
      await payments?.close();
      if (ownsSchema && schema && databaseUrl) await dropPostgresSchema(databaseUrl, schema);
    },
  };
}

/**
 * What a test reaches through the value `current` gives once the block's app is built: every property and method of
 * it, as if it were the value (a test's `app.inject`, `app.db`, `payments.stripe`).
 */
export function forwardingTo<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get: (_, key) => {
      const target = current();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    has: (_, key) => Reflect.has(current(), key),
  });
}

/**
 * Builds before the tests of the describe block that calls it, closes after them, as fastify/demo's `build(t)`
 * does for a test. `current()` is the built value, inside the tests.
 */
export function builtForBlock<T extends { close(): Promise<void> }>(start: () => Promise<T>) {
  let built: T | undefined;
  beforeAll(async () => {
    built = await start();
  });
  afterAll(() => built?.close());
  return () => {
    if (!built) throw new Error('The app is built before the tests of its block: use it inside a test.');
    return built;
  };
}

/**
 * The app for the tests of a describe block, in one call: `const { app } = build(engine)`. It is started before
 * the block's tests on a throw-away database (startTestApp) and closed after them; `app` is that app, in the
 * tests' bodies, and `testApp()` the whole of it (its schema, for a second replica).
 */
export function build(engine: 'pglite' | 'postgres', options: TestAppOptions = {}) {
  const testApp = builtForBlock(() => startTestApp(engine, options));
  return { app: forwardingTo(() => testApp().app), testApp };
}

/** The auth service of a production-like test app (https, so outside local mode). */
export const PRODUCTION_AUTH_URL = 'https://auth.test.example';
export const PRODUCTION_ISSUER = `${PRODUCTION_AUTH_URL}/auth/v1`;

/** Settings of a real deployment (not local mode), for tests of what local mode allows and production refuses. */
export const PRODUCTION_ENV: Record<string, string> = {
  PUBLIC_URL: 'https://app.example.com',
  SESSION_SECRET: 'test-session-secret-'.padEnd(40, 's'),
  CSRF_SECRET: 'test-csrf-secret-'.padEnd(40, 'c'),
  SUPABASE_URL: PRODUCTION_AUTH_URL,
  SUPABASE_ANON_KEY: 'test-anon-key',
  DASHBOARD_URL: 'https://dashboard.example.com',
  // Stripe itself, as in production (an http stand-in is refused outside local mode): the no-network guard fails
  // any test of a production-like app that would reach it.
  STRIPE_API_URL: '',
  STRIPE_SECRET_KEY: 'sk_test_production_like',
  STRIPE_WEBHOOK_SECRET: 'whsec_production_like',
};

let counter = 0;
/** A fresh address per test, so tests in one file never share records. */
export function uniqueEmail(name = 'user'): string {
  counter += 1;
  return `${name}-${counter}-${randomBytes(3).toString('hex')}@example.com`;
}
