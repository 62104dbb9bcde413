import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema';

type Counter = { current: number; ttl: number };
type RouteSettings = { routeInfo?: { method?: string | string[]; url?: string } };
type Callback = (error: Error | null, result?: Counter) => void;

/**
 * A @fastify/rate-limit store kept in the database, so every replica counts against one limit.
 * Fixed windows: the first hit opens a window of `timeWindow` ms; one atomic upsert counts and, once the
 * window has passed, starts a new one. The database clock is the only clock, so replicas never disagree.
 */
export function databaseRateLimitStore(db: Database) {
  return class DatabaseRateLimitStore {
    readonly #prefix: string;

    /** @fastify/rate-limit passes its options first; only children get a prefix. */
    constructor(_options?: unknown, prefix = 'global') {
      this.#prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      increment(db, `${this.#prefix}|${key}`, timeWindow).then(
        (counter) => callback(null, counter),
        (error: Error) => callback(error),
      );
    }

    /** Each route gets its own counters (its method and path prefix the key). */
    child(routeOptions: object) {
      // At run time the merged route settings carry the route as `routeInfo`.
      const { method, url } = (routeOptions as RouteSettings).routeInfo ?? {};
      return new DatabaseRateLimitStore(undefined, `${[method].flat().join(',')} ${url ?? ''}`);
    }
  };
}

/** Counts one hit against `key` in a window of `windowMs`; answers the count so far and the ms left. */
export async function increment(db: Database, key: string, windowMs: number): Promise<Counter> {
  const expired = sql`${rateLimitCounters.resetAt} <= now()`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, count: 1, resetAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
      },
    })
    .returning({
      count: rateLimitCounters.count,
      ttlMs: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitCounters.resetAt} - now())) * 1000))::int`,
    });
  if (!row) throw new Error('rate-limit upsert returned no row');
  return { current: row.count, ttl: Number(row.ttlMs) };
}

/** The count in `key`'s current window without counting anything (zero when no window is open). */
export async function peek(db: Database, key: string): Promise<Counter> {
  const [row] = await db
    .select({
      count: rateLimitCounters.count,
      ttlMs: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitCounters.resetAt} - now())) * 1000))::int`,
    })
    .from(rateLimitCounters)
    .where(sql`${rateLimitCounters.key} = ${key} and ${rateLimitCounters.resetAt} > now()`)
    .limit(1);
  return row ? { current: row.count, ttl: Number(row.ttlMs) } : { current: 0, ttl: 0 };
}

/** Forgets windows that are over (called periodically; a stale row would reset itself anyway). */
export async function deleteExpiredCounters(db: Database): Promise<void> {
  await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.resetAt} < now()`);
}
