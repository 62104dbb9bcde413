import { Agent, request } from 'node:http';

// A load generator that can tell *how* a request failed, which autocannon cannot: a request the server never
// accepted (connection refused, or 503 while closing) is not lost; a request it accepted and then dropped
// (reset, hang-up, a 5xx other than the closing 503) is.

export type LoopOutcome = {
  sent: number;
  ok: number;
  /** Never accepted: the server was closing (503 + Connection: close) or no longer listening. */
  refused: number;
  /** Accepted and then failed: the number that must be zero. */
  lost: number;
  /** Non-2xx answers by status (refusals excluded). */
  statuses: Record<number, number>;
  /** Lost requests by error code (ECONNRESET, socket hang up…). */
  lostBy: Record<string, number>;
  /** First and last failure (lost or non-2xx), ms since the loop started; null when none. */
  failureWindow: { fromMs: number; toMs: number } | null;
  /** When readiness first answered 503 (readinessUrl only), ms since the loop started. */
  readyLostAtMs?: number;
};

export type LoopOptions = {
  url: string;
  method: 'GET' | 'PATCH';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  /** Runs until this resolves. */
  until: Promise<unknown>;
  /** 503 answers count as refused rather than failed (a stopping server says 503 to new requests). */
  closingIs503?: boolean;
  /**
   * Act as a load balancer: poll this readiness address and send no new request once it answers 503 (requests
   * already sent still complete). `readyLostAtMs` then says when that happened.
   */
  readinessUrl?: string;
};

export async function runLoop(options: LoopOptions): Promise<LoopOutcome> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const outcome: LoopOutcome = {
    sent: 0,
    ok: 0,
    refused: 0,
    lost: 0,
    statuses: {},
    lostBy: {},
    failureWindow: null,
  };
  const started = Date.now();
  let done = false;
  void options.until.then(() => {
    done = true;
  });
  const { readinessUrl } = options;
  if (readinessUrl) {
    void (async () => {
      while (!done) {
        const status = await fetch(readinessUrl).then(
          (response) => response.status,
          () => 0,
        );
        if (status !== 200) {
          outcome.readyLostAtMs = Date.now() - started;
          done = true;
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
  }
  const fail = () => {
    const at = Date.now() - started;
    outcome.failureWindow = { fromMs: outcome.failureWindow?.fromMs ?? at, toMs: at };
  };
  const one = () =>
    new Promise<void>((resolve) => {
      outcome.sent += 1;
      const req = request(options.url, { method: options.method, headers: options.headers, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) outcome.ok += 1;
          else if (status === 503 && options.closingIs503 && res.headers.connection === 'close')
            outcome.refused += 1;
          else {
            outcome.statuses[status] = (outcome.statuses[status] ?? 0) + 1;
            fail();
          }
          resolve();
        });
        res.on('error', (error: NodeJS.ErrnoException) => {
          outcome.lostBy[error.code ?? error.message] =
            (outcome.lostBy[error.code ?? error.message] ?? 0) + 1;
          outcome.lost += 1;
          fail();
          resolve();
        });
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        // Refused before anything was sent: the server was not (or no longer) listening.
        if (error.code === 'ECONNREFUSED') {
          outcome.refused += 1;
          // Nobody listens: do not spin.
          setTimeout(resolve, 20);
          return;
        }
        outcome.lostBy[error.code ?? error.message] = (outcome.lostBy[error.code ?? error.message] ?? 0) + 1;
        outcome.lost += 1;
        fail();
        resolve();
      });
      req.end(options.body);
    });
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (!done) await one();
    }),
  );
  agent.destroy();
  return outcome;
}
