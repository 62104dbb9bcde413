/**
 * A promise that records its outcome on itself the way React's `use` reads it (`status` and `value`), so a view
 * that asks after the promise has settled renders at once instead of suspending for a round of the work loop.
 * TanStack Query hands React its prefetched promises the same way.
 */
export function settledPromise<T>(promise: Promise<T>): Promise<T> {
  const tracked = promise as Promise<T> & { status?: string; value?: T; reason?: unknown };
  tracked.status = 'pending';
  tracked.then(
    (value) => Object.assign(tracked, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(tracked, { status: 'rejected', reason }),
  );
  return tracked;
}
