// Where the end-to-end suite runs the product: away from the defaults, so a developer's `npm start` keeps running.
// The stand-ins keep their usual offsets (54321 - 54300 = 21, ...) from the app's port.
export const appPort = Number(process.env.E2E_PORT ?? 3100);
export const appUrl = `http://localhost:${appPort}`;
export const authPort = appPort + 21;
export const authUrl = `http://localhost:${authPort}`;
export const inboxPort = appPort + 24;
export const inboxUrl = `http://localhost:${inboxPort}`;
export const dashboardPort = appPort + 30;
export const dashboardUrl = `http://localhost:${dashboardPort}`;
/**
 * The payments stand-in keeps its default's distance from the app (12111 - 3000 = 9111): far above the other
 * stand-ins' offsets (+21..+30), so no E2E_PORT a developer picks near 3000 puts it on another run's port.
 */
export const paymentsPort = appPort + 9111;
export const paymentsUrl = `http://localhost:${paymentsPort}`;

/**
 * A second `npm start` whose auth stand-in issues access tokens that live 91 s (`AUTH_EMULATOR_JWT_EXPIRY`): supabase-js
 * refreshes a token 90 s before it expires, on its 30 s tick, so a signed-in page sees a TOKEN_REFRESHED every 30 s.
 * A refund reversal there wants a sign-in of the last 10 s (`STEP_UP_MAX_AGE`). Its stand-ins keep the usual
 * offsets from its own port.
 */
export const shortTokenLife = {
  appPort: appPort + 1,
  appUrl: `http://localhost:${appPort + 1}`,
  tokenSeconds: 91,
  stepUpSeconds: 10,
} as const;
