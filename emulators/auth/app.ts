import type { AddressInfo } from 'node:net';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { acceptEmptyJsonBodies } from '../shared/json-body';
import { listenOn, type RunningEmulator } from '../shared/listen';
import { requireApiKey } from './api-key';
import { type AuthConfig, type AuthEmulatorOptions, DEFAULT_AUTH_PORT, resolveAuthConfig } from './config';
import type { AuthContext } from './context';
import { registerCors } from './cors';
import { installErrorHandlers } from './errors';
import { createSigningKeyRecord, importSigningKeys } from './keys';
import { loadState, StateWriter } from './persistence';
import { registerAuthorizeRoutes } from './routes/authorize';
import { registerEmulatorRoutes } from './routes/emulator';
import { registerMetaRoutes } from './routes/meta';
import { registerRecoverRoutes } from './routes/recover';
import { registerSignupRoutes } from './routes/signup';
import { registerTokenRoutes } from './routes/token';
import { registerUserRoutes } from './routes/user';
import { registerVerifyRoutes } from './routes/verify';
import { seedUsers } from './seed';
import { AuthStore, emptyState } from './store';

export type { AuthEmulatorOptions } from './config';

/** Loads the state file (or seeds), makes sure there is a signing key, and wires persistence. */
async function createContext(
  app: FastifyInstance,
  config: AuthConfig,
  log: FastifyBaseLogger,
): Promise<AuthContext> {
  const loaded = config.stateFile ? await loadState(config.stateFile) : undefined;
  const store = new AuthStore(loaded ?? { ...emptyState(), users: seedUsers(config.seedAccounts) });
  if (config.stateFile) {
    const writer = new StateWriter(
      config.stateFile,
      () => store.snapshot,
      (error) => log.error({ err: error }, 'auth emulator: could not write the state file'),
    );
    store.onChange(() => writer.schedule());
    if (!loaded) writer.schedule();
    app.addHook('onClose', () => writer.flush());
  }
  if (!store.signingKey) store.signingKey = await createSigningKeyRecord();
  const keys = await importSigningKeys(store.signingKey);
  return { config, store, keys, log };
}

/**
 * The auth emulator as a Fastify instance: GoTrue's API under /auth/v1 and test helpers under /_emulator.
 * Use `inject`, or `listen` (port 0 is fine: without `publicUrl` the emulator adopts the address it listens on).
 */
export function buildAuthApp(options: AuthEmulatorOptions = {}): FastifyInstance {
  const config = resolveAuthConfig(options);
  const app = Fastify({ logger: options.logger ?? false });
  acceptEmptyJsonBodies(app);
  app.register(formbody);
  installErrorHandlers(app);
  registerCors(app);
  requireApiKey(app, config);
  if (!options.publicUrl) {
    // Token issuers and e-mail links must name the address clients actually use.
    app.addHook('onListen', async () => {
      const { port } = app.server.address() as AddressInfo;
      config.publicUrl = `http://localhost:${port}`;
    });
  }

  app.register(async (scope) => {
    const ctx = await createContext(scope, config, app.log);
    scope.register(
      async (api) => {
        registerSignupRoutes(api, ctx);
        registerTokenRoutes(api, ctx);
        registerVerifyRoutes(api, ctx);
        registerRecoverRoutes(api, ctx);
        registerUserRoutes(api, ctx);
        registerAuthorizeRoutes(api, ctx);
        registerMetaRoutes(api, ctx);
      },
      { prefix: '/auth/v1' },
    );
    registerEmulatorRoutes(scope, ctx);
  });
  return app;
}

export interface StartAuthEmulatorOptions extends AuthEmulatorOptions {
  /** Default 54321, Supabase's local API port. */
  port?: number;
  host?: string;
  /** Bind beyond loopback (see listenOn). */
  allowRemote?: boolean;
}

export async function startAuthEmulator({
  port = DEFAULT_AUTH_PORT,
  host = 'localhost',
  allowRemote = false,
  ...options
}: StartAuthEmulatorOptions = {}): Promise<RunningEmulator> {
  return listenOn(buildAuthApp(options), { port, host, allowRemote });
}
