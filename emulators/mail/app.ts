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
  // No CORS headers at all: every e-mail (confirmation and reset links) is here, so no web page of any origin
  // may read the inbox from a browser. Tests and tools call it directly, where CORS does not apply.
  registerMailApi(app, mailbox);
  registerMailPages(app, mailbox);
  return app;
}

export interface StartMailEmulatorOptions extends MailEmulatorOptions {
  /** Default 54324, Mailpit's HTTP port in the Supabase CLI. */
  port?: number;
  host?: string;
  /** Bind beyond loopback (see listenOn). */
  allowRemote?: boolean;
}

export async function startMailEmulator({
  port = 54324,
  host = 'localhost',
  allowRemote = false,
  ...options
}: StartMailEmulatorOptions = {}): Promise<RunningEmulator> {
  return listenOn(buildMailApp(options), { port, host, allowRemote });
}
