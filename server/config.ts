import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import * as v from 'valibot';
import { type LogFormat, logFormatSchema } from '../contract/log-format';

/**
 * The server's whole configuration, read once from the environment at start and validated with valibot.
 * A bad or missing value fails the start with a list of every problem (ConfigError), never a default in
 * production: local-only defaults apply only in local mode (LOCAL_DEV, which defaults to on when PUBLIC_URL
 * points at this machine).
 */

export type DatabaseConfig =
  | { kind: 'pglite' /** A directory, or 'memory://' for a throw-away database. */; dataDir: string }
  | {
      kind: 'postgres';
      url: string /** PostgreSQL schema holding our tables (search_path). */;
      schema: string;
      /** How long a starting replica waits for another one's migrations (separate from statement timeouts). */
      migrationLockTimeoutMs: number;
    };

export type RateLimitRule = { max: number; windowMs: number };

export type Config = {
  port: number;
  host: string;
  publicUrl: URL;
  /** Origins besides PUBLIC_URL that may send non-GET requests (the Vite dev server in local mode). */
  allowedOrigins: string[];
  /** Cookies get Secure and the __Host- prefix. */
  secureCookies: boolean;
  localDev: boolean;
  database: DatabaseConfig;
  sessionSecret: string;
  csrfSecret: string;
  session: {
    idleTtlMs: number;
    absoluteTtlMs: number;
    cacheTtlMs: number;
    authGraceMs: number;
    maxPerUser: number;
  };
  supabase: {
    /** null: no auth service; the SPA falls back to /api/auth/login. */
    url: string | null;
    anonKey: string | null;
    jwtSecret: string | null;
    jwksUrl: string | null;
    issuer: string | null;
  };
  dashboardUrl: string;
  stripe: StripeConfig;
  adminEmails: string[];
  rateLimits: {
    signIn: RateLimitRule;
    /** Sign-ins of one auth-service account, from any address. */
    signInPerAccount: RateLimitRule;
    signups: RateLimitRule;
    /** Signup writes of one user, from any address. */
    signupsPerAccount: RateLimitRule;
    /** GET /api/signups?email= (it tells whether an address is registered). */
    signupLookup: RateLimitRule;
    contact: RateLimitRule;
    /**
     * Each billing change of one account that calls the provider (checkout, portal, cancel, change plan, sync of a
     * Checkout), counted per action: the provider's rate limit is shared by every customer.
     */
    billingPerAccount: RateLimitRule;
    /** Requests to /api/admin/* from one client address. */
    adminPerClient: RateLimitRule;
  };
  bodyLimitBytes: number;
  spaDist: string;
  /** Serve the build's .map files (on in local mode; elsewhere only with SERVE_SOURCE_MAPS=true). */
  serveSourceMaps: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** LOG_FORMAT; undefined: pretty at a terminal, JSON otherwise (chooseLogFormat). */
  logFormat: LogFormat | undefined;
  /**
   * Which X-Forwarded-For entries to believe: false (none: the socket's address), a number of proxy hops in front
   * of the server, or the proxies' own addresses/CIDRs. Never "all" (a client could pick its own address).
   */
  trustProxy: false | number | string[];
  seedDemo: boolean;
  /** At SIGTERM, how long readiness answers 503 before the server stops taking requests. */
  shutdownDrainMs: number;
  /** How long audit-log rows are kept; the housekeeping deletes older ones. */
  auditLogRetentionMs: number;
  /** How recent a sign-in a money-moving admin action needs (step-up; STEP_UP_MAX_AGE, default 5 min). */
  stepUpMaxAgeMs: number;
  version: string;
};

