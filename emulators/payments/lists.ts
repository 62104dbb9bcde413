import { invalidParam } from './errors';
import { listOf } from './objects';
import type { StripeObject } from './store';

// Lists answer newest first, like Stripe, with cursor pagination: `starting_after` / `ending_before` name an
// object of the list, `limit` is 1..100 (default 10), and `has_more` says whether another page exists.

/** A list filter: absent, or equal to the item's value. */
export const matches = <T>(wanted: T | undefined, actual: unknown) =>
  wanted === undefined || wanted === actual;

export function page<T extends StripeObject>(
  url: string,
  items: T[],
  {
    limit = 10,
    starting_after,
    ending_before,
  }: { limit?: number; starting_after?: string; ending_before?: string },
) {
  const newestFirst = [...items].reverse();
  let start = 0;
  let end = newestFirst.length;
  if (starting_after) {
    const index = newestFirst.findIndex((item) => item.id === starting_after);
    if (index < 0) throw invalidParam('starting_after', `No such object: '${starting_after}'`);
    start = index + 1;
  }
  if (ending_before) {
    const index = newestFirst.findIndex((item) => item.id === ending_before);
    if (index < 0) throw invalidParam('ending_before', `No such object: '${ending_before}'`);
    end = index;
    start = Math.max(start, end - limit);
  }
  const data = newestFirst.slice(start, Math.min(end, start + limit));
  return listOf(url, data, start + data.length < end);
}
