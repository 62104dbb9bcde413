import { once } from 'node:events';
import { Agent, createServer, type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';

// A loopback HTTP forwarder: the round-robin balancer in front of API replicas, and the faulty network in front of
// the payments stand-in (a delay on every call, or one call answered with a failure).

/** An answer made up instead of forwarding the request. */
export type MadeUpAnswer = { status: number; headers: Record<string, string>; body: string };

export type ForwarderOptions = {
  /** Where the next request goes (called once per request, in arrival order). */
  upstream: () => string;
  /** Runs before forwarding (it may wait: a slow network); an answer it returns is sent instead. */
  intercept?: (request: IncomingMessage) => Promise<MadeUpAnswer | null>;
};

export type Forwarder = { url: string; close(): Promise<void> };

export async function startForwarder(options: ForwarderOptions): Promise<Forwarder> {
  const agent = new Agent({ keepAlive: true });
  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const madeUp = await options.intercept?.(incoming);
      if (madeUp) {
        incoming.resume();
        outgoing.writeHead(madeUp.status, madeUp.headers).end(madeUp.body);
        return;
      }
      const target = new URL(options.upstream());
      const forward = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: target.host },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      // A caller that gave up (a client timeout) or an upstream that went away: nothing to answer any more.
      forward.on('error', () => {
        if (!outgoing.headersSent) outgoing.writeHead(502);
        outgoing.end();
      });
      outgoing.on('close', () => {
        if (!outgoing.writableFinished) forward.destroy();
      });
      incoming.pipe(forward);
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
