import closeWithGrace from 'close-with-grace';
import Fastify from 'fastify';
import pino from 'pino';
import { beaconApp, serverOptions } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { seedDemoData } from './seed';

/** Starts the product API: `tsx server/main.ts` (configuration from the environment, see .env.example). */
async function main(): Promise<void> {
  const config = configOrExit();
  const app = Fastify(serverOptions(config));
  await app.register(beaconApp, { config });

  closeWithGrace({ delay: 10_000, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an unexpected error');
    else app.log.info({ signal }, 'closing');
    await app.close();
  });

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
}

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    pino({ base: null }).fatal({ problems: error.problems }, error.message);
    process.exit(1);
  }
}

await main();
