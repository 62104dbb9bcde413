import { cardDeclined, invalidParam, StripeApiError } from './errors';
import type { EventBus } from './events';
import {
  type Card,
  type Charge,
  type Customer,
  type Invoice,
  newPaymentMethod,
  newSubscriptionItem,
  type PaymentIntent,
  type PaymentMethod,
  type Price,
  periodEnd,
  planOf,
  type Subscription,
} from './objects';
import { newId, nowSeconds, type PaymentsStore } from './store';

// What happens at the provider: subscriptions start, renew, change and end; invoices are charged to the card on
// file; refunds give money back. Every change publishes the events Stripe publishes for it.

/** Stripe's test cards that matter here. */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  /** Attaches fine, but every charge to it fails (for renewals that fail). */
  chargeFails: '4000000000000341',
} as const;

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

/** Checks the card form; a declined card number answers Stripe's card_error. */
export function cardFromInput(input: CardInput): Card {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) throw invalidParam('number', 'Your card number is incomplete.');
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  const month = Number(expiry?.[1]);
  const yearText = expiry?.[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (!expiry || month < 1 || month > 12)
    throw invalidParam('exp_month', "Your card's expiry is incomplete.");
  const now = new Date();
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    throw invalidParam('exp_year', "Your card's expiration year is in the past.");
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim()))
    throw invalidParam('cvc', "Your card's security code is incomplete.");
  if (number === TEST_CARDS.declined) throw cardDeclined();
  return {
    brand: number.startsWith('4') ? 'visa' : 'mastercard',
    last4: number.slice(-4),
    exp_month: month,
    exp_year: year,
  };
}

export class Billing {
  constructor(
    private readonly store: PaymentsStore,
    private readonly events: EventBus,
    private readonly publicUrl: () => string,
  ) {}

  /** A card saved on the customer and made the default for invoices (customer.updated). */
  attachCard(customer: Customer, card: Card, name: string | null): PaymentMethod {
    const method = this.store.insert('payment_method', newPaymentMethod(card, customer.id, name));
    this.events.publish('payment_method.attached', method);
    const previous = { invoice_settings: { ...customer.invoice_settings } };
    customer.invoice_settings.default_payment_method = method.id;
    this.store.changed();
    this.events.publish('customer.updated', customer, previous);
    return method;
  }

  createSubscription(fields: {
    customer: Customer;
    price: Price;
    trialDays?: number;
    trialEnd?: number;
    paymentMethod?: string | null;
    metadata?: Record<string, string>;
    start?: number;
  }): Subscription {
    const start = fields.start ?? nowSeconds();
    const trialEnd = fields.trialEnd ?? (fields.trialDays ? start + fields.trialDays * 86_400 : null);
    const id = newId('sub');
    const item = newSubscriptionItem(id, fields.price, start);
    if (trialEnd) item.current_period_end = trialEnd;
    const subscription: Subscription = {
      id,
      object: 'subscription',
      created: start,
      customer: fields.customer.id,
      status: trialEnd ? 'trialing' : 'incomplete',
      items: {
        object: 'list',
        url: `/v1/subscription_items?subscription=${id}`,
        has_more: false,
        data: [item],
      },
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      cancellation_details: null,
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      start_date: start,
      billing_cycle_anchor: trialEnd ?? start,
      currency: 'usd',
      collection_method: 'charge_automatically',
      default_payment_method: fields.paymentMethod ?? null,
      latest_invoice: null,
      metadata: fields.metadata ?? {},
      livemode: false,
      trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    };
    this.store.insert('subscription', subscription);
    // A trial starts with a $0 invoice; otherwise the first period is charged now.
    const invoice = this.createInvoice(
      subscription,
      trialEnd ? 0 : fields.price.unit_amount,
      'subscription_create',
    );
    if (!trialEnd) {
      const paid = this.chargeInvoice(invoice, subscription);
      subscription.status = paid ? 'active' : 'incomplete';
    }
    this.store.changed();
    this.events.publish('customer.subscription.created', subscription);
    this.publishInvoiceOutcome(invoice);
    return subscription;
  }

