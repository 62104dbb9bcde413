import { pathToFileURL } from 'node:url';
import closeWithGrace from 'close-with-grace';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { beaconApp, serverOptions } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { seedDemoData } from './seed';

/** Builds, seeds (in local mode) and starts listening; the caller owns shutdown (`app.close()`). */
export async function startApiServer(config: Config): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(config));
  await app.register(beaconApp, { config });
  await app.ready();
  if (config.seedDemo) await seedDemoData(app.db, app.log);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      publicUrl: config.publicUrl.origin,
      localDev: config.localDev,
      authService: config.supabase.url ?? 'none',
    },
    'Beacon RMM API ready',
  );
  return app;
}

/** Reads the configuration or exits listing every problem: a bad setting must stop the start, not surprise later. */
export function configOrExit(environment: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(environment);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    pino({ base: null }).fatal({ problems: error.problems }, error.message);
    process.exit(1);
  }
}

/**
 * Stops without failing anything in flight: readiness (GET /api/health) answers 503 first, for `drainMs`,
 * while everything else is still served, so the balancer takes this replica out of rotation; then the server
 * stops accepting requests (503 with Connection: close to any that still arrive), lets the ones in flight
 * finish, and closes the database.
 */
export async function stopGracefully(app: FastifyInstance, drainMs: number): Promise<void> {
  app.readiness.draining = true;
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  await app.close();
}

/** Long enough for the drain and for the slowest request (requestTimeout) to finish. */
function shutdownDeadlineMs(config: Config): number {
  return config.shutdownDrainMs + 35_000;
}

/** `tsx server/main.ts`: the product API alone (configuration from the environment, see .env.example). */
async function main(): Promise<void> {
  const config = configOrExit();
  const app = await startApiServer(config);
  closeWithGrace({ delay: shutdownDeadlineMs(config), logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an unexpected error');
    else app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'draining, then closing');
    await stopGracefully(app, err ? 0 : config.shutdownDrainMs);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