export type StripeConfig = {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends API calls (the local stand-in); null: Stripe itself. */
  apiUrl: URL | null;
};

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Values that only make sense on a developer's machine: used only in local mode, and named so in .env.example. */
export const LOCAL_DEFAULTS = {
  SESSION_SECRET: 'local-only-session-secret-do-not-use-in-production',
  CSRF_SECRET: 'local-only-csrf-secret-do-not-use-in-production-',
  SUPABASE_URL: 'http://localhost:54321',
  /** The auth emulator's public anon key (a placeholder: the emulator accepts any apikey). */
  SUPABASE_ANON_KEY: 'local-emulator-anon-key',
  DASHBOARD_URL: 'http://localhost:54330',
  ADMIN_EMAILS: 'admin@example.com',
  ALLOWED_ORIGINS: 'http://localhost:5173',
  PGLITE_DATA_DIR: '.data/pglite',
  /** The payments stand-in accepts any sk_test_ key; this one is only a placeholder. */
  STRIPE_SECRET_KEY: 'sk_test_local_only_payments_emulator',
  /** Matches the payments stand-in's local signing secret (emulators/payments/app.ts). */
  STRIPE_WEBHOOK_SECRET: 'whsec_local_only_payments_emulator_secret',
  STRIPE_API_URL: 'http://localhost:12111',
} as const;

const SECRET_MIN_LENGTH = 32;
const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** '90s', '30m', '8h', '14d', or plain seconds. */
export function parseDuration(text: string): number | null {
  const match = /^(\d+)(ms|s|m|h|d)?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * (DURATION_UNITS[match[2] ?? 's'] ?? 1000);
}

const duration = (name: string, minimumMs = 1000) =>
  v.pipe(
    v.string(),
    v.transform(parseDuration),
    v.number(`${name} must be a duration such as 45s, 30m, 8h or 14d.`),
    v.minValue(minimumMs, `${name} must be at least ${minimumMs} ms.`),
  );

const integer = (name: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.transform(Number),
    v.number(`${name} must be a number.`),
    v.integer(`${name} must be a whole number.`),
    v.minValue(min, `${name} must be at least ${min}.`),
    v.maxValue(max, `${name} must be at most ${max}.`),
  );

const flag = (name: string) =>
  v.pipe(
    v.string(),
    v.toLowerCase(),
    v.picklist(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], `${name} must be true or false.`),
    v.transform((value) => ['1', 'true', 'yes', 'on'].includes(value)),
  );

