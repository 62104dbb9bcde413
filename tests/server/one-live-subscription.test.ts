import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../server/db/schema';
import { CARD, openCheckout, submitForm } from '../emulators/payments-harness';
import { ENGINES, uniqueEmail } from './support/app';
import { buildBilling, deliverLatest } from './support/billing';
import { signIn, type TestClient } from './support/client';

/** Issue 19 item 2: one live subscription per customer, so nobody is billed twice. */
describe.each(ENGINES)('one live subscription per customer on %s', (engine) => {
  const { app, payments, stripe } = buildBilling(engine);

  const checkoutUrl = async (client: TestClient, planName = 'pro_monthly') => {
    const response = await client.post('/api/billing/checkout-session', { planName });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ url: string }>().url;
  };
  const sessionIdOf = (url: string) => url.split('/checkout/')[1] ?? '';
  const customerOf = async (email: string) => {
    const customer = (await stripe.customers.list({ email })).data[0];
    if (!customer) throw new Error(`no customer for ${email}`);
    return customer;
  };
  const subscriptionsOf = async (customerId: string) =>
    (await stripe.subscriptions.list({ customer: customerId, status: 'all' })).data;
  const paidFor = async (subscription: Stripe.Subscription) => {
    const [payment] = (await stripe.invoicePayments.list({ invoice: String(subscription.latest_invoice) }))
      .data;
    const intent = String(payment?.payment.payment_intent);
    return { intent, refunds: (await stripe.refunds.list({ payment_intent: intent })).data };
  };

  it("expires the customer's earlier open Checkout when a new one is made: only the newest can be paid", async () => {
    const { client } = await signIn(app, uniqueEmail('two-tabs'));
    const first = await checkoutUrl(client, 'pro_monthly');
    const second = await checkoutUrl(client, 'business_monthly');
    expect((await stripe.checkout.sessions.retrieve(sessionIdOf(first))).status).toBe('expired');
    expect((await submitForm(first, CARD)).status).toBe(410);
    expect((await submitForm(second, CARD)).status).toBe(303);
  });

  it('starts no beta trial while a Checkout is open: the Checkout is the subscription the person chose', async () => {
    const email = uniqueEmail('trial-after-checkout');
    const { client } = await signIn(app, email);
    const url = await checkoutUrl(client, 'pro_yearly');
    const signup = {
      name: 'Both Ways',
      email,
      normalized_email: email,
      plan: 'starter',
      interval: 'monthly',
    };
    expect((await client.post('/api/signups', signup)).statusCode).toBe(201);
    const customer = await customerOf(email);
    expect(await subscriptionsOf(customer.id)).toEqual([]);
    expect((await submitForm(url, CARD)).status).toBe(303);
    const subscriptions = await subscriptionsOf(customer.id);
    expect(
      subscriptions.map((subscription) => [
        subscription.status,
        subscription.items.data[0]?.price.lookup_key,
      ]),
    ).toEqual([['active', 'pro_yearly']]);
  });

  it('ends and refunds the newer of two paid Checkouts when one completes, and records why', async () => {
    const email = uniqueEmail('paid-twice');
    const { client } = await signIn(app, email);
    await checkoutUrl(client);
    const customer = await customerOf(email);
    // Two sessions opened at the same moment (the expiry of one by the other raced), both then paid.
    const [a, b] = [await openCheckout(stripe, customer.id), await openCheckout(stripe, customer.id)];
    expect((await submitForm(a.url ?? '', CARD)).status).toBe(303);
    // The provider dates objects in seconds: the second payment comes a second later.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await submitForm(b.url ?? '', CARD)).status).toBe(303);
    const answers = await Promise.all([
      deliverLatest(app, payments, 'checkout.session.completed', a.id),
      deliverLatest(app, payments, 'checkout.session.completed', b.id),
    ]);
    expect(answers.map(({ response }) => response.statusCode)).toEqual([200, 200]);

    const [newer, older] = await subscriptionsOf(customer.id);
    if (!newer || !older) throw new Error('expected two subscriptions');
    expect(older).toMatchObject({ status: 'active' });
    expect(newer).toMatchObject({ status: 'canceled' });
    expect(newer.cancellation_details?.comment).toContain(`already had a live subscription (${older.id})`);
    const ended = await paidFor(newer);
    expect(ended.refunds.map((refund) => refund.amount)).toEqual([5900]);
    expect((await paidFor(older)).refunds).toEqual([]);
    // The customer's billing shows the one they keep.
    expect((await client.get('/api/billing/info')).json().subscription).toMatchObject({
      id: older.id,
      status: 'active',
    });
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'billing.duplicate_subscription_ended'), eq(auditLog.target, newer.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detail).toMatchObject({
      kept: older.id,
      ended: newer.id,
      refundId: ended.refunds[0]?.id,
      amountRefunded: 5900,
    });
  });

  it('ends the paid subscription of a Checkout completed after the trial began (the newer one), refunding it', async () => {
    const email = uniqueEmail('trial-then-paid');
    const { client } = await signIn(app, email);
    const url = await checkoutUrl(client);
    const customer = await customerOf(email);
    // The trial started elsewhere while the Checkout was open (a second replica, before it could see the Checkout).
    const trial = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_starter_monthly' }],
      trial_period_days: 14,
    });
    // The provider dates objects in seconds: the payment comes a second later.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const paid = await submitForm(url, CARD);
    const sessionId = new URL(paid.headers.get('location') ?? '').searchParams.get('session_id') ?? '';
    // The return from Checkout settles it as the webhook would.
    expect((await client.post('/api/billing/sync', { sessionId })).statusCode).toBe(200);
    const subscriptions = await subscriptionsOf(customer.id);
    const live = subscriptions.filter((subscription) => subscription.status !== 'canceled');
    expect(live.map((subscription) => subscription.id)).toEqual([trial.id]);
    const [ended] = subscriptions.filter((subscription) => subscription.status === 'canceled');
    expect((await paidFor(ended as Stripe.Subscription)).refunds.map((refund) => refund.amount)).toEqual([
      5900,
    ]);
    // A redelivered completion changes nothing more.
    const again = await deliverLatest(app, payments, 'checkout.session.completed', sessionId);
    expect(again.response.statusCode).toBe(200);
    expect((await paidFor(ended as Stripe.Subscription)).refunds).toHaveLength(1);
  });
});
