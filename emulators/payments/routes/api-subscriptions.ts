import * as v from 'valibot';
import type { PaymentsContext } from '../context';
import { invalidParam, missingParam, StripeApiError } from '../errors';
import type { StripeEvent } from '../events';
import { matches } from '../lists';
import type {
  Charge,
  Customer,
  Invoice,
  PaymentIntent,
  PaymentMethod,
  Price,
  Subscription,
} from '../objects';
import { boolean, exactlyOne, integer, metadata, nullable, oneOf, ref, text } from '../params';
import type { StripeObject } from '../store';
import type { V1Router } from './v1';

// Subscriptions, invoices, payments, refunds and events under /v1, each with the parameters it takes.

/** A subscription list's `status`, in the order Stripe's message lists them (stripe-node SubscriptionListParams). */
const LIST_STATUSES = [
  'active',
  'all',
  'canceled',
  'ended',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
] as const;
const LIVE = new Set(['trialing', 'active', 'past_due', 'unpaid', 'incomplete', 'paused']);

const cancellationDetails = v.optional(
  v.strictObject({
    comment: v.optional(nullable(text)),
    feedback: v.optional(
      nullable(
        oneOf([
          'customer_service',
          'low_quality',
          'missing_features',
          'other',
          'switched_service',
          'too_complex',
          'too_expensive',
          'unused',
        ]),
      ),
    ),
  }),
);