const httpUrl = (name: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.url(`${name} must be an absolute http(s) URL.`),
    v.check(
      (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
      `${name} must use http or https.`,
    ),
    v.transform((value) => value.replace(/\/+$/, '')),
  );

const emailList = v.pipe(
  v.string(),
  v.transform((text) =>
    text
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  ),
  v.check(
    (emails) => emails.every((email) => /^[^\s@]+@[^\s@]+$/.test(email)),
    'ADMIN_EMAILS must be e-mail addresses separated by commas.',
  ),
);

const originList = v.pipe(
  v.string(),
  v.transform((text) =>
    text
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  ),
  v.check(
    (origins) => origins.every((origin) => URL.canParse(origin) && new URL(origin).origin === origin),
    'ALLOWED_ORIGINS must be origins (scheme://host[:port]) separated by commas.',
  ),
);

/** A hop count, or IPv4/IPv6 addresses and CIDRs separated by commas. */
function trustProxySchema() {
  return v.pipe(
    v.string(),
    v.trim(),
    v.check(
      (text) => !/^(true|yes|on)$/i.test(text),
      'TRUST_PROXY=true would believe any X-Forwarded-For, so a client could choose its own address and escape every rate limit: give the number of proxies in front of the server (e.g. 1), or their addresses/CIDRs separated by commas.',
    ),
    v.transform((text): false | number | string[] => {
      if (/^(false|no|off|0|)$/i.test(text)) return false;
      if (/^\d+$/.test(text)) return Number(text);
      return text
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
    }),
    v.check(
      (value) => typeof value !== 'number' || (value >= 1 && value <= 10),
      'TRUST_PROXY must be a hop count from 1 to 10, or addresses/CIDRs.',
    ),
    v.check(
      (value) => !Array.isArray(value) || value.every(isAddressOrCidr),
      'TRUST_PROXY must be a hop count (e.g. 1) or IP addresses/CIDRs separated by commas (e.g. 10.0.0.0/8, fd00::/8).',
    ),
  );
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Every variable, as text; values are optional here and the cross-field rules come after. */
const environmentSchema = v.object({
  PORT: v.optional(integer('PORT', 0, 65535), '3000'),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty('HOST must not be empty.')), 'localhost'),
  /** Unset only in local mode (then http://localhost:$PORT); see the local-mode rules in loadConfig. */
  PUBLIC_URL: v.optional(httpUrl('PUBLIC_URL')),
  NODE_ENV: v.optional(v.string()),
  LOCAL_DEV: v.optional(flag('LOCAL_DEV')),
  ALLOWED_ORIGINS: v.optional(originList),
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.check((url) => /^postgres(ql)?:\/\//.test(url), 'DATABASE_URL must be a postgres:// URL.'),
    ),
  ),
  DATABASE_SCHEMA: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[a-z_][a-z0-9_]{0,62}$/, 'DATABASE_SCHEMA must be a lowercase SQL identifier.'),
    ),
    'public',
  ),
  DATABASE_MIGRATION_LOCK_TIMEOUT: v.optional(duration('DATABASE_MIGRATION_LOCK_TIMEOUT'), '2m'),
  PGLITE_DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('PGLITE_DATA_DIR must not be empty.'))),
  SESSION_SECRET: v.optional(
    v.pipe(
      v.string(),
      v.minLength(SECRET_MIN_LENGTH, `SESSION_SECRET must be at least ${SECRET_MIN_LENGTH} characters.`),
    ),
  ),
  CSRF_SECRET: v.optional(
    v.pipe(
      v.string(),
      v.minLength(SECRET_MIN_LENGTH, `CSRF_SECRET must be at least ${SECRET_MIN_LENGTH} characters.`),
    ),
  ),
  SESSION_IDLE_TTL: v.optional(duration('SESSION_IDLE_TTL'), '8h'),
  SESSION_ABSOLUTE_TTL: v.optional(duration('SESSION_ABSOLUTE_TTL'), '14d'),
  SESSION_CACHE_TTL: v.optional(duration('SESSION_CACHE_TTL', 0), '1s'),
  SESSION_AUTH_GRACE: v.optional(duration('SESSION_AUTH_GRACE', 0), '2m'),
  SESSION_MAX_PER_USER: v.optional(integer('SESSION_MAX_PER_USER', 1, 1000), '10'),
  /** Empty means: no auth service (the SPA uses /api/auth/login). */
  SUPABASE_URL: v.optional(
    v.union([v.literal(''), httpUrl('SUPABASE_URL')], 'SUPABASE_URL must be an http(s) URL or empty.'),
  ),
  SUPABASE_ANON_KEY: v.optional(v.string()),
  SUPABASE_JWT_SECRET: v.optional(
    v.pipe(
      v.string(),
      v.minLength(SECRET_MIN_LENGTH, `SUPABASE_JWT_SECRET must be at least ${SECRET_MIN_LENGTH} characters.`),
    ),
  ),
  SUPABASE_JWKS_URL: v.optional(httpUrl('SUPABASE_JWKS_URL')),
  DASHBOARD_URL: v.optional(httpUrl('DASHBOARD_URL')),
  STRIPE_SECRET_KEY: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^(sk|rk)_(test|live)_\S+$/,
        'STRIPE_SECRET_KEY must be a secret key (sk_test_… or sk_live_…).',
      ),
    ),
  ),
  STRIPE_WEBHOOK_SECRET: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^whsec_\S+$/, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…).'),
    ),
  ),
  /** Empty means: Stripe itself (the default outside local mode). */
  STRIPE_API_URL: v.optional(
    v.union([v.literal(''), httpUrl('STRIPE_API_URL')], 'STRIPE_API_URL must be an http(s) URL or empty.'),
  ),
  ADMIN_EMAILS: v.optional(emailList),
  RATE_LIMIT_WINDOW: v.optional(duration('RATE_LIMIT_WINDOW'), '1m'),
  RATE_LIMIT_SIGN_IN_MAX: v.optional(integer('RATE_LIMIT_SIGN_IN_MAX', 1, 100_000), '30'),
  RATE_LIMIT_SIGNUPS_MAX: v.optional(integer('RATE_LIMIT_SIGNUPS_MAX', 1, 100_000), '10'),
  RATE_LIMIT_SIGN_IN_ACCOUNT_MAX: v.optional(integer('RATE_LIMIT_SIGN_IN_ACCOUNT_MAX', 1, 100_000), '10'),
  RATE_LIMIT_SIGNUPS_ACCOUNT_MAX: v.optional(integer('RATE_LIMIT_SIGNUPS_ACCOUNT_MAX', 1, 100_000), '5'),
  RATE_LIMIT_CONTACT_MAX: v.optional(integer('RATE_LIMIT_CONTACT_MAX', 1, 100_000), '5'),
  RATE_LIMIT_SIGNUP_LOOKUP_MAX: v.optional(integer('RATE_LIMIT_SIGNUP_LOOKUP_MAX', 1, 100_000), '20'),
  RATE_LIMIT_BILLING_ACCOUNT_MAX: v.optional(integer('RATE_LIMIT_BILLING_ACCOUNT_MAX', 1, 100_000), '10'),
  RATE_LIMIT_ADMIN_MAX: v.optional(integer('RATE_LIMIT_ADMIN_MAX', 1, 100_000), '60'),
  BODY_LIMIT: v.optional(integer('BODY_LIMIT', 1024, 10 * 1024 * 1024), '65536'),
  SPA_DIST: v.optional(v.pipe(v.string(), v.nonEmpty('SPA_DIST must not be empty.')), 'dist'),
  LOG_LEVEL: v.optional(
    v.picklist(LOG_LEVELS, `LOG_LEVEL must be one of: ${LOG_LEVELS.join(', ')}.`),
    'info',
  ),
  LOG_FORMAT: v.optional(logFormatSchema),
  TRUST_PROXY: v.optional(trustProxySchema(), 'false'),
  SEED_DEMO: v.optional(flag('SEED_DEMO')),
  SERVE_SOURCE_MAPS: v.optional(flag('SERVE_SOURCE_MAPS')),
  SHUTDOWN_DRAIN: v.optional(duration('SHUTDOWN_DRAIN', 0)),
  AUDIT_LOG_RETENTION: v.optional(duration('AUDIT_LOG_RETENTION', 86_400_000), '400d'),
  STEP_UP_MAX_AGE: v.optional(duration('STEP_UP_MAX_AGE', 1000), '5m'),
});

