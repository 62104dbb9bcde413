import { defineConfig } from '@playwright/test';
import { appPort, appUrl, authPort, dashboardPort, inboxPort, paymentsPort } from './tests/e2e/addresses';

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
  webServer: {
    command: 'npm start',
    url: `${appUrl}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(appPort),
      PUBLIC_URL: appUrl,
      SITE_URL: appUrl,
      // A throwaway embedded database and in-memory emulators per run: every run starts from the seed.
      E2E_EPHEMERAL: 'true',
      // Warnings and errors only: a failing journey shows what the server said without drowning in access logs.
      LOG_LEVEL: 'warn',
      EMULATOR_LOG_LEVEL: 'warn',
      AUTH_EMULATOR_PORT: String(authPort),
      MAIL_EMULATOR_PORT: String(inboxPort),
      DASHBOARD_EMULATOR_PORT: String(dashboardPort),
      PAYMENTS_EMULATOR_PORT: String(paymentsPort),
    },
  },
});
