import * as v from 'valibot';
import type { PaymentsContext } from '../context';
import { invalidParam, missingParam, StripeApiError } from '../errors';
import type { StripeEvent } from '../events';
import type { FormTree } from '../form';
import type { Charge, Customer, Invoice, PaymentIntent, Price, Subscription } from '../objects';
import { boolean, integer, metadata, nullable, read, text } from '../params';
import type { StripeObject } from '../store';
import type { V1Router } from './v1';

// Subscriptions, invoices, payments, refunds and events under /v1.

export function registerSubscriptionRoutes(ctx: PaymentsContext, router: V1Router): void {
  const { store, billing } = ctx;
  const { route, readable, matches, optionalText } = router;

  // Subscriptions.
  const cancellationDetails = v.optional(
    v.object({ comment: v.optional(nullable(text)), feedback: v.optional(nullable(text)) }),
  );
  route('POST', '/v1/subscriptions', (params) => {
    const fields = read(
      v.object({
        customer: text,
        items: v.pipe(v.array(v.object({ price: text })), v.length(1, 'exactly one item is emulated')),
        trial_period_days: v.optional(integer),
        default_payment_method: v.optional(text),
        metadata: v.optional(metadata),
      }),
      params,
    );
    const customer = store.get<Customer>('customer', fields.customer, 'customer');
    const price = store.get<Price>('price', fields.items[0]?.price ?? '', 'items[0][price]');
    return billing.createSubscription({
      customer,
      price,
      trialDays: fields.trial_period_days,
      paymentMethod: fields.default_payment_method ?? null,
      metadata: fields.metadata,
    });
  });
  const LIVE = new Set(['trialing', 'active', 'past_due', 'unpaid', 'incomplete', 'paused']);
  readable<Subscription>('subscription', 'subscriptions', (subscription, params) => {
    const status = optionalText(params, 'status');
    const statusMatches =
      status === 'all' ||
      (status === undefined ? subscription.status !== 'canceled' : subscription.status === status) ||
      (status === 'ended' && !LIVE.has(subscription.status));
    const price = optionalText(params, 'price');
    return (
      statusMatches &&
      matches(params, 'customer', subscription.customer) &&
      (price === undefined || subscription.items.data.some((item) => item.price.id === price))
    );
  });
  route('POST', '/v1/subscriptions/:id', (params, request) => {
    const subscription = store.get<Subscription>('subscription', (request.params as { id: string }).id);
    const fields = read(
      v.object({
        items: v.optional(v.array(v.object({ id: v.optional(text), price: v.optional(text) }))),
        cancel_at_period_end: v.optional(boolean),
        trial_end: v.optional(v.literal('now', 'only trial_end=now is emulated')),
        proration_behavior: v.optional(v.picklist(['create_prorations', 'none', 'always_invoice'])),
        default_payment_method: v.optional(nullable(text)),
        cancellation_details: cancellationDetails,
        metadata: v.optional(metadata),
      }),
      params,
    );
    const item = fields.items?.[0];
    if (item?.id && !subscription.items.data.some((existing) => existing.id === item.id)) {
      throw invalidParam('items[0][id]', `No such subscription item: '${item.id}'`);
    }
    if (fields.default_payment_method) {
      store.get('payment_method', fields.default_payment_method, 'default_payment_method');
    }
    return billing.update(subscription, {
      price: item?.price ? store.get<Price>('price', item.price, 'items[0][price]') : undefined,
      cancelAtPeriodEnd: fields.cancel_at_period_end,
      trialEndNow: fields.trial_end === 'now',
      defaultPaymentMethod: fields.default_payment_method,
      cancellationDetails: fields.cancellation_details,
      metadata: fields.metadata,
      prorationBehavior: fields.proration_behavior,
    });
  });
  route('DELETE', '/v1/subscriptions/:id', (params, request) => {
    const subscription = store.get<Subscription>('subscription', (request.params as { id: string }).id);
    const fields = read(v.object({ cancellation_details: cancellationDetails }), params);
    return billing.cancel(subscription, fields.cancellation_details);
  });

  // Invoices and payments.
  readable<Invoice>(
    'invoice',
    'invoices',
    (invoice, params) =>
      matches(params, 'customer', invoice.customer) &&
      matches(params, 'status', invoice.status) &&
      matches(params, 'subscription', invoice.parent.subscription_details.subscription),
  );
  readable<StripeObject & { invoice: string; payment: { payment_intent: string } }>(
    'invoice_payment',
    'invoice_payments',
    (payment, params) =>
      matches(params, 'invoice', payment.invoice) &&
      // `payment[type]=payment_intent&payment[payment_intent]=pi_...`: the invoice a payment paid.
      matches(nestedParams(params, 'payment'), 'payment_intent', payment.payment.payment_intent),
  );
  readable<PaymentIntent>('payment_intent', 'payment_intents', (intent, params) =>
    matches(params, 'customer', intent.customer),
  );
  readable<Charge>(
    'charge',
    'charges',
    (charge, params) =>
      matches(params, 'customer', charge.customer) &&
      matches(params, 'payment_intent', charge.payment_intent),
  );

  // Refunds.
  route('POST', '/v1/refunds', (params) => {
    const fields = read(
      v.object({
        payment_intent: v.optional(text),
        charge: v.optional(text),
        amount: v.optional(v.pipe(integer, v.minValue(1))),
        reason: v.optional(v.picklist(['duplicate', 'fraudulent', 'requested_by_customer'])),
        metadata: v.optional(metadata),
      }),
      params,
    );
    let chargeId = fields.charge;
    if (!chargeId && fields.payment_intent) {
      const intent = store.get<PaymentIntent>('payment_intent', fields.payment_intent, 'payment_intent');
      chargeId = intent.latest_charge ?? undefined;
      if (!chargeId)
        throw invalidParam('payment_intent', 'This PaymentIntent has no successful charge to refund.');
    }
    if (!chargeId) throw missingParam('payment_intent');
    const charge = store.get<Charge>('charge', chargeId, 'charge');
    if (!charge.paid) throw invalidParam('charge', 'This charge did not succeed and cannot be refunded.');
    if (charge.refunded) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Charge ${charge.id} has already been refunded.`,
        {
          code: 'charge_already_refunded',
          param: 'charge',
        },
      );
    }
    return billing.refund(charge, fields.amount, fields.metadata);
  });
  readable<StripeObject & { charge: string; payment_intent: string }>(
    'refund',
    'refunds',
    (refund, params) =>
      matches(params, 'charge', refund.charge) && matches(params, 'payment_intent', refund.payment_intent),
  );

  // Events.
  readable<StripeEvent>('event', 'events', (event, params) => matches(params, 'type', event.type));
}

/** A nested form parameter (`payment[payment_intent]=...` arrives as `{ payment: { payment_intent } }`). */
function nestedParams(params: FormTree, name: string): FormTree {
  const value = params[name];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
}
