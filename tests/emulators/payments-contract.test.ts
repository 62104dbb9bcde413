import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_CUSTOMER_EMAIL } from '../../emulators/payments/seed';
import {
  advanceClock,
  eventually,
  type Payments,
  startPayments,
  startWebhookEndpoint,
  type WebhookEndpoint,
} from './payments-harness';

// What Stripe answers, through the unchanged SDK: the wire behaviours of issue 20 (items 1-14). Each test names the
// item; docs/emulators.md gives the source of each (API reference, stripe-node's RequestSender/Error, stripe-mock).

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as Stripe.errors.StripeError,
  );

describe('payments stand-in: Stripe wire contract', () => {
  let payments: Payments;
  let stripe: Stripe;
  let endpoint: WebhookEndpoint;
  /** Answers the webhook endpoint gives, in order, before answering 200. */
  let refusals: number[] = [];

  beforeAll(async () => {
    endpoint = await startWebhookEndpoint(() => refusals.shift() ?? 200);
    payments = await startPayments({ webhookUrl: endpoint.url });
    stripe = payments.stripe;
  });
  afterEach(async () => {
    await payments.ctx.events.settled();
    refusals = [];
  });
  afterAll(async () => {
    await payments.close();
    await endpoint.close();
  });

  /** A 14-day trial of Professional monthly: its first invoice is $0. */
  const trialOf = (customer: Stripe.Customer, extra: Partial<Stripe.SubscriptionCreateParams> = {}) =>
    stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_pro_monthly' }],
      trial_period_days: 14,
      ...extra,
    });
  const newCustomer = (label: string) =>
    stripe.customers.create({ email: `${label}-${Math.random().toString(36).slice(2)}@example.com` });
  const eventsOf = async (objectId: string) =>
    (await stripe.events.list({ limit: 100 })).data.filter(
      (event) => (event.data.object as { id?: string }).id === objectId,
    );

  it('1: every answer carries Stripe-Version, and a sent Idempotency-Key comes back', async () => {
    const created = await stripe.customers.create(
      { email: 'versioned@example.com' },
      { idempotencyKey: 'contract-key-1' },
    );
    expect(created.lastResponse.apiVersion).toBe('2026-10-28.endive');
    expect(created.lastResponse.idempotencyKey).toBe('contract-key-1');
    const replayed = await stripe.customers.create(
      { email: 'versioned@example.com' },
      { idempotencyKey: 'contract-key-1' },
    );
    expect(replayed.lastResponse.idempotencyKey).toBe('contract-key-1');
    expect(replayed.lastResponse.headers['idempotent-replayed']).toBe('true');
    const read = await stripe.customers.retrieve(created.id);
    expect(read.lastResponse.apiVersion).toBe('2026-10-28.endive');
    const error = await failure(stripe.customers.retrieve('cus_missing'));
    expect(error.headers?.['stripe-version']).toBe('2026-10-28.endive');
  });

  it('2: not-found messages name the object by its `object` value', async () => {
    expect(await failure(stripe.paymentIntents.retrieve('pi_missing'))).toMatchObject({
      code: 'resource_missing',
      message: "No such payment_intent: 'pi_missing'",
    });
    expect(await failure(stripe.checkout.sessions.retrieve('cs_test_missing'))).toMatchObject({
      code: 'resource_missing',
      message: "No such checkout.session: 'cs_test_missing'",
    });
    expect(await failure(stripe.subscriptions.retrieve('sub_missing'))).toMatchObject({
      message: "No such subscription: 'sub_missing'",
    });
  });

  it('3: an unknown object named in the body is 400 resource_missing naming the field; 404 is for the URL (a Checkout Session: 400)', async () => {
    const customer = await newCustomer('missing-refs');
    const checkout = await failure(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: 'price_nope', quantity: 1 }],
        success_url: 'http://localhost:3000/ok',
      }),
    );
    expect(checkout).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(checkout).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'line_items[0][price]',
      message: "No such price: 'price_nope'",
    });
    expect(
      await failure(stripe.subscriptions.create({ customer: customer.id, items: [{ price: 'price_nope' }] })),
    ).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'items[0][price]' });
    expect(await failure(stripe.billingPortal.sessions.create({ customer: 'cus_nope' }))).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'customer',
      message: "No such customer: 'cus_nope'",
    });
    expect(await failure(stripe.customers.retrieve('cus_nope'))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
    });
    // As issue 20's probe of Stripe saw it (docs/emulators.md): the product reads the code, never the status.
    expect(await failure(stripe.checkout.sessions.retrieve('cs_test_nope'))).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'session',
    });
  });

  it('4: a parameter sent as an empty string is parameter_invalid_empty, not an unknown id', async () => {
    const error = await failure(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: '',
        line_items: [{ price: 'price_pro_monthly', quantity: 1 }],
        success_url: 'http://localhost:3000/ok',
      }),
    );
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'parameter_invalid_empty',
      param: 'customer',
    });
    expect(error.message).toMatch(/^You passed an empty string for 'customer'\. /);
  });

  it('5: an unknown parameter is parameter_unknown, nested ones named in brackets', async () => {
    const top = await failure(stripe.customers.create({ emial: 'typo@example.com' } as never));
    expect(top).toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'emial',
      message: 'Received unknown parameter: emial',
    });
    const nested = await failure(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_pro_monthly', quantity: 1, colour: 'red' } as never],
        success_url: 'http://localhost:3000/ok',
      }),
    );
    expect(nested).toMatchObject({ code: 'parameter_unknown', param: 'line_items[0][colour]' });
  });

  it('6: out-of-schema values are refused: a status filter, a path that cannot be expanded', async () => {
    const status = await failure(stripe.subscriptions.list({ status: 'finished' as never }));
    expect(status).toMatchObject({
      statusCode: 400,
      param: 'status',
      message:
        'Invalid status: must be one of active, all, canceled, ended, incomplete, incomplete_expired, past_due, paused, trialing, or unpaid',
    });
    const customer = await newCustomer('expand');
    const expand = await failure(stripe.customers.retrieve(customer.id, { expand: ['email'] }));
    expect(expand).toMatchObject({
      statusCode: 400,
      message: 'This property cannot be expanded (email).',
    });
    const listed = await failure(stripe.subscriptions.list({ expand: ['data.status'] }));
    expect(listed.message).toBe('This property cannot be expanded (data.status).');
    // What can be expanded still is.
    const subscriptions = await stripe.subscriptions.list({ expand: ['data.customer'], limit: 1 });
    expect(typeof subscriptions.data[0]?.customer).toBe('object');
  });

  it('7: a call without an API key is 401 invalid_request_error (Stripe has no authentication_error type)', async () => {
    const response = await fetch(`${payments.url}/v1/customers`);
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/^You did not provide an API key\. /);
    const port = Number(new URL(payments.url).port);
    const wrongKey = new Stripe('pk_test_publishable', { host: '127.0.0.1', port, protocol: 'http' });
    const error = await failure(wrongKey.customers.list());
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401, rawType: 'invalid_request_error' });
    expect(error.message).toMatch(/^Invalid API Key provided: pk_test_\*+able$/);
  });

  it('8: an empty metadata value unsets that key', async () => {
    const customer = await stripe.customers.create({
      email: 'meta@example.com',
      metadata: { keep: 'yes', drop: 'soon', never: '' },
    });
    expect(customer.metadata).toEqual({ keep: 'yes', drop: 'soon' });
    const updated = await stripe.customers.update(customer.id, { metadata: { drop: '' } });
    expect(updated.metadata).toEqual({ keep: 'yes' });
    const subscription = await trialOf(customer, { metadata: { plan: 'starter', source: 'test' } });
    const changed = await stripe.subscriptions.update(subscription.id, { metadata: { source: '' } });
    expect(changed.metadata).toEqual({ plan: 'starter' });
  });

  it('9: customers can be deleted: a stub answers, its subscriptions end and customer.deleted is sent', async () => {
    const customer = await newCustomer('deleted');
    const subscription = await trialOf(customer);
    const deleted = await stripe.customers.del(customer.id);
    expect({ ...deleted }).toEqual({ id: customer.id, object: 'customer', deleted: true });
    const again = await stripe.customers.retrieve(customer.id);
    expect(again.deleted).toBe(true);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
    expect((await stripe.customers.list({ email: customer.email ?? '' })).data).toEqual([]);
    expect(await failure(stripe.customers.update(customer.id, { name: 'Gone' }))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    expect(await failure(stripe.billingPortal.sessions.create({ customer: customer.id }))).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'customer',
    });
    const types = (await eventsOf(customer.id)).map((event) => event.type);
    expect(types).toContain('customer.deleted');
    expect((await eventsOf(subscription.id)).map((event) => event.type)).toContain(
      'customer.subscription.deleted',
    );
    expect(await failure(stripe.customers.del(customer.id))).toMatchObject({ statusCode: 404 });
  });

  it("10: a subscription's $0 first invoice (a trial) is paid at once, and invoice.paid is sent", async () => {
    const customer = await newCustomer('trial-invoice');
    const subscription = await trialOf(customer);
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice).toMatchObject({ status: 'paid', amount_due: 0, amount_paid: 0, amount_remaining: 0 });
    expect(invoice.status_transitions.paid_at).not.toBeNull();
    const types = (await eventsOf(invoice.id ?? '')).map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['invoice.paid', 'invoice.payment_succeeded']));
    expect(types).not.toContain('invoice.payment_failed');
  });

  it('11: a canceled subscription still accepts metadata and cancellation_details, nothing else', async () => {
    const customer = await newCustomer('canceled');
    const subscription = await trialOf(customer);
    await stripe.subscriptions.cancel(subscription.id);
    const updated = await stripe.subscriptions.update(subscription.id, {
      metadata: { refunded: 're_123' },
      cancellation_details: { comment: 'refunded by an admin' },
    });
    expect(updated).toMatchObject({
      status: 'canceled',
      metadata: { refunded: 're_123' },
      cancellation_details: { comment: 'refunded by an admin' },
    });
    expect(
      await failure(stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true })),
    ).toMatchObject({
      statusCode: 400,
      code: 'invalid_canceled_subscription_fields',
      message: 'A canceled subscription can only update its cancellation_details and metadata.',
    });
  });

  it('12: payment intents carry livemode; charges carry livemode, captured and amount_captured', async () => {
    const [customer] = (await stripe.customers.list({ email: SEEDED_CUSTOMER_EMAIL })).data;
    const [intent] = (await stripe.paymentIntents.list({ customer: customer?.id ?? '' })).data;
    expect(intent?.livemode).toBe(false);
    const charge = await stripe.charges.retrieve(intent?.latest_charge as string);
    expect(charge).toMatchObject({ livemode: false, captured: true, amount_captured: charge.amount });
  });

  it("13: an event's pending_webhooks falls to 0 once its endpoint answered 2xx", async () => {
    refusals = [500];
    const customer = await newCustomer('pending');
    const [event] = await eventsOf(customer.id);
    await eventually(async () => {
      const attempts = payments.ctx.events.attempts.filter((attempt) => attempt.event === event?.id);
      expect(attempts.map((attempt) => attempt.status)).toEqual([500]);
    });
    expect((await stripe.events.retrieve(event?.id ?? '')).pending_webhooks).toBe(1);
    await eventually(async () =>
      expect((await stripe.events.retrieve(event?.id ?? '')).pending_webhooks).toBe(0),
    );
  });

  it('14: events caused by an API request carry its Request-Id and Idempotency-Key; automatic ones null', async () => {
    const customer = await stripe.customers.create(
      { email: 'caused@example.com' },
      { idempotencyKey: 'contract-cause-1' },
    );
    const [created] = await eventsOf(customer.id);
    expect(created?.request).toEqual({
      id: customer.lastResponse.requestId,
      idempotency_key: 'contract-cause-1',
    });
    const subscription = await trialOf(customer);
    await advanceClock(payments, { subscription: subscription.id, to: 'trial_end' });
    const updated = (await eventsOf(subscription.id)).find(
      (event) => event.type === 'customer.subscription.updated',
    );
    expect(updated?.request).toEqual({ id: null, idempotency_key: null });
  });
});
