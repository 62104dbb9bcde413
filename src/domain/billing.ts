import { DEFAULT_PLAN_LABEL } from '../../contract/plan-catalogue';
import type { DateInput } from '../../contract/time';

/** Which of billing info's alternative fields [product: DATA-12] a card reads, in order. */

type SubscriptionFields =
  | {
      plan_label?: string | null;
      interval?: string | null;
      billing_interval?: string | null;
      current_period_end?: DateInput;
      trial_end?: DateInput;
    }
  | null
  | undefined;

export type BillingInfoSource = {
  subscription?: SubscriptionFields;
  trial_ends_at?: DateInput;
  trial_end?: DateInput;
  nextBillingDate?: DateInput;
  next_billing_at?: DateInput;
  limits?: { plan_label?: string | null; billing_interval?: string | null } | null;
};

function firstPresent<T>(...values: (T | null | undefined)[]): T | null {
  for (const value of values) {
    if (value !== null && value !== undefined && value !== '') return value;
  }
  return null;
}

/** trial_ends_at, else trial_end, else the subscription's trial_end. */
export function billingTrialEnd(info: BillingInfoSource): DateInput {
  return firstPresent(info.trial_ends_at, info.trial_end, info.subscription?.trial_end);
}

/** nextBillingDate, else next_billing_at, else the end of the current period. */
export function nextBillingAt(info: BillingInfoSource): DateInput {
  return firstPresent(info.nextBillingDate, info.next_billing_at, info.subscription?.current_period_end);
}

/** The Current Plan card's label: the subscription's, else the limits', else "Founders' Tier". */
export function billingPlanLabel(info: BillingInfoSource): string {
  return (
    firstPresent(info.subscription?.plan_label?.trim(), info.limits?.plan_label?.trim()) ?? DEFAULT_PLAN_LABEL
  );
}

/** The billing interval as the server spelled it: subscription billing_interval, interval, then limits. */
export function billingIntervalOf(info: BillingInfoSource): string | null {
  return firstPresent(
    info.subscription?.billing_interval,
    info.subscription?.interval,
    info.limits?.billing_interval,
  );
}

/** Manage Payment reads 'Add Payment Method' when payment is required and no default card is on file. */
export function managePaymentLabel(info: {
  payment_required?: boolean;
  has_default_payment_method?: boolean;
}): string {
  return info.payment_required === true && info.has_default_payment_method !== true
    ? 'Add Payment Method'
    : 'Manage Payment';
}

/** What the payment provider's events mean to a customer, in words [product: BILL-20]. */
const EVENT_WORDS: Readonly<Record<string, string>> = {
  'checkout.session.completed': 'Checkout completed',
  'checkout.session.expired': 'Checkout expired',
  'customer.created': 'Billing account created',
  'customer.updated': 'Billing details updated',
  'customer.deleted': 'Billing account closed',
  'customer.subscription.created': 'Subscription started',
  'customer.subscription.updated': 'Subscription updated',
  'customer.subscription.deleted': 'Subscription ended',
  'customer.subscription.trial_will_end': 'Trial ending soon',
  'customer.subscription.paused': 'Subscription paused',
  'customer.subscription.resumed': 'Subscription resumed',
  'invoice.created': 'Invoice created',
  'invoice.finalized': 'Invoice issued',
  'invoice.updated': 'Invoice updated',
  'invoice.paid': 'Payment received',
  'invoice.payment_succeeded': 'Payment received',
  'invoice.payment_failed': 'Payment failed',
  'invoice.voided': 'Invoice voided',
  'charge.refunded': 'Payment refunded',
  'refund.created': 'Payment refunded',
};

/** An event type in words: the product's own, else the type itself made readable (`payment intent succeeded`). */
export function webhookEventWords(type: string | null | undefined): string | null {
  if (!type) return null;
  const words = EVENT_WORDS[type];
  if (words) return words;
  const readable = type.replaceAll(/[._]+/g, ' ').trim();
  return readable.charAt(0).toUpperCase() + readable.slice(1);
}
