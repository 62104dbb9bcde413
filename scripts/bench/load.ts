import autocannon from 'autocannon';

// HTTP load with autocannon (the Fastify team's load generator): a fixed number of keep-alive connections,
// each sending its next request as soon as the previous one is answered.

export type Target = { url: string; cookie: string };

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
  slices: Array<{ requestsPerSecond: number; p99: number }>;
};

type Slice = autocannon.Result;

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

function runSlice(target: Target, connections: number, seconds: number): Promise<Slice> {
  return autocannon({ url: target.url, connections, duration: seconds, headers: { cookie: target.cookie } });
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
    errors: total((slice) => slice.errors),
    slices: slices.map((slice) => ({
      requestsPerSecond: slice.requests.total / slice.duration,
      p99: slice.latency.p99,
    })),
  };
}
