import { invalidParam } from './errors';
import { listOf } from './objects';
import type { PaymentsStore, StripeObject } from './store';

// Lists answer newest first, like Stripe, with cursor pagination: `starting_after` / `ending_before` name an
// object of the list, `limit` is 1..100 (default 10), and `has_more` says whether another page exists.

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

/**
 * `expand[]=customer`, `expand[]=data.subscription`, `expand[]=items.data.price.product`: ids at those paths are
 * replaced by copies of the objects. A checkout session's `line_items` exist only when expanded.
 */
export function expand(store: PaymentsStore, value: unknown, paths: string[]): unknown {
  let result = structuredClone(value);
  for (const path of paths) result = expandPath(store, result, path.split('.'));
  return result;
}

function expandPath(store: PaymentsStore, value: unknown, path: string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => expandPath(store, item, path));
  if (typeof value !== 'object' || value === null) return value;
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const record = value as Record<string, unknown>;
  let child = record[head];
  if (head === 'line_items' && record.object === 'checkout.session') {
    child = store.find('checkout_line_items', String(record.id))?.list;
  }
  if (typeof child === 'string') child = structuredClone(store.byId(child) ?? child);
  record[head] = rest.length > 0 ? expandPath(store, child, rest) : child;
  return record;
}