type Environment = Record<string, string | undefined>;

/** Reads and checks the configuration, then builds it; throws ConfigError listing every problem. */
export function loadConfig(environment: Environment = process.env): Config {
  return buildConfig(checkSettings(environment));
}

/** Every variable as parsed, with the local-only defaults applied in local mode, and checked across each other. */
type Settings = v.InferOutput<typeof environmentSchema> & {
  publicUrl: URL;
  localDev: boolean;
  /** The auth service's address; null: none. */
  authService: string | null;
  anonKey: string | null;
  sessionSecret: string;
  csrfSecret: string;
  dashboardUrl: string;
  stripeSecretKey: string;
  stripeWebhookSecret: string;
  /** Empty: Stripe itself. */
  stripeApiUrl: string;
  adminEmails: string[];
  allowedOrigins: string[];
};

/**
 * The checks: each variable against its schema, then the rules across them (local mode, what is required outside
 * it, secrets, sessions, the database, the payment provider). Throws ConfigError listing every problem.
 */
function checkSettings(environment: Environment): Settings {
  // Empty strings count as unset, except SUPABASE_URL where empty explicitly means "no auth service".
  const present = Object.fromEntries(
    Object.entries(environment).filter(
      ([key, value]) =>
        value !== undefined && (value !== '' || key === 'SUPABASE_URL' || key === 'STRIPE_API_URL'),
    ),
  );
  const parsed = v.safeParse(environmentSchema, present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.issues.map((issue) => `${v.getDotPath(issue) ?? 'environment'}: ${issue.message}`),
    );
  }
  const env = parsed.output;
  const problems: string[] = [];
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  const localDev = env.LOCAL_DEV ?? isLoopback(publicUrl.hostname);
  problems.push(...localModeProblems(env, localDev));

  /** A value that has a local-only default: required outside local mode. */
  const localOr = <T>(
    name: keyof typeof LOCAL_DEFAULTS,
    value: T | undefined,
    localValue: T,
  ): T | undefined => {
    if (value !== undefined) return value;
    if (localDev) return localValue;
    problems.push(`${name}: required (no default outside local mode; PUBLIC_URL is ${publicUrl.origin}).`);
    return undefined;
  };

  const sessionSecret = localOr('SESSION_SECRET', env.SESSION_SECRET, LOCAL_DEFAULTS.SESSION_SECRET);
  const csrfSecret = localOr('CSRF_SECRET', env.CSRF_SECRET, LOCAL_DEFAULTS.CSRF_SECRET);
  if (sessionSecret && csrfSecret && sessionSecret === csrfSecret) {
    problems.push('CSRF_SECRET: must differ from SESSION_SECRET.');
  }
  const supabaseUrl = localOr('SUPABASE_URL', env.SUPABASE_URL, LOCAL_DEFAULTS.SUPABASE_URL);
  const authService = supabaseUrl ? supabaseUrl : null;
  const anonKey = authService
    ? localOr('SUPABASE_ANON_KEY', env.SUPABASE_ANON_KEY || undefined, LOCAL_DEFAULTS.SUPABASE_ANON_KEY)
    : null;
  const dashboardUrl = localOr('DASHBOARD_URL', env.DASHBOARD_URL, LOCAL_DEFAULTS.DASHBOARD_URL);
  const stripeSecretKey = localOr(
    'STRIPE_SECRET_KEY',
    env.STRIPE_SECRET_KEY,
    LOCAL_DEFAULTS.STRIPE_SECRET_KEY,
  );
  const stripeWebhookSecret = localOr(
    'STRIPE_WEBHOOK_SECRET',
    env.STRIPE_WEBHOOK_SECRET,
    LOCAL_DEFAULTS.STRIPE_WEBHOOK_SECRET,
  );
  const stripeApiUrl = env.STRIPE_API_URL ?? (localDev ? LOCAL_DEFAULTS.STRIPE_API_URL : '');
  problems.push(...stripeProblems(stripeSecretKey, stripeApiUrl, localDev));
  problems.push(...crossFieldProblems(env, localDev));
  if (
    problems.length > 0 ||
    !sessionSecret ||
    !csrfSecret ||
    !dashboardUrl ||
    !stripeSecretKey ||
    !stripeWebhookSecret
  ) {
    throw new ConfigError(problems);
  }
  return {
    ...env,
    publicUrl,
    localDev,
    authService,
    anonKey: anonKey ?? null,
    sessionSecret,
    csrfSecret,
    dashboardUrl,
    stripeSecretKey,
    stripeWebhookSecret,
    stripeApiUrl,
    adminEmails: env.ADMIN_EMAILS ?? (localDev ? [LOCAL_DEFAULTS.ADMIN_EMAILS] : []),
    allowedOrigins: env.ALLOWED_ORIGINS ?? (localDev ? [LOCAL_DEFAULTS.ALLOWED_ORIGINS] : []),
  };
}

