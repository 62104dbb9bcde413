import { defineConfig } from '@playwright/test';
import { appPort, appUrl, shortTokenLife } from './tests/e2e/addresses';

// End-to-end suite: the real SPA, the real server on an embedded database, and the local emulators, driven in
// Debian's Chromium (nothing is downloaded). `npm start` is the same command a newcomer runs.

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: appUrl,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    productOn(appPort),
    // The journeys of a long-lived sign-in (tests/e2e/token-refresh.spec.ts): tokens that live 91 s, and a refund
    // reversal that wants a sign-in of the last 10 s (tests/e2e/refunds.spec.ts, step-up).
    productOn(shortTokenLife.appPort, {
      AUTH_EMULATOR_JWT_EXPIRY: String(shortTokenLife.tokenSeconds),
      STEP_UP_MAX_AGE: `${shortTokenLife.stepUpSeconds}s`,
    }),
  ],
});

/** `npm start` on `port`, its stand-ins at the usual offsets from it (tests/e2e/addresses.ts). */
function productOn(port: number, settings: Record<string, string> = {}) {
  const url = `http://localhost:${port}`;
  return {
    command: 'npm start',
    url: `${url}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { ...startEnv(url, port), ...settings },
  } as const;
}

function startEnv(url: string, port: number): Record<string, string> {
  return {
    PORT: String(port),
    PUBLIC_URL: url,
    SITE_URL: url,
    // A throwaway embedded database and in-memory emulators per run: every run starts from the seed.
    E2E_EPHEMERAL: 'true',
    // Warnings and errors only: a failing journey shows what the server said without drowning in access logs.
    LOG_LEVEL: 'warn',
    EMULATOR_LOG_LEVEL: 'warn',
    AUTH_EMULATOR_PORT: String(port + 21),
    MAIL_EMULATOR_PORT: String(port + 24),
    DASHBOARD_EMULATOR_PORT: String(port + 30),
    PAYMENTS_EMULATOR_PORT: String(port + 9111),
  };
}
