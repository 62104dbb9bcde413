import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  billingCustomers,
  billingInvoices,
  billingSubscriptions,
  webhookEvents,
} from '../../server/db/schema';
import { advanceClock, CARD, emulatorCall, eventually, submitForm } from '../emulators/payments-harness';
import { ENGINES, uniqueEmail } from './support/app';
import { buildBilling, deliverLatest, postWebhook, signed, subscribe } from './support/billing';
import { signIn } from './support/client';

describe.each(ENGINES)('POST /api/webhooks/stripe on %s', (engine) => {
  const delays = new Map<string, number>();
  const { app, payments, stripe } = buildBilling(engine, { delays });

  const ledger = async (eventId: string) =>
    app.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId));
  const cachedSubscription = async (id: string) =>
    (await app.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.subscriptionId, id)))[0];
  const cachedInvoice = async (id: string) =>
    (await app.db.select().from(billingInvoices).where(eq(billingInvoices.invoiceId, id)))[0];

  /** A customer with an active Professional monthly subscription, made at the provider only (no sync). */
  async function paidCustomer() {
    const email = uniqueEmail('hook');
    const customer = await stripe.customers.create({ email });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_pro_monthly', quantity: 1 }],
      success_url: 'http://localhost:3000/Billing?session_id={CHECKOUT_SESSION_ID}',
    });
    await submitForm(session.url ?? '', CARD);
    const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
    if (!subscription) throw new Error('no subscription');
    return { email, customer, session, subscription };
  }

  describe('signature', () => {
    it('refuses a tampered body, a wrong secret, a stale timestamp and a missing header, changing nothing', async () => {
      const { customer } = await paidCustomer();
      const [event] = (await stripe.events.list({ type: 'customer.created', limit: 1 })).data;
      const good = signed(event);
      const tampered = { payload: good.payload.replace(customer.id, 'cus_attacker'), header: good.header };
      const cases = {
        tampered,
        wrongSecret: signed(event, { secret: 'whsec_not_ours' }),
        tooOld: signed(event, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
        missingHeader: { payload: good.payload },
        garbageHeader: { payload: good.payload, header: 'nonsense' },
      };
      for (const [name, request] of Object.entries(cases)) {
        const response = await postWebhook(app, request);
        expect(response.statusCode, name).toBe(400);
        expect(response.json(), name).toMatchObject({ code: 'invalid_signature' });
      }
      expect(await ledger(event?.id ?? '')).toHaveLength(0);
      // Within the 300 s tolerance the same event is accepted.
      const recent = await postWebhook(
        app,
        signed(event, { timestamp: Math.floor(Date.now() / 1000) - 290 }),
      );
      expect(recent.statusCode).toBe(200);
    });

    it('needs no CSRF token or session: the signature is the proof', async () => {
      await stripe.customers.create({ email: uniqueEmail('nocsrf') });
      const { response } = await deliverLatest(app, payments, 'customer.created');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true, duplicate: false });
    });
  });

  describe('event types', () => {
    it('checkout.session.completed caches the customer, its subscription and invoice', async () => {
      const { customer, session, subscription } = await paidCustomer();
      const { response } = await deliverLatest(app, payments, 'checkout.session.completed', session.id);
      expect(response.statusCode).toBe(200);
      expect(await cachedSubscription(subscription.id)).toMatchObject({
        customerId: customer.id,
        status: 'active',
        lookupKey: 'pro_monthly',
        hasPaymentMethod: true,
      });
      const [invoice] = (await stripe.invoices.list({ customer: customer.id })).data;
      expect(await cachedInvoice(invoice?.id ?? '')).toMatchObject({ status: 'paid', amountPaid: 5900 });
    });

    it('customer.subscription.created / updated / deleted follow the subscription', async () => {
      const { subscription } = await paidCustomer();
      await deliverLatest(app, payments, 'customer.subscription.created', subscription.id);
      expect((await cachedSubscription(subscription.id))?.status).toBe('active');
      await stripe.subscriptions.update(subscription.id, {
        items: [{ id: subscription.items.data[0]?.id, price: 'price_starter_yearly' }],
      });
      await deliverLatest(app, payments, 'customer.subscription.updated', subscription.id);
      expect((await cachedSubscription(subscription.id))?.lookupKey).toBe('starter_yearly');
      await stripe.subscriptions.cancel(subscription.id);
      await deliverLatest(app, payments, 'customer.subscription.deleted', subscription.id);
      expect((await cachedSubscription(subscription.id))?.status).toBe('canceled');
    });

    it('customer.subscription.trial_will_end refreshes the trial', async () => {
      const email = uniqueEmail('trial-hook');
      const customer = await stripe.customers.create({ email });
      const trial = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: 'price_pro_monthly' }],
        trial_period_days: 14,
      });
      await emulatorCall(payments, `subscriptions/${trial.id}/trial_will_end`);
      const { response } = await deliverLatest(
        app,
        payments,
        'customer.subscription.trial_will_end',
        trial.id,
      );
      expect(response.statusCode).toBe(200);
      expect(await cachedSubscription(trial.id)).toMatchObject({
        status: 'trialing',
        trialEnd: new Date((trial.trial_end ?? 0) * 1000),
      });
    });

    it("a trial's $0 first invoice arrives paid (invoice.paid), never as a failed payment", async () => {
      const customer = await stripe.customers.create({ email: uniqueEmail('trial-invoice') });
      const trial = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: 'price_pro_monthly' }],
        trial_period_days: 14,
      });
      const invoiceId = trial.latest_invoice as string;
      const { response } = await deliverLatest(app, payments, 'invoice.paid', invoiceId);
      expect(response.statusCode).toBe(200);
      expect(await cachedInvoice(invoiceId)).toMatchObject({ status: 'paid', amountDue: 0, amountPaid: 0 });
      const failures = await stripe.events.list({ type: 'invoice.payment_failed', limit: 100 });
      expect(failures.data.filter((event) => (event.data.object as { id: string }).id === invoiceId)).toEqual(
        [],
      );
    });

    it('invoice.created, finalized, paid and payment_succeeded cache the invoice', async () => {
      const { customer } = await paidCustomer();
      const [invoice] = (await stripe.invoices.list({ customer: customer.id })).data;
      for (const type of [
        'invoice.created',
        'invoice.finalized',
        'invoice.paid',
        'invoice.payment_succeeded',
      ]) {
        await app.db.delete(billingInvoices).where(eq(billingInvoices.invoiceId, invoice?.id ?? ''));
        const { response } = await deliverLatest(app, payments, type, invoice?.id);
        expect(response.statusCode, type).toBe(200);
        // Whatever the event's own copy said, the cache holds the invoice as the provider has it now (paid).
        expect(await cachedInvoice(invoice?.id ?? ''), type).toMatchObject({
          status: 'paid',
          amountPaid: 5900,
        });
      }
    });

    it('invoice.payment_failed caches the open invoice and the past_due subscription', async () => {
      const { subscription } = await paidCustomer();
      await advanceClock(payments, { subscription: subscription.id, to: 'period_end', fail_payment: true });
      const failed = await stripe.subscriptions.retrieve(subscription.id);
      await deliverLatest(app, payments, 'invoice.payment_failed', failed.latest_invoice as string);
      expect((await cachedInvoice(failed.latest_invoice as string))?.status).toBe('open');
      expect((await cachedSubscription(subscription.id))?.status).toBe('past_due');
    });

    it('customer.updated follows the default payment method', async () => {
      const email = uniqueEmail('card');
      const { client } = await signIn(app, email);
      const portal = await client.post('/api/billing/portal', {});
      expect((await client.get('/api/billing/info')).json()).toMatchObject({
        has_default_payment_method: false,
      });
      await submitForm(`${portal.json<{ url: string }>().url}/card`, CARD);
      const customer = (await stripe.customers.list({ email })).data[0];
      await deliverLatest(app, payments, 'customer.updated', customer?.id);
      expect((await client.get('/api/billing/info')).json()).toMatchObject({
        has_default_payment_method: true,
      });
    });

    it('applies every handled type, including those the stand-in does not publish, by re-reading the object', async () => {
      const { customer, subscription } = await paidCustomer();
      const [invoice] = (await stripe.invoices.list({ customer: customer.id })).data;
      const forged = (type: string, object: unknown) => ({
        id: `evt_forged_${type.replaceAll('.', '_')}_${subscription.id}`,
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
      const cases: Array<[string, unknown, () => Promise<unknown>, () => Promise<void>]> = [
        ...['created', 'updated', 'deleted', 'trial_will_end', 'paused', 'resumed'].map(
          (name) =>
            [
              `customer.subscription.${name}`,
              subscription,
              () => cachedSubscription(subscription.id),
              async () => {
                await app.db
                  .delete(billingSubscriptions)
                  .where(eq(billingSubscriptions.subscriptionId, subscription.id));
              },
            ] as [string, unknown, () => Promise<unknown>, () => Promise<void>],
        ),
        ...['created', 'finalized', 'updated', 'paid', 'payment_succeeded', 'payment_failed', 'voided'].map(
          (name) =>
            [
              `invoice.${name}`,
              invoice,
              () => cachedInvoice(invoice?.id ?? ''),
              async () => {
                await app.db.delete(billingInvoices).where(eq(billingInvoices.invoiceId, invoice?.id ?? ''));
              },
            ] as [string, unknown, () => Promise<unknown>, () => Promise<void>],
        ),
        ...['customer.created', 'customer.updated'].map(
          (type) =>
            [
              type,
              customer,
              async () =>
                (
                  await app.db
                    .select()
                    .from(billingCustomers)
                    .where(eq(billingCustomers.customerId, customer.id))
                )[0],
              async () => {
                await app.db.delete(billingCustomers).where(eq(billingCustomers.customerId, customer.id));
              },
            ] as [string, unknown, () => Promise<unknown>, () => Promise<void>],
        ),
        [
          'checkout.session.completed',
          { id: 'cs_test_forged', object: 'checkout.session', customer: customer.id },
          () => cachedSubscription(subscription.id),
          async () => {
            await app.db.delete(billingCustomers).where(eq(billingCustomers.customerId, customer.id));
          },
        ],
      ];
      for (const [type, object, read, forget] of cases) {
        await forget();
        expect(await read(), `${type}: forgotten first`).toBeUndefined();
        const response = await postWebhook(app, signed(forged(type, object)));
        expect(response.json(), type).toEqual({ received: true, duplicate: false });
        expect(await read(), `${type}: stored again`).toBeDefined();
      }
    });

    it('acknowledges other event types and records them only', async () => {
      const { customer } = await paidCustomer();
      const [intent] = (await stripe.paymentIntents.list({ customer: customer.id })).data;
      await stripe.refunds.create({ payment_intent: intent?.id ?? '' });
      const { event, response } = await deliverLatest(app, payments, 'charge.refunded');
      expect(response.statusCode).toBe(200);
      expect(await ledger(event.id)).toHaveLength(1);
    });

    it('skips objects of customers without an e-mail (they belong to no user)', async () => {
      const customer = await stripe.customers.create({ name: 'No Mail' });
      const subscription = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: 'price_pro_monthly' }],
        trial_period_days: 14,
      });
      const { response } = await deliverLatest(
        app,
        payments,
        'customer.subscription.created',
        subscription.id,
      );
      expect(response.statusCode).toBe(200);
      expect(await cachedSubscription(subscription.id)).toBeUndefined();
    });
  });

  describe('delivery guarantees', () => {
    it('acknowledges a duplicate and changes nothing', async () => {
      const { subscription } = await paidCustomer();
      const events = await stripe.events.list({ type: 'customer.subscription.created', limit: 100 });
      const event = events.data.find((item) => (item.data.object as { id: string }).id === subscription.id);
      const first = await postWebhook(app, signed(event));
      expect(first.json()).toEqual({ received: true, duplicate: false });
      // Something else changes the cache meanwhile; a redelivery of the old event must not undo it.
      await app.db
        .update(billingSubscriptions)
        .set({ status: 'past_due' })
        .where(eq(billingSubscriptions.subscriptionId, subscription.id));
      const calls = payments.calls.length;
      const again = await postWebhook(app, signed(event));
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ received: true, duplicate: true });
      expect((await cachedSubscription(subscription.id))?.status).toBe('past_due');
      expect(await ledger(event?.id ?? '')).toHaveLength(1);
      expect(payments.calls.length).toBe(calls);
    });

    it('handles concurrent duplicates once', async () => {
      await stripe.customers.create({ email: uniqueEmail('race') });
      const [event] = (await stripe.events.list({ type: 'customer.created', limit: 1 })).data;
      const request = signed(event);
      const answers = await Promise.all([1, 2, 3].map(() => postWebhook(app, request)));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect(answers.filter((answer) => answer.json().duplicate === false)).toHaveLength(1);
      expect(await ledger(event?.id ?? '')).toHaveLength(1);
    });

    it('is safe against out-of-order delivery: an older event arriving last stores the current state', async () => {
      const { subscription } = await paidCustomer();
      await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
      await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
      const updates = (await stripe.events.list({ type: 'customer.subscription.updated', limit: 100 })).data
        .filter((event) => (event.data.object as { id: string }).id === subscription.id)
        .reverse();
      const [scheduled, resumed] = updates;
      if (!scheduled || !resumed) throw new Error('expected two updates');
      expect((scheduled.data.object as Stripe.Subscription).cancel_at_period_end).toBe(true);
      await postWebhook(app, signed(resumed));
      await postWebhook(app, signed(scheduled));
      // The late "scheduled" event did not win: the provider says the subscription is resumed.
      expect((await cachedSubscription(subscription.id))?.cancelAtPeriodEnd).toBe(false);
    });

    it('holds no database transaction or connection while the provider is slow: health answers during a burst (issue 19 item 1)', async () => {
      const customers = await Promise.all(Array.from({ length: 12 }, () => paidCustomer()));
      const events = await Promise.all(
        customers.map(async ({ subscription }) => {
          const list = await stripe.events.list({ type: 'customer.subscription.created', limit: 100 });
          return list.data.find((item) => (item.data.object as { id: string }).id === subscription.id);
        }),
      );
      delays.set('GET /v1/subscriptions/', 2_500);
      try {
        let firstDelivered = 0;
        const deliveries = Promise.all(
          events.map((event) =>
            postWebhook(app, signed(event)).then((answer) => {
              firstDelivered ||= Date.now();
              return answer;
            }),
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
        // More deliveries at once than the pool has connections (10), each waiting on the provider.
        const health = await app.inject({ method: 'GET', url: '/api/health' });
        const healthAnswered = Date.now();
        expect(health.statusCode, health.body).toBe(200);
        expect(firstDelivered === 0 || healthAnswered < firstDelivered).toBe(true);
        const answers = await deliveries;
        expect(answers.map((answer) => answer.json())).toEqual(
          Array(events.length).fill({ received: true, duplicate: false }),
        );
      } finally {
        delays.clear();
      }
      for (const { subscription } of customers)
        expect((await cachedSubscription(subscription.id))?.status).toBe('active');
    }, 30_000);

    it('gives up on a provider read after 5 s, once (no SDK retries): the provider redelivers the event', async () => {
      const { subscription } = await paidCustomer();
      const [event] = (
        await stripe.events.list({ type: 'customer.subscription.created', limit: 100 })
      ).data.filter((item) => (item.data.object as { id: string }).id === subscription.id);
      const read = `GET /v1/subscriptions/${subscription.id}`;
      delays.set(read, 5_600);
      const before = payments.calls.filter((call) => call === read).length;
      const started = Date.now();
      try {
        const response = await postWebhook(app, signed(event));
        expect(response.statusCode).toBe(502);
        expect(Date.now() - started).toBeLessThan(5_500);
      } finally {
        delays.clear();
      }
      expect(payments.calls.filter((call) => call === read).length - before).toBe(1);
      expect(await ledger(event?.id ?? '')).toHaveLength(0);
      expect((await postWebhook(app, signed(event))).json()).toEqual({ received: true, duplicate: false });
    }, 20_000);

    it('keeps the newer of two reads that finish out of order ("newer than stored")', async () => {
      const { subscription } = await paidCustomer();
      const events = async () =>
        (await stripe.events.list({ type: 'customer.subscription.updated', limit: 100 })).data.filter(
          (item) => (item.data.object as { id: string }).id === subscription.id,
        );
      await stripe.subscriptions.update(subscription.id, { metadata: { step: 'one' } });
      const [first] = await events();
      // The first delivery reads the subscription as it is now (not scheduled to cancel), and that answer is slow.
      delays.set(`GET /v1/subscriptions/${subscription.id}`, 1_500);
      const slow = postWebhook(app, signed(first));
      await new Promise((resolve) => setTimeout(resolve, 300));
      delays.clear();
      await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
      const [second] = await events();
      expect((await postWebhook(app, signed(second))).statusCode).toBe(200);
      expect((await cachedSubscription(subscription.id))?.cancelAtPeriodEnd).toBe(true);
      // The older read lands last and changes nothing.
      expect((await slow).json()).toEqual({ received: true, duplicate: false });
      expect((await cachedSubscription(subscription.id))?.cancelAtPeriodEnd).toBe(true);
    });

    it('answers 5xx and records nothing when the effect cannot be applied, so the provider retries', async () => {
      const { subscription } = await paidCustomer();
      const [event] = (
        await stripe.events.list({ type: 'customer.subscription.created', limit: 100 })
      ).data.filter((item) => (item.data.object as { id: string }).id === subscription.id);
      const saved = payments.ctx.config.apiKey;
      payments.ctx.config.apiKey = 'sk_test_only_this_one';
      try {
        const response = await postWebhook(app, signed(event));
        expect(response.statusCode).toBeGreaterThanOrEqual(500);
      } finally {
        payments.ctx.config.apiKey = saved;
      }
      expect(await ledger(event?.id ?? '')).toHaveLength(0);
      const retried = await postWebhook(app, signed(event));
      expect(retried.json()).toEqual({ received: true, duplicate: false });
    });

    it('receives real deliveries from the stand-in: a checkout shows up in billing info without a sync', async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      payments.ctx.events.webhook.url = `http://127.0.0.1:${port}/api/webhooks/stripe`;
      try {
        const { client } = await signIn(app, uniqueEmail('live'));
        await subscribe(client, 'starter_monthly');
        await eventually(async () => {
          const info = (await client.get('/api/billing/info')).json();
          expect(info.subscription).toMatchObject({ plan: 'starter', status: 'active' });
          expect(info.invoices).toHaveLength(1);
        });
        await payments.ctx.events.settled();
        const failures = payments.ctx.events.attempts.filter((attempt) => attempt.status !== 200);
        expect(failures).toEqual([]);
      } finally {
        payments.ctx.events.webhook.url = null;
      }
    });
  });
});
