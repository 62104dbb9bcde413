import { randomBytes } from 'node:crypto';
import { missing } from './errors';

// The emulator's whole state: Stripe objects in their wire shape, kept per collection in creation order, plus the
// idempotency records and the webhook endpoint. It is plain JSON, so it can be written to and read from a file.

/** Every object the emulator stores is a Stripe object: an id, an `object` name and `created` seconds. */
export interface StripeObject {
  id: string;
  object: string;
  created: number;
  [field: string]: unknown;
}

export const COLLECTIONS = {
  product: 'prod',
  price: 'price',
  customer: 'cus',
  payment_method: 'pm',
  subscription: 'sub',
  subscription_item: 'si',
  invoice: 'in',
  invoice_payment: 'inpay',
  payment_intent: 'pi',
  charge: 'ch',
  refund: 're',
  'checkout.session': 'cs_test',
  'billing_portal.session': 'bps',
  event: 'evt',
  /** A checkout session's line items, answered only when `expand[]=line_items` asks (keyed by the session id). */
  checkout_line_items: 'cli',
} as const;
export type CollectionName = keyof typeof COLLECTIONS;

export interface IdempotentResponse {
  /** Method, path and body of the first request: a reuse with other parameters is an error, as at Stripe. */
  fingerprint: string;
  statusCode: number;
  body: unknown;
  /** The first request's Request-Id, answered as `Original-Request` on a replay. */
  requestId?: string;
}

export interface PaymentsState {
  version: 1;
  objects: Record<string, StripeObject[]>;
  /** Deleted objects by id: their `object` name, for the `{id, object, deleted: true}` stub Stripe keeps answering. */
  deleted?: Record<string, string>;
  idempotency: Record<string, IdempotentResponse>;
  invoiceCounter: number;
}

export const emptyPaymentsState = (): PaymentsState => ({
  version: 1,
  objects: {},
  deleted: {},
  idempotency: {},
  invoiceCounter: 0,
});

/** What Stripe answers for a deleted object (stripe-node `DeletedCustomer`: id, object, deleted). */
export interface DeletedStub {
  id: string;
  object: string;
  deleted: true;
}

/**
 * Where a missing object in the URL is reported: 404 naming `id`, except Checkout Sessions, which Stripe answers
 * with 400 naming the path parameter `session` (issue 20's probe of Stripe; the SDK raises
 * StripeInvalidRequestError either way).
 */
const URL_MISSING: Partial<Record<CollectionName, { status: 400 | 404; param: string }>> = {
  'checkout.session': { status: 400, param: 'session' },
};

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function newId(prefix: string): string {
  const bytes = randomBytes(24);
  const body = Array.from(bytes, (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
  return `${prefix}_${body}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export class PaymentsStore {
  #listeners: Array<() => void> = [];

  constructor(private state: PaymentsState) {}

  get snapshot(): PaymentsState {
    return this.state;
  }

  replace(state: PaymentsState): void {
    this.state = state;
    this.changed();
  }

  onChange(listener: () => void): void {
    this.#listeners.push(listener);
  }

  changed(): void {
    for (const listener of this.#listeners) listener();
  }

  all<T extends StripeObject>(collection: CollectionName): T[] {
    return (this.state.objects[collection] ?? []) as T[];
  }

  find<T extends StripeObject>(collection: CollectionName, id: string): T | undefined {
    return this.all<T>(collection).find((item) => item.id === id);
  }

  /**
   * The object, or Stripe's resource_missing naming it by its `object` value ("No such payment_intent: 'pi_x'"):
   * 400 naming `param` when the id came in a parameter, else as Stripe reports an id in the URL.
   */
  get<T extends StripeObject>(collection: CollectionName, id: string, param?: string): T {
    const found = this.find<T>(collection, id);
    if (found) return found;
    throw missing(
      collection,
      id,
      param ? { status: 400, param } : (URL_MISSING[collection] ?? { status: 404, param: 'id' }),
    );
  }

  /** Removes an object; Stripe keeps answering its id with a `deleted: true` stub. */
  delete(collection: CollectionName, id: string): DeletedStub {
    this.state.objects[collection] = this.all(collection).filter((item) => item.id !== id);
    this.state.deleted = { ...this.state.deleted, [id]: collection };
    this.changed();
    return { id, object: collection, deleted: true };
  }

  deletedStub(id: string): DeletedStub | undefined {
    const object = this.state.deleted?.[id];
    return object ? { id, object, deleted: true } : undefined;
  }

  insert<T extends StripeObject>(collection: CollectionName, item: T): T {
    const list = this.state.objects[collection] ?? [];
    list.push(item);
    this.state.objects[collection] = list;
    this.changed();
    return item;
  }

  /** Any stored object by id, whatever its collection, or its deletion stub (expansion follows ids of every kind). */
  byId(id: string): StripeObject | DeletedStub | undefined {
    for (const list of Object.values(this.state.objects)) {
      const found = list.find((item) => item.id === id);
      if (found) return found;
    }
    return this.deletedStub(id);
  }

  nextInvoiceNumber(): string {
    this.state.invoiceCounter += 1;
    return `BEACON-${String(this.state.invoiceCounter).padStart(4, '0')}`;
  }

  idempotent(key: string): IdempotentResponse | undefined {
    return this.state.idempotency[key];
  }

  remember(key: string, response: IdempotentResponse): void {
    this.state.idempotency[key] = response;
    this.changed();
  }
}
