import { join } from 'node:path';
import { freePort, type ServerProcess, startServerProcess } from './processes';

/**
 * The whole product as `npm start` runs it (scripts/start-all.ts: the API serving the built SPA, and the auth,
 * dashboard and payments stand-ins), in a child process of its own on free ports, with a throw-away database and
 * in-memory stand-ins: every run starts from the seed, so the demo customer exists with their subscription.
 */
export async function startProduct(options: { root: string; logFile: string }): Promise<ServerProcess> {
  // The stand-ins' ports must all be free; `localhost` is where the SPA and the stand-ins reach each other.
  const [port, auth, mail, dashboard, payments] = await Promise.all(
    Array.from({ length: 5 }, () => freePort('127.0.0.1')),
  );
  const url = `http://localhost:${port}`;
  return startServerProcess({
    name: 'the product (npm start)',
    entry: join('scripts', 'start-all.ts'),
    cwd: options.root,
    env: {
      PORT: String(port),
      PUBLIC_URL: url,
      SITE_URL: url,
      E2E_EPHEMERAL: 'true',
      LOG_LEVEL: 'warn',
      EMULATOR_LOG_LEVEL: 'warn',
      AUTH_EMULATOR_PORT: String(auth),
      MAIL_EMULATOR_PORT: String(mail),
      DASHBOARD_EMULATOR_PORT: String(dashboard),
      PAYMENTS_EMULATOR_PORT: String(payments),
    },
    url,
    readyPath: '/api/health',
    logFile: options.logFile,
  });
}