/** The rules between variables that no single schema can see. */
function crossFieldProblems(env: v.InferOutput<typeof environmentSchema>, localDev: boolean): string[] {
  const problems: string[] = [];
  if (env.SESSION_CACHE_TTL > 60_000) {
    problems.push('SESSION_CACHE_TTL: at most 1m (a logout on another replica must take effect quickly).');
  }
  if (env.SESSION_AUTH_GRACE > 15 * 60_000) {
    problems.push(
      'SESSION_AUTH_GRACE: at most 15m (a sign-out at the auth service must end our sessions soon).',
    );
  }
  if (env.SESSION_ABSOLUTE_TTL < env.SESSION_IDLE_TTL) {
    problems.push('SESSION_ABSOLUTE_TTL: must not be shorter than SESSION_IDLE_TTL.');
  }
  if (env.DATABASE_URL && env.PGLITE_DATA_DIR) {
    problems.push(
      'PGLITE_DATA_DIR: set either DATABASE_URL (PostgreSQL) or PGLITE_DATA_DIR (embedded), not both.',
    );
  }
  if (!env.DATABASE_URL && env.DATABASE_SCHEMA !== 'public') {
    problems.push('DATABASE_SCHEMA: only applies with DATABASE_URL.');
  }
  if (!localDev && !env.DATABASE_URL && !env.PGLITE_DATA_DIR) {
    problems.push(
      'DATABASE_URL: required outside local mode (each replica would otherwise keep its own embedded database); set PGLITE_DATA_DIR instead to run one replica on an embedded database on purpose.',
    );
  }
  if (!localDev && env.SEED_DEMO) {
    problems.push('SEED_DEMO: the demo records belong to local mode only.');
  }
  return problems;
}

