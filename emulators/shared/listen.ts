import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface ListenOptions {
  /** TCP port; 0 picks a free one. */
  port: number;
  /** Interface to bind; `localhost` binds both IPv4 and IPv6 loopback, so browsers reach it either way. */
  host: string;
}

export interface RunningEmulator {
  /** Base URL with the port actually bound, e.g. http://localhost:54321 */
  url: string;
  close(): Promise<void>;
}

/** Starts listening and reports the URL clients should use. */
export async function listenOn(
  app: FastifyInstance,
  { port, host }: ListenOptions,
): Promise<RunningEmulator> {
  await app.listen({ port, host });
  const address = app.server.address() as AddressInfo;
  const urlHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const bracketed = urlHost.includes(':') ? `[${urlHost}]` : urlHost;
  return {
    url: `http://${bracketed}:${address.port}`,
    close: () => app.close(),
  };
}
