import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { KeySourceUnavailableError } from './token-verifier';

export type JwksCacheOptions = {
  url: string;
  fetch?: typeof fetch;
  now?: () => number;
  /** A key set younger than this is used without asking again (GoTrue rotates keys rarely). */
  maxAgeMs?: number;
  /** How long past maxAge a key set keeps serving while the auth service fails to answer (bounded staleness). */
  staleIfErrorMs?: number;
  /** An unknown `kid` triggers a refetch at most this often (a rotation is picked up; a flood of junk is not). */
  cooldownMs?: number;
  timeoutMs?: number;
  /** Called when the auth service fails to answer and a stale key set is served instead. */
  onStale?: (error: unknown, ageMs: number) => void;
};

/**
 * The auth service's JWKS, fetched and cached here rather than by jose's createRemoteJWKSet, because an outage
 * must not read as "invalid token": a 5xx, a timeout or an unreadable answer is KeySourceUnavailableError (503),
 * and a key set that worked keeps serving through a short outage (stale-if-error, bounded by staleIfErrorMs).
 */
export function cachedRemoteJwks(options: JwksCacheOptions): JWTVerifyGetKey {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
  const staleIfErrorMs = options.staleIfErrorMs ?? 60 * 60_000;
  const cooldownMs = options.cooldownMs ?? 30_000;
  const timeoutMs = options.timeoutMs ?? 5_000;
  let cached: { keys: JWTVerifyGetKey; fetchedAt: number } | null = null;
  let lastFetchAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<void> | null = null;

  const fetchKeys = async (): Promise<void> => {
    lastFetchAt = now();
    let response: Response;
    try {
      response = await fetchImpl(options.url, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new KeySourceUnavailableError('the JWKS could not be fetched', { cause: error });
    }
    if (!response.ok) throw new KeySourceUnavailableError(`the JWKS answered ${response.status}`);
    const body = (await response.json().catch(() => null)) as JSONWebKeySet | null;
    if (!body || !Array.isArray(body.keys))
      throw new KeySourceUnavailableError('the JWKS answer has no keys');
    cached = { keys: createLocalJWKSet(body), fetchedAt: now() };
  };
  // Concurrent requests share one fetch.
  const refresh = () => {
    pending ??= fetchKeys().finally(() => {
      pending = null;
    });
    return pending;
  };

  return async (header, token) => {
    const age = cached ? now() - cached.fetchedAt : Number.POSITIVE_INFINITY;
    if (age >= maxAgeMs) {
      try {
        await refresh();
      } catch (error) {
        if (!cached || age >= maxAgeMs + staleIfErrorMs) throw error;
        options.onStale?.(error, age);
      }
    }
    const current = cached as { keys: JWTVerifyGetKey } | null;
    if (!current) throw new KeySourceUnavailableError('no JWKS');
    try {
      return await current.keys(header, token);
    } catch (error) {
      // A key we do not know yet (a rotation): ask again, but not more often than the cooldown.
      if (!(error instanceof errors.JWKSNoMatchingKey) || now() - lastFetchAt < cooldownMs) throw error;
      await refresh();
      return (cached as { keys: JWTVerifyGetKey } | null)?.keys(header, token) ?? Promise.reject(error);
    }
  };
}