/** The configuration the server runs with, built from checked settings: nothing is checked here. */
function buildConfig(settings: Settings): Config {
  const { localDev, authService } = settings;
  return {
    port: settings.PORT,
    host: settings.HOST,
    publicUrl: settings.publicUrl,
    allowedOrigins: settings.allowedOrigins,
    secureCookies: settings.publicUrl.protocol === 'https:',
    localDev,
    database: settings.DATABASE_URL
      ? {
          kind: 'postgres',
          url: settings.DATABASE_URL,
          schema: settings.DATABASE_SCHEMA,
          migrationLockTimeoutMs: settings.DATABASE_MIGRATION_LOCK_TIMEOUT,
        }
      : { kind: 'pglite', dataDir: settings.PGLITE_DATA_DIR ?? LOCAL_DEFAULTS.PGLITE_DATA_DIR },
    sessionSecret: settings.sessionSecret,
    csrfSecret: settings.csrfSecret,
    session: {
      idleTtlMs: settings.SESSION_IDLE_TTL,
      absoluteTtlMs: settings.SESSION_ABSOLUTE_TTL,
      cacheTtlMs: settings.SESSION_CACHE_TTL,
      authGraceMs: settings.SESSION_AUTH_GRACE,
      maxPerUser: settings.SESSION_MAX_PER_USER,
    },
    supabase: {
      url: authService,
      anonKey: settings.anonKey,
      jwtSecret: settings.SUPABASE_JWT_SECRET ?? null,
      jwksUrl: authService
        ? (settings.SUPABASE_JWKS_URL ?? `${authService}/auth/v1/.well-known/jwks.json`)
        : null,
      issuer: authService ? `${authService}/auth/v1` : null,
    },
    dashboardUrl: settings.dashboardUrl,
    stripe: {
      secretKey: settings.stripeSecretKey,
      webhookSecret: settings.stripeWebhookSecret,
      apiUrl: settings.stripeApiUrl ? new URL(settings.stripeApiUrl) : null,
    },
    adminEmails: settings.adminEmails,
    rateLimits: rateLimitsOf(settings),
    bodyLimitBytes: settings.BODY_LIMIT,
    spaDist: settings.SPA_DIST,
    serveSourceMaps: settings.SERVE_SOURCE_MAPS ?? localDev,
    logLevel: settings.LOG_LEVEL,
    logFormat: settings.LOG_FORMAT,
    trustProxy: settings.TRUST_PROXY,
    seedDemo: settings.SEED_DEMO ?? localDev,
    // A balancer polls readiness every few seconds; on a developer machine nobody does.
    shutdownDrainMs: settings.SHUTDOWN_DRAIN ?? (localDev ? 0 : 10_000),
    auditLogRetentionMs: settings.AUDIT_LOG_RETENTION,
    stepUpMaxAgeMs: settings.STEP_UP_MAX_AGE,
    version: packageVersion(),
  };
}

/** Every limit counts in the one window. */
function rateLimitsOf(settings: Settings): Config['rateLimits'] {
  const rule = (max: number): RateLimitRule => ({ max, windowMs: settings.RATE_LIMIT_WINDOW });
  return {
    signIn: rule(settings.RATE_LIMIT_SIGN_IN_MAX),
    signInPerAccount: rule(settings.RATE_LIMIT_SIGN_IN_ACCOUNT_MAX),
    signups: rule(settings.RATE_LIMIT_SIGNUPS_MAX),
    signupsPerAccount: rule(settings.RATE_LIMIT_SIGNUPS_ACCOUNT_MAX),
    signupLookup: rule(settings.RATE_LIMIT_SIGNUP_LOOKUP_MAX),
    contact: rule(settings.RATE_LIMIT_CONTACT_MAX),
    billingPerAccount: rule(settings.RATE_LIMIT_BILLING_ACCOUNT_MAX),
    adminPerClient: rule(settings.RATE_LIMIT_ADMIN_MAX),
  };
}

