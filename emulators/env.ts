import { resolve } from 'node:path';
import * as v from 'valibot';
import { logFormatSchema } from '../contract/log-format';
import { LOCAL_ADMIN_KEY, LOCAL_WEBHOOK_SECRET } from './payments/app';

// Settings of the one-command start, read once from the environment. A bad value stops the start with a list of
// every problem rather than a surprise later.

const wholeNumber = (fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.transform(Number),
    v.integer('must be a whole number'),
    v.minValue(min, `must be ${min} or more`),
    v.maxValue(max, `must be at most ${max}`),
  );
const port = (fallback: number) => wholeNumber(fallback, 0, 65_535);

const url = (fallback: string) => v.pipe(v.optional(v.string(), fallback), v.url('must be an absolute URL'));

const flag = v.pipe(
  v.optional(v.picklist(['true', 'false', '1', '0'], 'must be true or false'), 'false'),
  v.transform((value) => value === 'true' || value === '1'),
);

const urlList = (fallback: string) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    ),
    v.array(v.pipe(v.string(), v.url('each entry must be an absolute URL'))),
  );

const emulatorEnvSchema = v.object({
  EMULATOR_HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), 'localhost'),
  /** Needed, as well as EMULATOR_HOST, to listen beyond loopback. */
  EMULATOR_ALLOW_REMOTE: flag,
  /** Callers of POST /_emulator/reset must send it (Authorization: Bearer …); unset: reset refused. */
  AUTH_EMULATOR_RESET_KEY: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  EMULATOR_LOG_LEVEL: v.optional(
    v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    'info',
  ),
  /** Unset: pretty lines at a terminal, JSON otherwise (the product API reads the same variable). */
  LOG_FORMAT: v.optional(logFormatSchema),
  AUTH_EMULATOR_PORT: port(54321),
  MAIL_EMULATOR_PORT: port(54324),
  DASHBOARD_EMULATOR_PORT: port(54330),
  PAYMENTS_EMULATOR_PORT: port(12111),
  /** Defaults to http://localhost:<PAYMENTS_EMULATOR_PORT>. */
  PAYMENTS_EMULATOR_PUBLIC_URL: v.optional(v.pipe(v.string(), v.url('must be an absolute URL'))),
  /** Where events are delivered; defaults to <SITE_URL>/api/webhooks/stripe. */
  PAYMENTS_EMULATOR_WEBHOOK_URL: v.optional(v.pipe(v.string(), v.url('must be an absolute URL'))),
  /** Local only; must equal the server's STRIPE_WEBHOOK_SECRET (npm start passes it on). */
  PAYMENTS_EMULATOR_WEBHOOK_SECRET: v.optional(
    v.pipe(v.string(), v.startsWith('whsec_', 'must start with whsec_')),
    LOCAL_WEBHOOK_SECRET,
  ),
  /** The /_emulator test helpers need it (Authorization: Bearer …); local-only default, empty turns them off. */
  PAYMENTS_EMULATOR_ADMIN_KEY: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))]),
    LOCAL_ADMIN_KEY,
  ),
  /** Empty string: keep state in memory only. */
  PAYMENTS_EMULATOR_STATE_FILE: v.optional(v.string(), '.data/payments-emulator.json'),
  SITE_URL: url('http://localhost:3000'),
  /** Defaults to http://localhost:<AUTH_EMULATOR_PORT>. */
  AUTH_EMULATOR_PUBLIC_URL: v.optional(v.pipe(v.string(), v.url('must be an absolute URL'))),
  AUTH_EMULATOR_REDIRECT_ORIGINS: urlList('http://localhost:5173'),
  /** Empty string: keep state in memory only. */
  AUTH_EMULATOR_STATE_FILE: v.optional(v.string(), '.data/auth-emulator.json'),
  AUTH_EMULATOR_AUTOCONFIRM: flag,
  AUTH_EMULATOR_JWT_EXPIRY: wholeNumber(3600, 1),
  /** Seconds a rotated refresh token may still be exchanged (0: none). */
  AUTH_EMULATOR_REFRESH_TOKEN_REUSE_INTERVAL: wholeNumber(10, 0),
  AUTH_EMULATOR_PASSWORD_MIN_LENGTH: wholeNumber(6, 1),
  AUTH_EMULATOR_ANON_KEY: v.optional(v.pipe(v.string(), v.nonEmpty())),
});

export type EmulatorEnv = v.InferOutput<typeof emulatorEnvSchema>;

export function parseEmulatorEnv(env: Record<string, string | undefined>): EmulatorEnv {
  const result = v.safeParse(emulatorEnvSchema, env, { abortPipeEarly: true });
  if (!result.success) {
    const problems = result.issues.map((issue) => `  ${v.getDotPath(issue) ?? '(env)'}: ${issue.message}`);
    throw new Error(`Invalid emulator settings:\n${problems.join('\n')}`);
  }
  const parsed = result.output;
  return {
    ...parsed,
    AUTH_EMULATOR_STATE_FILE: parsed.AUTH_EMULATOR_STATE_FILE && resolve(parsed.AUTH_EMULATOR_STATE_FILE),
    PAYMENTS_EMULATOR_STATE_FILE:
      parsed.PAYMENTS_EMULATOR_STATE_FILE && resolve(parsed.PAYMENTS_EMULATOR_STATE_FILE),
  };
}