  /** Changes a subscription as `POST /v1/subscriptions/:id` does, publishing customer.subscription.updated. */
  update(
    subscription: Subscription,
    change: {
      price?: Price;
      cancelAtPeriodEnd?: boolean;
      trialEndNow?: boolean;
      defaultPaymentMethod?: string | null;
      cancellationDetails?: { comment?: string | null; feedback?: string | null };
      metadata?: Record<string, string>;
      prorationBehavior?: 'create_prorations' | 'none' | 'always_invoice';
    },
  ): Subscription {
    if (subscription.status === 'canceled') {
      throw invalidParam(
        'subscription',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    }
    const previous: Record<string, unknown> = {};
    const item = subscription.items.data[0];
    if (change.price && item && change.price.id !== item.price.id) {
      previous.items = structuredClone(subscription.items);
      const intervalChanged = change.price.recurring.interval !== item.price.recurring.interval;
      item.price = change.price;
      (item as { plan?: unknown }).plan = planOf(change.price);
      // A change of interval starts a new period now, as Stripe does (a trial keeps its end); otherwise the
      // anchor stays.
      if (intervalChanged && subscription.status !== 'trialing') this.startPeriod(subscription, nowSeconds());
      if (change.prorationBehavior === 'always_invoice' && subscription.status === 'active') {
        const invoice = this.createInvoice(subscription, change.price.unit_amount, 'subscription_update');
        this.chargeInvoice(invoice, subscription);
        this.publishInvoiceOutcome(invoice);
      }
    }
    if (
      change.cancelAtPeriodEnd !== undefined &&
      change.cancelAtPeriodEnd !== subscription.cancel_at_period_end
    ) {
      previous.cancel_at_period_end = subscription.cancel_at_period_end;
      previous.cancel_at = subscription.cancel_at;
      subscription.cancel_at_period_end = change.cancelAtPeriodEnd;
      subscription.cancel_at = change.cancelAtPeriodEnd ? (item?.current_period_end ?? null) : null;
      subscription.canceled_at = change.cancelAtPeriodEnd ? nowSeconds() : null;
    }
    if (change.cancellationDetails) {
      previous.cancellation_details = subscription.cancellation_details;
      subscription.cancellation_details = {
        comment: change.cancellationDetails.comment ?? null,
        feedback: change.cancellationDetails.feedback ?? null,
        reason: 'cancellation_requested',
      };
    }
    if (change.defaultPaymentMethod !== undefined) {
      previous.default_payment_method = subscription.default_payment_method;
      subscription.default_payment_method = change.defaultPaymentMethod;
    }
    if (change.metadata) {
      previous.metadata = subscription.metadata;
      subscription.metadata = { ...subscription.metadata, ...change.metadata };
    }
    this.store.changed();
    if (change.trialEndNow) return this.endTrial(subscription);
    if (Object.keys(previous).length > 0)
      this.events.publish('customer.subscription.updated', subscription, previous);
    return subscription;
  }

  /** `DELETE /v1/subscriptions/:id`: ends it now (customer.subscription.deleted). */
  cancel(
    subscription: Subscription,
    details?: { comment?: string | null; feedback?: string | null },
  ): Subscription {
    if (subscription.status === 'canceled') {
      throw new StripeApiError(400, 'invalid_request_error', `No such subscription: '${subscription.id}'`, {
        code: 'resource_missing',
        param: 'id',
      });
    }
    const now = nowSeconds();
    subscription.status = 'canceled';
    subscription.canceled_at = now;
    subscription.ended_at = now;
    subscription.cancellation_details = {
      comment: details?.comment ?? subscription.cancellation_details?.comment ?? null,
      feedback: details?.feedback ?? subscription.cancellation_details?.feedback ?? null,
      reason: 'cancellation_requested',
    };
    this.store.changed();
    this.events.publish('customer.subscription.deleted', subscription);
    return subscription;
  }

  /** The trial ends now: the first period is invoiced and charged to the card on file, if there is one. */
  endTrial(subscription: Subscription): Subscription {
    if (subscription.status !== 'trialing')
      throw invalidParam('trial_end', 'This subscription is not in a trial.');
    const previous = { status: subscription.status, trial_end: subscription.trial_end };
    const now = nowSeconds();
    subscription.trial_end = now;
    this.startPeriod(subscription, now);
    const invoice = this.createInvoice(
      subscription,
      this.priceOf(subscription).unit_amount,
      'subscription_cycle',
    );
    subscription.status = this.chargeInvoice(invoice, subscription) ? 'active' : 'past_due';
    this.store.changed();
    this.events.publish('customer.subscription.updated', subscription, previous);
    this.publishInvoiceOutcome(invoice);
    return subscription;
  }

  /**
   * The current period ends now: a subscription set to cancel at period end is canceled, any other is renewed,
   * invoiced and charged (`failPayment` makes the charge fail whatever the card).
   */
  renew(subscription: Subscription, failPayment = false): Subscription {
    if (subscription.status === 'canceled')
      throw invalidParam('subscription', 'This subscription is canceled.');
    if (subscription.status === 'trialing') return this.endTrial(subscription);
    if (subscription.cancel_at_period_end) return this.cancel(subscription);
    const previous = { status: subscription.status, items: structuredClone(subscription.items) };
    this.startPeriod(subscription, nowSeconds());
    const invoice = this.createInvoice(
      subscription,
      this.priceOf(subscription).unit_amount,
      'subscription_cycle',
    );
    subscription.status = this.chargeInvoice(invoice, subscription, failPayment) ? 'active' : 'past_due';
    this.store.changed();
    this.events.publish('customer.subscription.updated', subscription, previous);
    this.publishInvoiceOutcome(invoice);
    return subscription;
  }

  /** Gives back all or part of a charge (charge.refunded, refund.created). */
  refund(
    charge: Charge,
    amount = charge.amount - charge.amount_refunded,
    metadata: Record<string, string> = {},
  ) {
    if (amount <= 0 || amount > charge.amount - charge.amount_refunded) {
      throw invalidParam(
        'amount',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${charge.amount - charge.amount_refunded}).`,
      );
    }
    const refund = this.store.insert('refund', {
      id: newId('re'),
      object: 'refund',
      created: nowSeconds(),
      amount,
      currency: 'usd',
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status: 'succeeded',
      reason: null,
      metadata,
    });
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    this.store.changed();
    this.events.publish('refund.created', refund);
    this.events.publish('charge.refunded', charge);
    return refund;
  }

  priceOf(subscription: Subscription): Price {
    const price = subscription.items.data[0]?.price;
    if (!price) throw invalidParam('items', 'The subscription has no items.');
    return price;
  }

  private startPeriod(subscription: Subscription, start: number): void {
    for (const item of subscription.items.data) {
      item.current_period_start = start;
      item.current_period_end = periodEnd(start, item.price.recurring.interval);
    }
    subscription.billing_cycle_anchor = start;
    if (subscription.cancel_at_period_end)
      subscription.cancel_at = subscription.items.data[0]?.current_period_end ?? null;
  }

  private createInvoice(
    subscription: Subscription,
    amount: number,
    reason: Invoice['billing_reason'],
  ): Invoice {
    const id = newId('in');
    const item = subscription.items.data[0];
    const now = nowSeconds();
    const base = this.publicUrl();
    const invoice: Invoice = {
      id,
      object: 'invoice',
      created: now,
      customer: subscription.customer,
      status: 'open',
      currency: 'usd',
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      total: amount,
      subtotal: amount,
      number: this.store.nextInvoiceNumber(),
      hosted_invoice_url: `${base}/invoices/${id}`,
      invoice_pdf: `${base}/invoices/${id}/pdf`,
      period_start: item?.current_period_start ?? now,
      period_end: item?.current_period_end ?? now,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: {} },
        quote_details: null,
      },
      lines: {
        object: 'list',
        url: `/v1/invoices/${id}/lines`,
        has_more: false,
        data: item
          ? [
              {
                id: newId('il'),
                object: 'line_item',
                amount,
                currency: 'usd',
                description: `1 × ${item.price.nickname}`,
                period: { start: item.current_period_start, end: item.current_period_end },
                pricing: { price_details: { price: item.price.id, product: item.price.product } },
              },
            ]
          : [],
      },
      attempt_count: 0,
      status_transitions: { finalized_at: now, paid_at: null },
      metadata: {},
      livemode: false,
    } as Invoice;
    subscription.latest_invoice = id;
    this.store.insert('invoice', invoice);
    this.events.publish('invoice.created', invoice);
    this.events.publish('invoice.finalized', invoice);
    return invoice;
  }

  /** Charges the invoice to the subscription's or the customer's default card; true when it is paid. */
  private chargeInvoice(invoice: Invoice, subscription: Subscription, forceFail = false): boolean {
    invoice.attempt_count += 1;
    if (invoice.amount_due === 0) {
      this.markPaid(invoice);
      return true;
    }
    const customer = this.store.get<Customer>('customer', subscription.customer);
    const methodId = subscription.default_payment_method ?? customer.invoice_settings.default_payment_method;
    const method = methodId ? this.store.find<PaymentMethod>('payment_method', methodId) : undefined;
    if (!method) return false;
    const fails = forceFail || method.card.last4 === TEST_CARDS.chargeFails.slice(-4);
    const intent = this.store.insert<PaymentIntent>('payment_intent', {
      id: newId('pi'),
      object: 'payment_intent',
      created: nowSeconds(),
      amount: invoice.amount_due,
      amount_received: fails ? 0 : invoice.amount_due,
      currency: 'usd',
      customer: customer.id,
      status: fails ? 'requires_payment_method' : 'succeeded',
      latest_charge: null,
      payment_method: method.id,
      last_payment_error: fails ? { code: 'card_declined', message: 'Your card was declined.' } : null,
      metadata: {},
    });
    const charge = this.store.insert<Charge>('charge', {
      id: newId('ch'),
      object: 'charge',
      created: nowSeconds(),
      amount: invoice.amount_due,
      amount_refunded: 0,
      refunded: false,
      paid: !fails,
      status: fails ? 'failed' : 'succeeded',
      currency: 'usd',
      customer: customer.id,
      payment_intent: intent.id,
      payment_method: method.id,
      payment_method_details: { type: 'card', card: { brand: method.card.brand, last4: method.card.last4 } },
      failure_code: fails ? 'card_declined' : null,
      failure_message: fails ? 'Your card was declined.' : null,
      metadata: {},
    });
    intent.latest_charge = charge.id;
    this.store.insert('invoice_payment', {
      id: newId('inpay'),
      object: 'invoice_payment',
      created: nowSeconds(),
      invoice: invoice.id,
      amount_paid: fails ? null : invoice.amount_due,
      amount_requested: invoice.amount_due,
      currency: 'usd',
      is_default: true,
      status: fails ? 'open' : 'paid',
      payment: { type: 'payment_intent', payment_intent: intent.id },
      livemode: false,
    });
    this.events.publish(fails ? 'payment_intent.payment_failed' : 'payment_intent.succeeded', intent);
    if (!fails) {
      this.events.publish('charge.succeeded', charge);
      this.markPaid(invoice);
    }
    this.store.changed();
    return !fails;
  }

  private markPaid(invoice: Invoice): void {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.status_transitions.paid_at = nowSeconds();
  }

  private publishInvoiceOutcome(invoice: Invoice): void {
    if (invoice.status === 'paid') {
      this.events.publish('invoice.paid', invoice);
      this.events.publish('invoice.payment_succeeded', invoice);
    } else {
      this.events.publish('invoice.payment_failed', invoice);
    }
  }
}
