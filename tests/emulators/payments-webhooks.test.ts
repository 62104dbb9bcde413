import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD,
  emulatorCall,
  eventually,
  type Payments,
  startPayments,
  startWebhookEndpoint,
  submitForm,
  TEST_WEBHOOK_SECRET,
  type WebhookEndpoint,
} from './payments-harness';

// Events reach a webhook endpoint signed as Stripe signs them (the SDK's constructEvent accepts them), failed
// deliveries are retried, and the test clock moves subscriptions through trials, renewals and failed payments.

type Received = { event: Stripe.Event; raw: string; signature: string };

describe('payments stand-in: webhooks and the test clock', () => {
  let payments: Payments;
  let stripe: Stripe;
  let endpoint: WebhookEndpoint;
  let received: Received[] = [];
  /** Answers to give, in order, before answering 200. */
  let failures: number[] = [];
  const verifier = new Stripe('sk_test_verifier');

  beforeAll(async () => {
    endpoint = await startWebhookEndpoint((raw, headers) => {
      const status = failures.shift() ?? 200;
      if (status === 200) {
        const signature = String(headers['stripe-signature']);
        received.push({
          event: verifier.webhooks.constructEvent(raw, signature, TEST_WEBHOOK_SECRET),
          raw,
          signature,
        });
      }
      return status;
    });
    payments = await startPayments({ webhookUrl: endpoint.url });
    stripe = payments.stripe;
  });
  afterEach(async () => {
    await payments.ctx.events.settled();
    received = [];
    failures = [];
  });
  afterAll(async () => {
    await payments.close();
    await endpoint.close();
  });

  const typesReceived = () => received.map((item) => item.event.type);
  const admin = (path: string, body: unknown = {}) => emulatorCall(payments, path, body);

  async function trialCustomer(withCard: boolean) {
    const customer = await stripe.customers.create({ email: `clock-${Math.random()}@example.com` });
    if (withCard) {
      const portal = await stripe.billingPortal.sessions.create({ customer: customer.id });
      await submitForm(`${portal.url}/card`, CARD);
    }
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_pro_monthly' }],
      trial_period_days: 14,
    });
    return { customer, subscription };
  }

  it('delivers nothing of the seeded history', async () => {
    await payments.ctx.events.settled();
    expect(payments.ctx.events.attempts).toEqual([]);
  });

  it('signs each delivery so that stripe.webhooks.constructEvent accepts it (t=..., v1=HMAC-SHA256)', async () => {
    const customer = await stripe.customers.create({ email: 'signed@example.com' });
    await eventually(() => expect(typesReceived()).toContain('customer.created'));
    const delivery = received.find((item) => item.event.type === 'customer.created');
    expect(delivery?.event.data.object).toMatchObject({ id: customer.id, email: 'signed@example.com' });
    expect(delivery?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const expected = Stripe.webhooks.generateTestHeaderString({
      payload: delivery?.raw ?? '',
      secret: TEST_WEBHOOK_SECRET,
      timestamp: Number(/t=(\d+)/.exec(delivery?.signature ?? '')?.[1]),
    });
    expect(delivery?.signature).toBe(expected);
    expect(() =>
      verifier.webhooks.constructEvent(delivery?.raw ?? '', delivery?.signature ?? '', 'whsec_other'),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('publishes the checkout completion events', async () => {
    const customer = await stripe.customers.create({ email: 'events@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_pro_monthly', quantity: 1 }],
      success_url: 'http://localhost:3000/ok',
    });
    await submitForm(session.url ?? '', CARD);
    await eventually(() =>
      expect(typesReceived()).toEqual(
        expect.arrayContaining([
          'checkout.session.completed',
          'customer.subscription.created',
          'invoice.created',
          'invoice.finalized',
          'invoice.paid',
          'invoice.payment_succeeded',
        ]),
      ),
    );
  });

  it('retries a delivery the endpoint refused until it is accepted', async () => {
    failures = [500, 503];
    const customer = await stripe.customers.create({ email: 'retry@example.com' });
    await eventually(() =>
      expect(received.map((item) => item.event.data.object)).toContainEqual(
        expect.objectContaining({ id: customer.id }),
      ),
    );
    // The endpoint answers before the stand-in records the attempt: wait for the record too.
    await eventually(() => {
      const attempts = payments.ctx.events.attempts
        .filter((attempt) => attempt.type === 'customer.created')
        .slice(-3);
      expect(attempts.map((attempt) => attempt.status)).toEqual([500, 503, 200]);
      expect(new Set(attempts.map((attempt) => attempt.event)).size).toBe(1);
    });
  });

  it('resends a stored event on request (same id)', async () => {
    const customer = await stripe.customers.create({ email: 'resend@example.com' });
    await eventually(() => expect(received).toHaveLength(1));
    const id = received[0]?.event.id;
    expect((await admin(`events/${id}/resend`, {})).status).toBe(200);
    await eventually(() => expect(received.map((item) => item.event.id)).toEqual([id, id]));
    expect(received[1]?.event.data.object).toMatchObject({ id: customer.id });
  });

  it('test clock: a trial that ends with a card on file is charged and becomes active', async () => {
    const { subscription } = await trialCustomer(true);
    const response = await admin('test_clock/advance', { subscription: subscription.id, to: 'trial_end' });
    expect(response.status).toBe(200);
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.status).toBe('active');
    const invoice = await stripe.invoices.retrieve(after.latest_invoice as string);
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 5900,
      billing_reason: 'subscription_cycle',
    });
  });

  it('test clock: a trial that ends without a card goes past_due with invoice.payment_failed', async () => {
    const { subscription } = await trialCustomer(false);
    await admin('test_clock/advance', { subscription: subscription.id, to: 'trial_end' });
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.status).toBe('past_due');
    expect(after.trial_end).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect((await stripe.invoices.retrieve(after.latest_invoice as string)).status).toBe('open');
    await eventually(() =>
      expect(typesReceived()).toEqual(
        expect.arrayContaining(['customer.subscription.updated', 'invoice.payment_failed']),
      ),
    );
  });

  it('test clock: renewals charge the card, a failed payment makes it past_due, a scheduled cancel ends it', async () => {
    const { subscription } = await trialCustomer(true);
    await admin('test_clock/advance', { subscription: subscription.id, to: 'trial_end' });
    const before = (await stripe.subscriptions.retrieve(subscription.id)).items.data[0]?.current_period_end;
    await admin('test_clock/advance', { subscription: subscription.id, to: 'period_end' });
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]?.current_period_end).toBeGreaterThanOrEqual(before ?? 0);
    await admin('test_clock/advance', {
      subscription: subscription.id,
      to: 'period_end',
      fail_payment: true,
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    await admin('test_clock/advance', { subscription: subscription.id, to: 'period_end' });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
    await eventually(() => expect(typesReceived()).toContain('customer.subscription.deleted'));
  });

  it('test clock: refuses unknown subscriptions and bad requests', async () => {
    expect((await admin('test_clock/advance', { subscription: 'sub_nope', to: 'trial_end' })).status).toBe(
      404,
    );
    expect((await admin('test_clock/advance', { subscription: 'sub_nope', to: 'tomorrow' })).status).toBe(
      400,
    );
  });
});
