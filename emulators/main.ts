import { pathToFileURL } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { chooseLogFormat, logFormatOptions } from '../contract/log-format';
import { startAuthEmulator } from './auth/app';
import { startDashboardEmulator } from './dashboard/app';
import { type EmulatorEnv, parseEmulatorEnv } from './env';
import { startMailEmulator } from './mail/app';
import { Mailbox } from './mail/mailbox';
import { startPaymentsEmulator } from './payments/app';
import type { RunningEmulator } from './shared/listen';

// Starts the auth emulator, the inbox, the dashboard stand-in and the payments stand-in in one process.
// Run directly (`tsx emulators/main.ts`) or import `startAllEmulators` from a start script.

export interface RunningEmulators {
  /** The auth emulator and its inbox run together: the inbox only receives the auth emulator's e-mails. */
  auth?: RunningEmulator;
  mail?: RunningEmulator;
  dashboard?: RunningEmulator;
  /** The Stripe stand-in: API under /v1, hosted Checkout and portal pages, webhooks to the app. */
  payments?: RunningEmulator;
  close(): Promise<void>;
}

/** Which stand-ins to run: a deployment that points at a real service needs no stand-in for it. */
export interface EmulatorSelection {
  auth: boolean;
  dashboard: boolean;
  payments: boolean;
}

function loggerOptions(env: EmulatorEnv, name: string) {
  return {
    name,
    level: env.EMULATOR_LOG_LEVEL,
    ...logFormatOptions(chooseLogFormat(env.LOG_FORMAT, process.stdout.isTTY)),
  };
}

export async function startAllEmulators(
  env: EmulatorEnv = parseEmulatorEnv(process.env),
  selection: EmulatorSelection = { auth: true, dashboard: true, payments: true },
): Promise<RunningEmulators> {
  const started: RunningEmulator[] = [];
  const close = async () => {
    await Promise.all(started.map((emulator) => emulator.close()));
  };
  try {
    const { auth, mail } = selection.auth ? await startAuthWithInbox(env, started) : {};
    const dashboard = selection.dashboard
      ? await startDashboardEmulator({
          port: env.DASHBOARD_EMULATOR_PORT,
          host: env.EMULATOR_HOST,
          allowRemote: env.EMULATOR_ALLOW_REMOTE,
          logger: loggerOptions(env, 'dashboard'),
        })
      : undefined;
    if (dashboard) started.push(dashboard);
    const payments = selection.payments
      ? await startPaymentsEmulator({
          port: env.PAYMENTS_EMULATOR_PORT,
          host: env.EMULATOR_HOST,
          publicUrl: env.PAYMENTS_EMULATOR_PUBLIC_URL ?? `http://localhost:${env.PAYMENTS_EMULATOR_PORT}`,
          webhookUrl:
            env.PAYMENTS_EMULATOR_WEBHOOK_URL ?? `${env.SITE_URL.replace(/\/+$/, '')}/api/webhooks/stripe`,
          webhookSecret: env.PAYMENTS_EMULATOR_WEBHOOK_SECRET,
          adminKey: env.PAYMENTS_EMULATOR_ADMIN_KEY || undefined,
          stateFile: env.PAYMENTS_EMULATOR_STATE_FILE || undefined,
          logger: loggerOptions(env, 'payments'),
        })
      : undefined;
    if (payments) started.push(payments);
    return { auth, mail, dashboard, payments, close };
  } catch (error) {
    // A port in use must not leave the other emulators running.
    await Promise.allSettled(started.map((emulator) => emulator.close()));
    throw error;
  }
}

async function startAuthWithInbox(env: EmulatorEnv, started: RunningEmulator[]) {
  const host = env.EMULATOR_HOST;
  const mailbox = new Mailbox();
  const mail = await startMailEmulator({
    port: env.MAIL_EMULATOR_PORT,
    host,
    allowRemote: env.EMULATOR_ALLOW_REMOTE,
    mailbox,
    logger: loggerOptions(env, 'mail'),
  });
  started.push(mail);
  const auth = await startAuthEmulator({
    port: env.AUTH_EMULATOR_PORT,
    host,
    allowRemote: env.EMULATOR_ALLOW_REMOTE,
    resetKey: env.AUTH_EMULATOR_RESET_KEY,
    publicUrl: env.AUTH_EMULATOR_PUBLIC_URL,
    siteUrl: env.SITE_URL,
    redirectOrigins: env.AUTH_EMULATOR_REDIRECT_ORIGINS,
    stateFile: env.AUTH_EMULATOR_STATE_FILE || undefined,
    autoconfirm: env.AUTH_EMULATOR_AUTOCONFIRM,
    jwtExpirySeconds: env.AUTH_EMULATOR_JWT_EXPIRY,
    refreshTokenReuseIntervalSeconds: env.AUTH_EMULATOR_REFRESH_TOKEN_REUSE_INTERVAL,
    passwordMinLength: env.AUTH_EMULATOR_PASSWORD_MIN_LENGTH,
    anonKey: env.AUTH_EMULATOR_ANON_KEY,
    mail: mailbox,
    logger: loggerOptions(env, 'auth'),
  });
  started.push(auth);
  return { auth, mail };
}

async function main(): Promise<void> {
  const env = parseEmulatorEnv(process.env);
  const log = pino(loggerOptions(env, 'emulators'));
  const emulators = await startAllEmulators(env);
  log.info(
    {
      auth: `${emulators.auth?.url}/auth/v1`,
      inbox: emulators.mail?.url,
      dashboard: emulators.dashboard?.url,
      payments: emulators.payments?.url,
      stateFile: env.AUTH_EMULATOR_STATE_FILE || '(memory only)',
    },
    'emulators ready',
  );
  closeWithGrace({ delay: 5000, logger: log }, async ({ err, signal }) => {
    if (err) log.error({ err }, 'emulators stopping after an error');
    else log.info({ signal }, 'emulators stopping');
    await emulators.close();
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
