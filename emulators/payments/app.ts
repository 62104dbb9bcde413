import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { acceptEmptyJsonBodies } from '../shared/json-body';
import { listenOn, type RunningEmulator } from '../shared/listen';
import { readStateFile, StateWriter } from '../shared/state-file';
import { Billing } from './billing';
import type { PaymentsContext } from './context';
import { EventBus } from './events';
import { registerAdminRoutes } from './routes/admin';
import { registerApiRoutes } from './routes/api';
import { registerHostedPages } from './routes/hosted';
import { seedCatalogue, seedDemoCustomer } from './seed';
import { emptyPaymentsState, type PaymentsState, PaymentsStore } from './store';

// A stateful local stand-in for Stripe that the unchanged `stripe` SDK talks to (host/port/protocol options):
// the REST subset under /v1, the hosted Checkout, portal and invoice pages, signed webhooks with retries, and
// test helpers under /_emulator. See docs/emulators.md.

export const DEFAULT_PAYMENTS_PORT = 12111;
/** Local only: the stand-in signs with this when nothing else is configured; the server's local default matches. */
export const LOCAL_WEBHOOK_SECRET = 'whsec_local_only_payments_emulator_secret';
/** Local only: the key `npm start` gives the /_emulator test helpers (documented in docs/emulators.md). */
export const LOCAL_ADMIN_KEY = 'local-only-payments-emulator-admin-key';

export interface PaymentsEmulatorOptions {
  /** Defaults to the address it listens on. */
  publicUrl?: string;
  /** Accept only this secret key (default: any sk_test_/sk_live_ key). */
  apiKey?: string;
  /** The /_emulator test helpers need `Authorization: Bearer <adminKey>`; without one they are off. */
  adminKey?: string;
  /** Where events are POSTed; null/undefined: events are only stored. */
  webhookUrl?: string | null;
  webhookSecret?: string;
  /** Waits between delivery attempts of one event (default 1 s, 5 s, 25 s, 2 min, 10 min). */
  retryDelaysMs?: readonly number[];
  /** JSON file keeping the state across restarts; unset keeps everything in memory. */
  stateFile?: string;
  /** Seed the demo customer (customer@example.com, active Professional monthly). Default true. */
  seedDemoCustomer?: boolean;
  logger?: FastifyServerOptions['logger'];
}

export interface PaymentsEmulator {
  app: FastifyInstance;
  ctx: PaymentsContext;
}

function freshState(ctx: PaymentsContext, withCustomer: boolean): PaymentsState {
  const state = emptyPaymentsState();
  ctx.store.replace(state);
  seedCatalogue(ctx.store);
  if (withCustomer) {
    // The demo's history is not news: it is stored, not delivered.
    const url = ctx.events.webhook.url;
    ctx.events.webhook.url = null;
    seedDemoCustomer(ctx.store, ctx.billing);
    ctx.events.webhook.url = url;
  }
  return state;
}

export async function buildPaymentsApp(options: PaymentsEmulatorOptions = {}): Promise<PaymentsEmulator> {
  const app = Fastify({ logger: options.logger ?? false });
  const config = {
    publicUrl: options.publicUrl ?? '',
    apiKey: options.apiKey ?? null,
    adminKey: options.adminKey ?? null,
  };
  const store = new PaymentsStore(emptyPaymentsState());
  const events = new EventBus(
    store,
    {
      url: options.webhookUrl ?? null,
      secret: options.webhookSecret ?? LOCAL_WEBHOOK_SECRET,
      retryDelaysMs: options.retryDelaysMs ?? [1_000, 5_000, 25_000, 120_000, 600_000],
    },
    app.log,
  );
  const billing = new Billing(store, events, () => config.publicUrl);
  const ctx: PaymentsContext = { config, store, billing, events, log: app.log };
  const withCustomer = options.seedDemoCustomer ?? true;

  const loaded = options.stateFile
    ? ((await readStateFile(options.stateFile)) as PaymentsState | undefined)
    : undefined;
  if (loaded && loaded.version !== 1)
    throw new Error(`${options.stateFile}: unsupported payments state version`);
  if (loaded) store.replace(loaded);
  if (options.stateFile) {
    const writer = new StateWriter(
      options.stateFile,
      () => store.snapshot,
      (error) => app.log.error({ err: error }, 'payments emulator: could not write the state file'),
    );
    store.onChange(() => writer.schedule());
    app.addHook('onClose', () => writer.flush());
  }
  app.addHook('onClose', async () => events.close());
  if (!options.publicUrl) {
    // Hosted page and invoice links must name the address clients actually use.
    app.addHook('onListen', async () => {
      const { port } = app.server.address() as AddressInfo;
      config.publicUrl = `http://localhost:${port}`;
    });
  }

  // The test helpers take JSON, possibly empty (a POST with nothing to say).
  acceptEmptyJsonBodies(app);
  // The SDK sends form bodies; hosted pages post forms too. Routes decode the raw text themselves.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
  registerApiRoutes(app, ctx);
  registerHostedPages(app, ctx);
  registerAdminRoutes(app, ctx, () => freshState(ctx, withCustomer));
  app.get('/', async () => ({ name: 'Beacon RMM payments stand-in (Stripe API subset)', api: '/v1' }));

  // Seed after the first listen when the address is only known then (invoice links use it).
  const seedIfEmpty = () => {
    if (!loaded) freshState(ctx, withCustomer);
  };
  if (options.publicUrl) seedIfEmpty();
  else app.addHook('onListen', async () => seedIfEmpty());
  return { app, ctx };
}

export interface RunningPaymentsEmulator extends RunningEmulator {
  ctx: PaymentsContext;
}

export async function startPaymentsEmulator({
  port = DEFAULT_PAYMENTS_PORT,
  host = 'localhost',
  ...options
}: PaymentsEmulatorOptions & { port?: number; host?: string } = {}): Promise<RunningPaymentsEmulator> {
  const { app, ctx } = await buildPaymentsApp(options);
  const running = await listenOn(app, { port, host });
  return { ...running, ctx };
}
