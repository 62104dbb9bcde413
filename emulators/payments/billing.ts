import { invalidParam, StripeApiError } from './errors';
import type { EventBus } from './events';
import { Invoicing } from './invoicing';
import {
  type Card,
  type Charge,
  type Customer,
  newPaymentMethod,
  newSubscriptionItem,
  type PaymentMethod,
  type Price,
  periodEnd,
  planOf,
  type Subscription,
} from './objects';
import { withMetadata } from './params';
import { type DeletedStub, newId, nowSeconds, type PaymentsStore } from './store';

// What happens at the provider: subscriptions start, renew, change and end; invoices are charged to the card on
// file; refunds give money back. Every change publishes the events Stripe publishes for it.

export class Billing {
  private readonly invoicing: Invoicing;

  constructor(
    private readonly store: PaymentsStore,
    private readonly events: EventBus,
    publicUrl: () => string,
  ) {
    this.invoicing = new Invoicing(store, events, publicUrl);
  }

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
    trialEndBehavior?: 'cancel' | 'create_invoice' | 'pause';
    paymentMethod?: string | null;
    metadata?: Record<string, string> | null;
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
      metadata: withMetadata({}, fields.metadata),
      livemode: false,
      trial_settings: {
        end_behavior: { missing_payment_method: fields.trialEndBehavior ?? 'create_invoice' },
      },
    };
    this.store.insert('subscription', subscription);
    // A trial starts with a $0 invoice, paid at once as Stripe pays any $0 invoice (invoice.paid); otherwise the
    // first period is charged now.
    const invoice = this.invoicing.createInvoice(
      subscription,
      trialEnd ? 0 : fields.price.unit_amount,
      'subscription_create',
    );
    const paid = this.invoicing.chargeInvoice(invoice, subscription);
    if (!trialEnd) subscription.status = paid ? 'active' : 'incomplete';
    this.store.changed();
    this.events.publish('customer.subscription.created', subscription);
    this.invoicing.publishInvoiceOutcome(invoice);
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
      metadata?: Record<string, string> | null;
      prorationBehavior?: 'create_prorations' | 'none' | 'always_invoice';
    },
  ): Subscription {
    const { cancellationDetails, metadata } = change;
    // Stripe lets a canceled subscription change only its notes (an admin records why it was refunded).
    const changesMore =
      change.trialEndNow ||
      [change.price, change.cancelAtPeriodEnd, change.defaultPaymentMethod, change.prorationBehavior].some(
        (value) => value !== undefined,
      );
    if (subscription.status === 'canceled' && changesMore) {
      throw invalidParam(
        'subscription',
        'A canceled subscription can only update its cancellation_details and metadata.',
        'invalid_canceled_subscription_fields',
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
        const invoice = this.invoicing.createInvoice(
          subscription,
          change.price.unit_amount,
          'subscription_update',
        );
        this.invoicing.chargeInvoice(invoice, subscription);
        this.invoicing.publishInvoiceOutcome(invoice);
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
    if (cancellationDetails) {
      previous.cancellation_details = subscription.cancellation_details;
      const ending = subscription.status === 'canceled' || subscription.cancel_at_period_end;
      subscription.cancellation_details = {
        comment: cancellationDetails.comment ?? null,
        feedback: cancellationDetails.feedback ?? null,
        reason: ending ? (subscription.cancellation_details?.reason ?? 'cancellation_requested') : null,
      };
    }
    if (change.defaultPaymentMethod !== undefined) {
      previous.default_payment_method = subscription.default_payment_method;
      subscription.default_payment_method = change.defaultPaymentMethod;
    }
    if (metadata !== undefined) {
      previous.metadata = subscription.metadata;
      subscription.metadata = withMetadata(subscription.metadata, metadata);
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
    const invoice = this.invoicing.createInvoice(
      subscription,
      this.priceOf(subscription).unit_amount,
      'subscription_cycle',
    );
    subscription.status = this.invoicing.chargeInvoice(invoice, subscription) ? 'active' : 'past_due';
    this.store.changed();
    this.events.publish('customer.subscription.updated', subscription, previous);
    this.invoicing.publishInvoiceOutcome(invoice);
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
    const invoice = this.invoicing.createInvoice(
      subscription,
      this.priceOf(subscription).unit_amount,
      'subscription_cycle',
    );
    subscription.status = this.invoicing.chargeInvoice(invoice, subscription, failPayment)
      ? 'active'
      : 'past_due';
    this.store.changed();
    this.events.publish('customer.subscription.updated', subscription, previous);
    this.invoicing.publishInvoiceOutcome(invoice);
    return subscription;
  }

  /**
   * `DELETE /v1/customers/:id`: "Permanently deletes a customer. It cannot be undone. Also immediately cancels any
   * active subscriptions on the customer" (API reference, Delete a customer): customer.subscription.deleted for
   * each, then customer.deleted; the id then answers `{id, object: 'customer', deleted: true}`.
   */
  deleteCustomer(customer: Customer): DeletedStub {
    for (const subscription of this.store.all<Subscription>('subscription')) {
      if (subscription.customer === customer.id && subscription.status !== 'canceled')
        this.cancel(subscription);
    }
    const stub = this.store.delete('customer', customer.id);
    this.events.publish('customer.deleted', customer);
    return stub;
  }

  /** Gives back all or part of a charge (charge.refunded, refund.created). */
  refund(
    charge: Charge,
    amount = charge.amount - charge.amount_refunded,
    metadata?: Record<string, string> | null,
    reason: string | null = null,
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
      reason,
      metadata: withMetadata({}, metadata),
      livemode: false,
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
}
