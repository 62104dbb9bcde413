import { newId, nowSeconds, type StripeObject } from './store';

// Stripe objects in the shapes stripe-node 23 types them (API 2026-10-28.endive, "basil" and later): periods live
// on subscription items, an invoice names its subscription under `parent.subscription_details`, and fields the
// typings mark `| null` are present as null.

export const API_VERSION = '2026-10-28.endive';

export type Interval = 'month' | 'year';

export interface Price extends StripeObject {
  object: 'price';
  active: boolean;
  currency: string;
  unit_amount: number;
  unit_amount_decimal: string;
  type: 'recurring';
  recurring: { interval: Interval; interval_count: 1; usage_type: 'licensed' };
  product: string;
  lookup_key: string | null;
  nickname: string | null;
  metadata: Record<string, string>;
  livemode: false;
}

export interface Product extends StripeObject {
  object: 'product';
  active: boolean;
  name: string;
}

export interface Card {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface PaymentMethod extends StripeObject {
  object: 'payment_method';
  type: 'card';
  card: Card & { funding: 'credit'; country: 'US' };
  customer: string | null;
  billing_details: { name: string | null; email: string | null };
}

export interface Customer extends StripeObject {
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  invoice_settings: { default_payment_method: string | null };
}

export interface SubscriptionItem extends StripeObject {
  object: 'subscription_item';
  subscription: string;
  price: Price;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
}

export type SubscriptionStatus =
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'incomplete'
  | 'unpaid'
  | 'incomplete_expired'
  | 'paused';

export interface Subscription extends StripeObject {
  object: 'subscription';
  customer: string;
  status: SubscriptionStatus;
  items: { object: 'list'; url: string; has_more: false; data: SubscriptionItem[] };
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null } | null;
  trial_start: number | null;
  trial_end: number | null;
  default_payment_method: string | null;
  latest_invoice: string | null;
  metadata: Record<string, string>;
}

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';

export interface Invoice extends StripeObject {
  object: 'invoice';
  customer: string;
  status: InvoiceStatus;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  total: number;
  subtotal: number;
  number: string;
  hosted_invoice_url: string;
  invoice_pdf: string;
  period_start: number;
  period_end: number;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  parent: { type: 'subscription_details'; subscription_details: { subscription: string } };
  attempt_count: number;
  status_transitions: { finalized_at: number | null; paid_at: number | null };
}

export interface PaymentIntent extends StripeObject {
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  customer: string;
  status: 'succeeded' | 'requires_payment_method';
  latest_charge: string | null;
  payment_method: string | null;
  last_payment_error: { code: string; message: string } | null;
  livemode: false;
}

export interface Charge extends StripeObject {
  object: 'charge';
  amount: number;
  amount_refunded: number;
  captured: boolean;
  amount_captured: number;
  refunded: boolean;
  paid: boolean;
  status: 'succeeded' | 'failed';
  customer: string;
  payment_intent: string;
  payment_method: string;
  livemode: false;
}

export interface CheckoutSession extends StripeObject {
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  url: string | null;
  success_url: string;
  cancel_url: string | null;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  subscription: string | null;
  invoice: string | null;
  amount_total: number;
  metadata: Record<string, string>;
  /** Not part of the wire shape until expanded (`line_items`); kept for the hosted page. */
  line_items?: unknown;
}

const base = <T extends string>(object: T, prefix: string, created = nowSeconds()) => ({
  id: newId(prefix),
  object,
  created,
  livemode: false as const,
});

export function newPrice(fields: {
  id?: string;
  product: string;
  unitAmount: number;
  interval: Interval;
  lookupKey: string;
  nickname: string;
}): Price {
  return {
    ...base('price', 'price'),
    ...(fields.id ? { id: fields.id } : {}),
    active: true,
    currency: 'usd',
    unit_amount: fields.unitAmount,
    unit_amount_decimal: String(fields.unitAmount),
    type: 'recurring',
    recurring: { interval: fields.interval, interval_count: 1, usage_type: 'licensed' },
    product: fields.product,
    lookup_key: fields.lookupKey,
    nickname: fields.nickname,
    metadata: {},
    tax_behavior: 'unspecified',
    billing_scheme: 'per_unit',
  };
}

export function newCustomer(fields: {
  id?: string;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created?: number;
}): Customer {
  return {
    ...base('customer', 'cus', fields.created),
    ...(fields.id ? { id: fields.id } : {}),
    email: fields.email,
    name: fields.name,
    description: null,
    metadata: fields.metadata,
    balance: 0,
    currency: 'usd',
    default_source: null,
    delinquent: false,
    invoice_settings: {
      default_payment_method: null,
      custom_fields: null,
      footer: null,
      rendering_options: null,
    },
    shipping: null,
  } as Customer;
}

export function newPaymentMethod(card: Card, customer: string | null, name: string | null): PaymentMethod {
  return {
    ...base('payment_method', 'pm'),
    type: 'card',
    card: { ...card, funding: 'credit', country: 'US' },
    customer,
    billing_details: { name, email: null },
    metadata: {},
  };
}

/** One billing period from `start`: a calendar month or year, like Stripe's anchors. */
export function periodEnd(start: number, interval: Interval): number {
  const date = new Date(start * 1000);
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return Math.floor(date.getTime() / 1000);
}

/** A price as subscription items also show it under the legacy `plan` name. */
export function planOf(price: Price) {
  return {
    id: price.id,
    object: 'plan',
    active: true,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    currency: price.currency,
    interval: price.recurring.interval,
    interval_count: 1,
    product: price.product,
    nickname: price.nickname,
    usage_type: 'licensed',
    livemode: false,
    created: price.created,
    metadata: {},
  };
}

export function newSubscriptionItem(subscription: string, price: Price, start: number): SubscriptionItem {
  return {
    ...base('subscription_item', 'si', start),
    subscription,
    price,
    plan: planOf(price),
    quantity: 1,
    current_period_start: start,
    current_period_end: periodEnd(start, price.recurring.interval),
    metadata: {},
    discounts: [],
    tax_rates: [],
  } as SubscriptionItem;
}

export function listOf<T>(url: string, data: T[], hasMore = false) {
  return { object: 'list' as const, url, has_more: hasMore, data };
}
