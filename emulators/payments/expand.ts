import { notExpandable } from './errors';
import type { PaymentsStore } from './store';

// `expand[]=customer`, `expand[]=data.subscription`, `expand[]=items.data.price.product`: ids at those paths are
// replaced by the objects. Only fields Stripe marks expandable may be named; anything else is 400 "This property
// cannot be expanded (…)". Paths go through lists (`data`) and embedded objects (a subscription item's price).

/**
 * The expandable fields of the objects the stand-in answers: those stripe-node 23 types as `string | Object`
 * (cjs/resources/*.d.ts), dotted where they sit inside a plain structure. A Checkout Session's `line_items` exist
 * only when expanded.
 */
const EXPANDABLE: Record<string, readonly string[]> = {
  customer: ['default_source', 'invoice_settings.default_payment_method', 'test_clock'],
  price: ['product'],
  product: ['default_price', 'tax_code'],
  payment_method: ['customer'],
  'checkout.session': [
    'customer',
    'invoice',
    'line_items',
    'payment_intent',
    'payment_link',
    'setup_intent',
    'subscription',
  ],
  'billing_portal.session': ['configuration'],
  subscription: [
    'application',
    'customer',
    'default_payment_method',
    'default_source',
    'latest_invoice',
    'on_behalf_of',
    'pending_setup_intent',
    'schedule',
    'test_clock',
  ],
  invoice: [
    'application',
    'customer',
    'default_payment_method',
    'default_source',
    'latest_revision',
    'on_behalf_of',
    'parent.subscription_details.subscription',
    'test_clock',
  ],
  invoice_payment: ['invoice', 'payment.charge', 'payment.payment_intent'],
  payment_intent: [
    'application',
    'customer',
    'latest_charge',
    'on_behalf_of',
    'payment_method',
    'review',
    'source',
  ],
  charge: [
    'application',
    'application_fee',
    'balance_transaction',
    'customer',
    'failure_balance_transaction',
    'on_behalf_of',
    'payment_intent',
    'review',
    'source_transfer',
    'transfer',
  ],
  refund: [
    'balance_transaction',
    'charge',
    'customer',
    'failure_balance_transaction',
    'payment_intent',
    'payment_method',
    'source_transfer_reversal',
    'transfer_reversal',
  ],
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function expand(store: PaymentsStore, value: unknown, paths: readonly string[]): unknown {
  let result = structuredClone(value);
  for (const path of paths) result = expandPath(store, result, path.split('.'), path);
  return result;
}

function expandPath(store: PaymentsStore, value: unknown, path: string[], whole: string): unknown {
  if (Array.isArray(value)) return value.map((item) => expandPath(store, item, path, whole));
  if (!isObject(value) || path.length === 0) return value;
  const field = (EXPANDABLE[String(value.object)] ?? []).find((candidate) =>
    startsWith(path, candidate.split('.')),
  );
  if (field) {
    const segments = field.split('.');
    return replaceAt(value, segments, (child) =>
      expandPath(store, resolve(store, value, segments, child), path.slice(segments.length), whole),
    );
  }
  const [head = '', ...rest] = path;
  const child = value[head];
  // Lists (`data`) and embedded objects (a price inside an item) can be walked through, nothing else.
  const walkable = (value.object === 'list' && head === 'data') || (isObject(child) && 'object' in child);
  if (!walkable) throw notExpandable(whole);
  return { ...value, [head]: expandPath(store, child, rest, whole) };
}

const startsWith = (path: string[], prefix: string[]) =>
  prefix.every((segment, index) => path[index] === segment);

function replaceAt(record: Json, segments: string[], replace: (child: unknown) => unknown): Json {
  const [head = '', ...rest] = segments;
  const child = record[head];
  if (rest.length === 0) return { ...record, [head]: replace(child) };
  return isObject(child) ? { ...record, [head]: replaceAt(child, rest, replace) } : record;
}

/** The object an expandable field names: a stored object (or its deletion stub), or a session's line items. */
function resolve(store: PaymentsStore, owner: Json, segments: string[], child: unknown): unknown {
  if (owner.object === 'checkout.session' && segments.join('.') === 'line_items') {
    return structuredClone(store.find('checkout_line_items', String(owner.id))?.list);
  }
  return typeof child === 'string' ? structuredClone(store.byId(child) ?? child) : child;
}
