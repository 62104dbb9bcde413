import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface ListenOptions {
  /** TCP port; 0 picks a free one. */
  port: number;
  /** Interface to bind; `localhost` binds both IPv4 and IPv6 loopback, so browsers reach it either way. */
  host: string;
  /** Bind beyond loopback (EMULATOR_ALLOW_REMOTE=true): refused unless said explicitly. */
  allowRemote?: boolean;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * The stand-ins sign tokens with a published key, seed accounts with published passwords and show every e-mail
 * to anyone who asks: reachable from another machine, they would be an open door.
 */
export function remoteBindRefusal(host: string, allowRemote: boolean): string | null {
  if (allowRemote || LOOPBACK_HOSTS.has(host)) return null;
  return `The emulators listen on loopback only: EMULATOR_HOST=${host} would expose stand-ins with published keys and passwords to other machines. Set EMULATOR_ALLOW_REMOTE=true if that is really wanted (e.g. inside a container network).`;
}

export interface RunningEmulator {
  /** Base URL with the port actually bound, e.g. http://localhost:54321 */
  url: string;
  close(): Promise<void>;
}

/** Starts listening and reports the URL clients should use. */
export async function listenOn(
  app: FastifyInstance,
  { port, host, allowRemote = false }: ListenOptions,
): Promise<RunningEmulator> {
  const refusal = remoteBindRefusal(host, allowRemote);
  if (refusal) throw new Error(refusal);
  await app.listen({ port, host });
  const address = app.server.address() as AddressInfo;
  const urlHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const bracketed = urlHost.includes(':') ? `[${urlHost}]` : urlHost;
  return {
    url: `http://${bracketed}:${address.port}`,
    close: () => app.close(),
  };
}