/**
 * Whether these settings put the server in local mode, without checking anything else (the start script asks
 * before it runs the local stand-ins). Local mode never holds with NODE_ENV=production.
 */
export function isLocalMode(environment: Environment): boolean {
  if (environment.NODE_ENV === 'production') return false;
  const explicit = environment.LOCAL_DEV?.trim().toLowerCase();
  if (explicit) return ['1', 'true', 'yes', 'on'].includes(explicit);
  const publicUrl = environment.PUBLIC_URL?.trim();
  if (!publicUrl) return true;
  return URL.canParse(publicUrl) && isLoopback(new URL(publicUrl).hostname);
}

/**
 * Local mode (published placeholder secrets, the demo admin and seed, localhost origins, non-Secure cookies)
 * must never switch on by itself where it could be reached: not with NODE_ENV=production, not when listening
 * beyond this machine. Outside it, every address must be stated and use https.
 */
function localModeProblems(env: v.InferOutput<typeof environmentSchema>, localDev: boolean): string[] {
  const problems: string[] = [];
  const localModeIs = env.LOCAL_DEV
    ? 'LOCAL_DEV=true turns on local mode'
    : 'without PUBLIC_URL (or with a localhost one) the server runs in local mode';
  const localModeMeans = 'published placeholder secrets, a demo admin, demo data, non-Secure cookies';
  if (localDev && env.NODE_ENV === 'production') {
    problems.push(
      `${env.LOCAL_DEV ? 'LOCAL_DEV' : 'PUBLIC_URL'}: refused with NODE_ENV=production: ${localModeIs} (${localModeMeans}). Set PUBLIC_URL to the https address people use, and the production settings (.env.example).`,
    );
  }
  if (localDev && !isLoopback(env.HOST)) {
    problems.push(
      `HOST: refused: ${localModeIs} (${localModeMeans}) and HOST=${env.HOST} listens beyond this machine. Use HOST=localhost, or set PUBLIC_URL and the production settings.`,
    );
  }
  if (localDev) return problems;
  if (!env.PUBLIC_URL) problems.push('PUBLIC_URL: required outside local mode.');
  else if (!env.PUBLIC_URL.startsWith('https://')) {
    problems.push('PUBLIC_URL: must be https outside local mode (session cookies must be Secure).');
  }
  for (const name of ['SUPABASE_URL', 'SUPABASE_JWKS_URL'] as const) {
    const value = env[name];
    if (value && !value.startsWith('https://')) {
      problems.push(`${name}: must be https outside local mode (tokens and keys must not travel in clear).`);
    }
  }
  return problems;
}

/** The payment provider's own API: the only address a live key may be sent to. */
export const STRIPE_API_ORIGIN = 'https://api.stripe.com';

/**
 * A secret key is a bearer credential: outside local mode it travels only over https, and a live key (which moves
 * real money) only to Stripe itself, never to a stand-in or a proxy that would accept any key and keep it.
 */
function stripeProblems(secretKey: string | undefined, apiUrl: string, localDev: boolean): string[] {
  const problems: string[] = [];
  if (apiUrl && !localDev && !apiUrl.startsWith('https://')) {
    problems.push(
      'STRIPE_API_URL: must be https outside local mode (the secret key must not travel in clear); leave it unset to use Stripe itself.',
    );
  }
  if (apiUrl && /^(sk|rk)_live_/.test(secretKey ?? '') && new URL(apiUrl).origin !== STRIPE_API_ORIGIN) {
    problems.push(
      `STRIPE_SECRET_KEY: a live key is sent only to Stripe itself (${STRIPE_API_ORIGIN}), and STRIPE_API_URL is ${new URL(apiUrl).origin}; leave STRIPE_API_URL unset, or use a test key (sk_test_…) with a stand-in.`,
    );
  }
  return problems;
}

function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '127.0.0.1' ||
    hostname === '[::1]' ||
    hostname === '::1' ||
    hostname.endsWith('.localhost')
  );
}

function packageVersion(): string {
  const text = readFileSync(new URL('../package.json', import.meta.url), 'utf8');
  const { version } = JSON.parse(text) as { version?: unknown };
  return typeof version === 'string' ? version : '0.0.0';
}
