import autocannon from 'autocannon';

// HTTP load with autocannon (the Fastify team's load generator): a fixed number of keep-alive connections,
// each sending its next request as soon as the previous one is answered.

/** `cpuSeconds` reads the server's CPU time: with it, each turn also measures the CPU the server spent per request. */
export type Target = { url: string; cookie: string; cpuSeconds?: () => number };

/** One target's load, pooled over the slices it was given. */
export type LoadResult = {
  url: string;
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: {
    average: number;
    /** The largest p99 of any slice: the pooled p99 cannot be higher. */
    p99: number;
    max: number;
  };
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  /**
   * The server's CPU time per answered request, in microseconds (null without `cpuSeconds`). Unlike req/s it hardly
   * depends on how much of the machine the load generator and everyone else take.
   */
  cpuMicrosPerRequest: number | null;
  slices: Array<{ requestsPerSecond: number; p99: number }>;
};

type Slice = autocannon.Result & { cpuSeconds: number | null };

/** Load without measuring: lets V8 optimise the hot path and fills the caches before the slices that count. */
export async function warmUp(target: Target, connections: number, seconds: number): Promise<void> {
  await runSlice(target, connections, seconds);
}

/**
 * Loads the targets in turn, `rounds` times, `seconds / rounds` each time, reversing the order every round.
 * On a shared machine the speed on offer drifts during a run; alternating lets the drift fall on every target
 * alike, so their ratio holds even when the absolute numbers move.
 */
export async function loadInTurns<Name extends string>(
  targets: Record<Name, Target>,
  options: { connections: number; seconds: number; rounds: number },
): Promise<Record<Name, LoadResult>> {
  const names = Object.keys(targets) as Name[];
  const slices = new Map<Name, Slice[]>(names.map((name) => [name, []]));
  for (let round = 0; round < options.rounds; round += 1) {
    for (const name of round % 2 === 0 ? names : [...names].reverse()) {
      const slice = await runSlice(targets[name], options.connections, options.seconds / options.rounds);
      slices.get(name)?.push(slice);
    }
  }
  return Object.fromEntries(
    names.map((name) => [name, pool(targets[name].url, options.connections, slices.get(name) ?? [])]),
  ) as Record<Name, LoadResult>;
}

async function runSlice(target: Target, connections: number, seconds: number): Promise<Slice> {
  const cpuBefore = target.cpuSeconds?.();
  const result = await autocannon({
    url: target.url,
    connections,
    duration: seconds,
    headers: { cookie: target.cookie },
  });
  const cpuAfter = target.cpuSeconds?.();
  return {
    ...result,
    cpuSeconds: cpuBefore === undefined || cpuAfter === undefined ? null : cpuAfter - cpuBefore,
  };
}

function pool(url: string, connections: number, slices: Slice[]): LoadResult {
  const total = (value: (slice: Slice) => number) => slices.reduce((sum, slice) => sum + value(slice), 0);
  const requests = total((slice) => slice.requests.total);
  const seconds = total((slice) => slice.duration);
  return {
    url,
    connections,
    seconds,
    requests,
    requestsPerSecond: requests / seconds,
    latencyMs: {
      average: total((slice) => slice.latency.average * slice.requests.total) / requests,
      p99: Math.max(...slices.map((slice) => slice.latency.p99)),
      max: Math.max(...slices.map((slice) => slice.latency.max)),
    },
    non2xx: total((slice) => slice.non2xx),
    cpuMicrosPerRequest: slices.every((slice) => slice.cpuSeconds !== null)
      ? (total((slice) => slice.cpuSeconds ?? 0) * 1e6) / requests
      : null,
    errors: total((slice) => slice.errors),
    slices: slices.map((slice) => ({
      requestsPerSecond: slice.requests.total / slice.duration,
      p99: slice.latency.p99,
    })),
  };
}
