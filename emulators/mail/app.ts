import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { acceptEmptyJsonBodies } from '../shared/json-body';
import { listenOn, type RunningEmulator } from '../shared/listen';
import { registerMailApi } from './api';
import { Mailbox } from './mailbox';
import { registerMailPages } from './pages';

export interface MailEmulatorOptions {
  /** The inbox to serve; pass the same one to the auth emulator so its e-mails show up here. */
  mailbox?: Mailbox;
  logger?: FastifyServerOptions['logger'];
}

export function buildMailApp({
  mailbox = new Mailbox(),
  logger = false,
}: MailEmulatorOptions = {}): FastifyInstance {
  const app = Fastify({ logger });
  acceptEmptyJsonBodies(app);
  app.register(formbody);
  // Test pages and other local tools read the inbox from another origin.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
  });
  app.options('/api/*', async (_request, reply) =>
    reply
      .header('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS')
      .header('Access-Control-Allow-Headers', 'content-type')
      .code(204)
      .send(),
  );
  registerMailApi(app, mailbox);
  registerMailPages(app, mailbox);
  return app;
}

export interface StartMailEmulatorOptions extends MailEmulatorOptions {
  /** Default 54324, Mailpit's HTTP port in the Supabase CLI. */
  port?: number;
  host?: string;
}

export async function startMailEmulator({
  port = 54324,
  host = 'localhost',
  ...options
}: StartMailEmulatorOptions = {}): Promise<RunningEmulator> {
  return listenOn(buildMailApp(options), { port, host });
}
