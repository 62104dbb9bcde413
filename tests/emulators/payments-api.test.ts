import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_CUSTOMER_EMAIL } from '../../emulators/payments/seed';
import { openCheckout, type Payments, startPayments } from './payments-harness';

// The REST subset, driven by the unchanged official SDK.

describe('payments stand-in: API through the stripe SDK', () => {
  let payments: Payments;
  let stripe: Stripe;

  beforeAll(async () => {
    payments = await startPayments();
    stripe = payments.stripe;
  });
  afterAll(() => payments.close());

  it('sells the catalogue by lookup key: monthly 19/59/199 USD, annual = monthly x 12 x 0.8 rounded', async () => {
    const prices = await stripe.prices.list({ limit: 100 });
    const byKey = Object.fromEntries(prices.data.map((price) => [price.lookup_key, price]));
    expect(Object.keys(byKey).sort()).toEqual(
      [
        'business_monthly',
        'business_yearly',
        'pro_monthly',
        'pro_yearly',
        'starter_monthly',
        'starter_yearly',
      ].sort(),
    );
    expect(byKey.starter_monthly).toMatchObject({ unit_amount: 1900, recurring: { interval: 'month' } });
    expect(byKey.pro_monthly?.unit_amount).toBe(5900);
    expect(byKey.business_monthly?.unit_amount).toBe(19900);
    expect(byKey.starter_yearly).toMatchObject({ unit_amount: 18200, recurring: { interval: 'year' } });
    expect(byKey.pro_yearly?.unit_amount).toBe(56600);
    expect(byKey.business_yearly?.unit_amount).toBe(191000);
    const one = await stripe.prices.list({ lookup_keys: ['pro_yearly'] });
    expect(one.data.map((price) => price.id)).toEqual([byKey.pro_yearly?.id]);
  });

  it('seeds the demo customer with an active Professional monthly subscription and paid card invoices', async () => {
    const [customer] = (await stripe.customers.list({ email: SEEDED_CUSTOMER_EMAIL })).data;
    expect(customer?.invoice_settings.default_payment_method).toMatch(/^pm_/);
    const subscriptions = await stripe.subscriptions.list({ customer: customer?.id });
    expect(subscriptions.data).toHaveLength(1);
    const [subscription] = subscriptions.data;
    expect(subscription?.status).toBe('active');
    expect(subscription?.items.data[0]?.price.lookup_key).toBe('pro_monthly');
    expect(subscription?.items.data[0]?.current_period_end).toBeGreaterThan(Date.now() / 1000);
    const invoices = await stripe.invoices.list({ customer: customer?.id });
    expect(invoices.data.length).toBeGreaterThanOrEqual(2);
    for (const invoice of invoices.data) {
      expect(invoice).toMatchObject({ status: 'paid', amount_paid: 5900 });
      expect(invoice.parent?.subscription_details?.subscription).toBe(subscription?.id);
      const payments = await stripe.invoicePayments.list({ invoice: invoice.id ?? '' });
      const intentId = payments.data[0]?.payment.payment_intent as string;
      const intent = await stripe.paymentIntents.retrieve(intentId);
      expect(intent.status).toBe('succeeded');
      const charge = await stripe.charges.retrieve(intent.latest_charge as string);
      expect(charge.payment_method_details?.card?.last4).toBe('4242');
      // And back: the invoice a payment intent paid, found by the payment (as refund reversal does).
      const paidBy = await stripe.invoicePayments.list({
        payment: { type: 'payment_intent', payment_intent: intentId },
      });
      expect(paidBy.data.map((payment) => payment.invoice)).toEqual([invoice.id]);
    }
  });

  it('creates, finds and updates customers; unknown ids answer Stripe-shaped 404 errors', async () => {
    const customer = await stripe.customers.create({
      email: 'casey@example.com',
      metadata: { user_id: 'u1' },
    });
    expect(customer).toMatchObject({
      object: 'customer',
      email: 'casey@example.com',
      metadata: { user_id: 'u1' },
    });
    expect((await stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
    const found = await stripe.customers.list({ email: 'casey@example.com' });
    expect(found.data.map((item) => item.id)).toEqual([customer.id]);
    const updated = await stripe.customers.update(customer.id, { name: 'Casey' });
    expect(updated.name).toBe('Casey');
    const error = await stripe.customers.retrieve('cus_missing').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such customer: 'cus_missing'",
    });
  });

  it('honours Idempotency-Key: a repeat replays the first answer, other parameters are an idempotency error', async () => {
    const first = await stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'key-1' });
    const again = await stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'key-1' });
    expect(again.id).toBe(first.id);
    expect((await stripe.customers.list({ email: 'once@example.com' })).data).toHaveLength(1);
    const error = await stripe.customers
      .create({ email: 'other@example.com' }, { idempotencyKey: 'key-1' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('pages lists newest first with limit and starting_after, and the SDK auto-paginates', async () => {
    const made: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      made.push(
        (await stripe.customers.create({ email: `page-${index}@example.com`, metadata: { batch: 'p' } })).id,
      );
    }
    const first = await stripe.customers.list({ limit: 2 });
    expect(first.data.map((item) => item.id)).toEqual([made[4], made[3]]);
    expect(first.has_more).toBe(true);
    const second = await stripe.customers.list({ limit: 2, starting_after: first.data[1]?.id });
    expect(second.data.map((item) => item.id)).toEqual([made[2], made[1]]);
    const all: string[] = [];
    for await (const customer of stripe.customers.list({ limit: 2 })) all.push(customer.id);
    expect(all.slice(0, 5)).toEqual([...made].reverse());
    const error = await stripe.customers.list({ limit: 101 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('runs a subscription: trial, plan change, cancel at period end, resume, cancel now', async () => {
    const customer = await stripe.customers.create({ email: 'sub@example.com' });
    const trial = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_starter_monthly' }],
      trial_period_days: 14,
    });
    expect(trial.status).toBe('trialing');
    expect(trial.trial_end).toBe((trial.trial_start ?? 0) + 14 * 86_400);
    const item = trial.items.data[0];
    const changed = await stripe.subscriptions.update(trial.id, {
      items: [{ id: item?.id, price: 'price_business_monthly' }],
      proration_behavior: 'create_prorations',
    });
    expect(changed.items.data[0]?.price.lookup_key).toBe('business_monthly');
    // A change of interval during the trial keeps the trial's end as the period's end.
    const yearly = await stripe.subscriptions.update(trial.id, {
      items: [{ id: item?.id, price: 'price_business_yearly' }],
    });
    expect(yearly.items.data[0]?.current_period_end).toBe(trial.trial_end);
    const scheduled = await stripe.subscriptions.update(trial.id, { cancel_at_period_end: true });
    expect(scheduled).toMatchObject({ status: 'trialing', cancel_at_period_end: true });
    expect(scheduled.cancel_at).toBe(scheduled.items.data[0]?.current_period_end);
    const resumed = await stripe.subscriptions.update(trial.id, { cancel_at_period_end: false });
    expect(resumed).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    const canceled = await stripe.subscriptions.cancel(trial.id, {
      cancellation_details: { feedback: 'too_expensive', comment: 'pricey' },
    });
    expect(canceled).toMatchObject({
      status: 'canceled',
      cancellation_details: { feedback: 'too_expensive' },
    });
    expect(canceled.ended_at).not.toBeNull();
    // Without a status filter the list leaves canceled subscriptions out; status=all brings them back.
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(0);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(1);
    const again = await stripe.subscriptions.cancel(trial.id).catch((caught: unknown) => caught);
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('refunds a payment (charge.refunded) and refuses a second full refund', async () => {
    const [customer] = (await stripe.customers.list({ email: SEEDED_CUSTOMER_EMAIL })).data;
    const [intent] = (await stripe.paymentIntents.list({ customer: customer?.id })).data;
    const refund = await stripe.refunds.create({ payment_intent: intent?.id ?? '' });
    expect(refund).toMatchObject({ status: 'succeeded', amount: 5900, payment_intent: intent?.id });
    const charge = await stripe.charges.retrieve(intent?.latest_charge as string);
    expect(charge).toMatchObject({ refunded: true, amount_refunded: 5900 });
    const error = await stripe.refunds
      .create({ payment_intent: intent?.id ?? '' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'charge_already_refunded' });
    const types = (await stripe.events.list({ limit: 5 })).data.map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['charge.refunded', 'refund.created']));
  });

  it('expands ids into objects, and line_items only when asked', async () => {
    const customer = await stripe.customers.create({ email: 'expand@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_pro_yearly', quantity: 1 }],
      success_url: 'http://localhost:3000/Billing?session_id={CHECKOUT_SESSION_ID}',
    });
    expect(session).toMatchObject({ status: 'open', payment_status: 'unpaid', amount_total: 56600 });
    expect(session.line_items).toBeUndefined();
    const expanded = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['customer', 'line_items'],
    });
    expect((expanded.customer as Stripe.Customer).email).toBe('expand@example.com');
    expect(expanded.line_items?.data[0]?.price?.lookup_key).toBe('pro_yearly');
  });

  it("lists a customer's Checkout sessions by status and expires an open one", async () => {
    const customer = await stripe.customers.create({ email: 'sessions@example.com' });
    const first = await openCheckout(stripe, customer.id);
    const second = await openCheckout(stripe, customer.id);
    expect(await stripe.checkout.sessions.expire(first.id)).toMatchObject({ status: 'expired', url: null });
    const listed = async (status: 'open' | 'expired') =>
      (await stripe.checkout.sessions.list({ customer: customer.id, status })).data.map(
        (session) => session.id,
      );
    expect(await listed('open')).toEqual([second.id]);
    expect(await listed('expired')).toEqual([first.id]);
  });

  it('refuses calls without a secret key (StripeAuthenticationError) and unknown paths', async () => {
    const port = Number(new URL(payments.url).port);
    const publishable = new Stripe('pk_test_wrong', { host: '127.0.0.1', port, protocol: 'http' });
    const error = await publishable.customers.list().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const response = await fetch(`${payments.url}/v1/coupons`, {
      headers: { authorization: 'Bearer sk_test_x' },
    });
    expect(response.status).toBe(404);
    expect((await response.json()).error.type).toBe('invalid_request_error');
    expect(response.headers.get('request-id')).toMatch(/^req_/);
  });

  it('answers the pinned API version only: another Stripe-Version is refused, not answered in the wrong shapes', async () => {
    const port = Number(new URL(payments.url).port);
    const older = new Stripe('sk_test_older', {
      host: '127.0.0.1',
      port,
      protocol: 'http',
      apiVersion: '2024-06-20' as Stripe.LatestApiVersion,
    });
    const error = await older.customers.list().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 400, param: 'Stripe-Version' });
  });

  it('checks parameters and names the bad one', async () => {
    const error = await stripe.checkout.sessions
      .create({
        mode: 'subscription',
        line_items: [{ price: 'price_nope', quantity: 1 }],
        success_url: 'http://localhost/x',
      })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 400, param: 'line_items[0][price]' });
    const missing = await stripe.billingPortal.sessions
      .create({} as Stripe.BillingPortal.SessionCreateParams)
      .catch((caught: unknown) => caught);
    expect(missing).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'customer' });
  });
});