export function registerSubscriptionRoutes(ctx: PaymentsContext, router: V1Router): void {
  const { store, billing } = ctx;
  const { route, readable } = router;
  const priceRef = ref<Price>(store, 'price');
  const paymentMethodRef = ref<PaymentMethod>(store, 'payment_method');

  // Subscriptions.
  route(
    'POST',
    '/v1/subscriptions',
    {
      customer: ref<Customer>(store, 'customer'),
      items: exactlyOne(v.strictObject({ price: priceRef, quantity: v.optional(integer) })),
      trial_period_days: v.optional(integer),
      trial_settings: v.optional(
        v.strictObject({
          end_behavior: v.strictObject({
            missing_payment_method: oneOf(['cancel', 'create_invoice', 'pause']),
          }),
        }),
      ),
      default_payment_method: v.optional(paymentMethodRef),
      metadata: v.optional(metadata),
    },
    (fields) =>
      billing.createSubscription({
        customer: fields.customer,
        price: fields.items[0]?.price as Price,
        trialDays: fields.trial_period_days,
        trialEndBehavior: fields.trial_settings?.end_behavior.missing_payment_method,
        paymentMethod: fields.default_payment_method?.id ?? null,
        metadata: fields.metadata,
      }),
  );
  readable(
    'subscription',
    'subscriptions',
    { customer: v.optional(text), price: v.optional(text), status: v.optional(oneOf(LIST_STATUSES)) },
    (subscription: Subscription, { customer, price, status }) =>
      (status === 'all' ||
        (status === undefined ? subscription.status !== 'canceled' : subscription.status === status) ||
        (status === 'ended' && !LIVE.has(subscription.status))) &&
      matches(customer, subscription.customer) &&
      (price === undefined || subscription.items.data.some((item) => item.price.id === price)),
  );
  route(
    'POST',
    '/v1/subscriptions/:id',
    {
      items: v.optional(
        v.array(
          v.strictObject({
            id: v.optional(text),
            price: v.optional(priceRef),
            quantity: v.optional(integer),
          }),
        ),
      ),
      cancel_at_period_end: v.optional(boolean),
      trial_end: v.optional(oneOf(['now'])),
      proration_behavior: v.optional(oneOf(['always_invoice', 'create_prorations', 'none'])),
      default_payment_method: v.optional(nullable(paymentMethodRef)),
      cancellation_details: cancellationDetails,
      metadata: v.optional(metadata),
    },
    (fields, id) => {
      const subscription = store.get<Subscription>('subscription', id);
      const item = fields.items?.[0];
      if (item?.id && !subscription.items.data.some((existing) => existing.id === item.id)) {
        throw new StripeApiError(400, 'invalid_request_error', `No such subscription item: '${item.id}'`, {
          code: 'resource_missing',
          param: 'items[0][id]',
        });
      }
      const method = fields.default_payment_method;
      return billing.update(subscription, {
        price: item?.price,
        cancelAtPeriodEnd: fields.cancel_at_period_end,
        trialEndNow: fields.trial_end === 'now',
        defaultPaymentMethod: method === undefined ? undefined : (method?.id ?? null),
        cancellationDetails: fields.cancellation_details,
        metadata: fields.metadata,
        prorationBehavior: fields.proration_behavior,
      });
    },
  );
  route('DELETE', '/v1/subscriptions/:id', { cancellation_details: cancellationDetails }, (fields, id) =>
    billing.cancel(store.get<Subscription>('subscription', id), fields.cancellation_details),
  );

  // Invoices and payments.
  readable(
    'invoice',
    'invoices',
    {
      customer: v.optional(text),
      subscription: v.optional(text),
      status: v.optional(oneOf(['draft', 'open', 'paid', 'uncollectible', 'void'])),
    },
    (invoice: Invoice, fields) =>
      matches(fields.customer, invoice.customer) &&
      matches(fields.status, invoice.status) &&
      matches(fields.subscription, invoice.parent.subscription_details.subscription),
  );
  readable(
    'invoice_payment',
    'invoice_payments',
    {
      invoice: v.optional(text),
      // `payment[type]=payment_intent&payment[payment_intent]=pi_...`: the invoice a payment paid.
      payment: v.optional(
        v.strictObject({
          type: oneOf(['payment_intent', 'payment_record']),
          payment_intent: v.optional(text),
          payment_record: v.optional(text),
        }),
      ),
    },
    (payment: StripeObject & { invoice: string; payment: { payment_intent: string } }, fields) =>
      matches(fields.invoice, payment.invoice) &&
      matches(fields.payment?.payment_intent, payment.payment.payment_intent),
  );
  readable(
    'payment_intent',
    'payment_intents',
    { customer: v.optional(text) },
    (intent: PaymentIntent, fields) => matches(fields.customer, intent.customer),
  );
  readable(
    'charge',
    'charges',
    { customer: v.optional(text), payment_intent: v.optional(text) },
    (charge: Charge, fields) =>
      matches(fields.customer, charge.customer) && matches(fields.payment_intent, charge.payment_intent),
  );

  // Refunds.
  route(
    'POST',
    '/v1/refunds',
    {
      payment_intent: v.optional(ref<PaymentIntent>(store, 'payment_intent')),
      charge: v.optional(ref<Charge>(store, 'charge')),
      amount: v.optional(integer),
      reason: v.optional(oneOf(['duplicate', 'fraudulent', 'requested_by_customer'])),
      metadata: v.optional(metadata),
    },
    (fields) => {
      let charge = fields.charge;
      if (!charge && fields.payment_intent) {
        const chargeId = fields.payment_intent.latest_charge;
        if (!chargeId)
          throw invalidParam('payment_intent', 'This PaymentIntent has no successful charge to refund.');
        charge = store.get<Charge>('charge', chargeId, 'payment_intent');
      }
      if (!charge) throw missingParam('payment_intent');
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
      return billing.refund(charge, fields.amount, fields.metadata ?? undefined, fields.reason);
    },
  );
  readable(
    'refund',
    'refunds',
    { charge: v.optional(text), payment_intent: v.optional(text) },
    (refund: StripeObject & { charge: string; payment_intent: string }, fields) =>
      matches(fields.charge, refund.charge) && matches(fields.payment_intent, refund.payment_intent),
  );

  // Events.
  readable('event', 'events', { type: v.optional(text) }, (event: StripeEvent, fields) =>
    matches(fields.type, event.type),
  );
}
