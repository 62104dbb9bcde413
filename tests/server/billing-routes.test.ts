import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  billingInfoSchema,
  cancelResponseSchema,
  syncResponseSchema,
  trialResponseSchema,
  webhookHealthSchema,
} from '../../contract/billing';
import { billingCustomers } from '../../server/db/schema';
import { advanceClock, submitForm } from '../emulators/payments-harness';
import { ENGINES, uniqueEmail } from './support/app';
import { buildBilling, deliverLatest, subscribe } from './support/billing';
import { signIn, TestClient } from './support/client';

const DAY_MS = 86_400_000;

describe.each(ENGINES)('billing routes on %s', (engine) => {
  const { app, payments, stripe } = buildBilling(engine);

  const customerFor = async (email: string) => (await stripe.customers.list({ email })).data[0];
  const subscriptionsOf = async (email: string) => {
    const customer = await customerFor(email);
    return customer ? (await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data : [];
  };
  const info = async (client: TestClient) => {
    const response = await client.get('/api/billing/info');
    expect(response.statusCode, response.body).toBe(200);
    return v.parse(billingInfoSchema, response.json());
  };

  it('answers 401 on every billing route without a session', async () => {
    const client = new TestClient(app);
    await client.fetchCsrf();
    for (const [method, url] of [
      ['GET', '/api/billing/info'],
      ['GET', '/api/billing/trial'],
      ['GET', '/api/billing/health'],
      ['POST', '/api/billing/checkout-session'],
      ['POST', '/api/billing/portal'],
      ['POST', '/api/billing/cancel'],
      ['POST', '/api/billing/change-plan'],
      ['POST', '/api/billing/sync'],
    ] as const) {
      const response = await client.request(
        method,
        url,
        method === 'POST' ? { body: { planName: 'pro_monthly' } } : {},
      );
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('shows an empty billing page to a user without a customer, without creating one', async () => {
    const email = uniqueEmail('nobody');
    const { client } = await signIn(app, email);
    expect(await info(client)).toMatchObject({
      subscription: null,
      customerId: null,
      payment_required: false,
      has_default_payment_method: false,
      invoices: [],
    });
    expect(await customerFor(email)).toBeUndefined();
    expect((await client.get('/api/billing/trial')).json()).toEqual({
      trial_ends_at: null,
      subscription_status: null,
    });
    // Polling by such a user asks the provider once, not once per poll.
    const before = payments.calls.length;
    for (let poll = 0; poll < 5; poll += 1) await info(client);
    expect(payments.calls.length).toBe(before);
    // Opening the portal still creates the customer.
    expect((await client.post('/api/billing/portal', {})).statusCode).toBe(200);
    expect((await info(client)).customerId).toMatch(/^cus_/);
  });

  describe('checkout', () => {
    it('pays on the hosted page, returns with the session id, and sync shows the plan active with its invoice', async () => {
      const email = uniqueEmail('buyer');
      const { client } = await signIn(app, email);
      const sessionId = await subscribe(client, 'business_yearly');
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      expect(session.success_url).toBe('http://localhost:3000/Billing?session_id={CHECKOUT_SESSION_ID}');
      expect(session.cancel_url).toBe('http://localhost:3000/Billing');
      const synced = await client.post('/api/billing/sync', { sessionId });
      expect(synced.statusCode, synced.body).toBe(200);
      expect(v.parse(syncResponseSchema, synced.json()).subscription).toMatchObject({
        plan: 'business',
        plan_label: 'Business',
        interval: 'yearly',
        status: 'active',
        cancel_at_period_end: false,
      });
      const billing = await info(client);
      expect(billing.customerId).toBe(session.customer);
      expect(billing.has_default_payment_method).toBe(true);
      expect(billing.payment_required).toBe(false);
      expect(billing.limits).toEqual({ plan_label: 'Business', billing_interval: 'yearly' });
      expect(billing.nextBillingDate).toBe(billing.subscription?.current_period_end);
      expect(new Date(String(billing.nextBillingDate)).getTime()).toBeGreaterThan(Date.now() + 360 * DAY_MS);
      expect(billing.invoices).toHaveLength(1);
      const [invoice] = billing.invoices;
      expect(invoice).toMatchObject({
        amount_paid: 191_000,
        status: 'paid',
        number: expect.stringMatching(/^BEACON-/),
      });
      expect(invoice?.created).toBeLessThan(1e12);
      expect(invoice?.invoice_pdf).toMatch(/\/invoices\/in_\w+\/pdf$/);
      expect(invoice?.hosted_invoice_url).toMatch(/\/invoices\/in_\w+$/);
    });

    it('answers 409 existing_subscription when the user already has one', async () => {
      const { client } = await signIn(app, uniqueEmail('twice'));
      await subscribe(client);
      const again = await client.post('/api/billing/checkout-session', { planName: 'starter_monthly' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: 'existing_subscription', code: 'existing_subscription' });
    });

    it('refuses a plan name outside the catalogue (422) without calling the provider', async () => {
      const { client } = await signIn(app, uniqueEmail('badplan'));
      const before = payments.calls.length;
      const response = await client.post('/api/billing/checkout-session', { planName: 'gold_monthly' });
      expect(response.statusCode).toBe(422);
      expect(payments.calls.length).toBe(before);
    });
  });

  describe('portal', () => {
    it('opens the portal for the user, returning to /Billing by default', async () => {
      const email = uniqueEmail('portal');
      const { client } = await signIn(app, email);
      const response = await client.post('/api/billing/portal', {});
      expect(response.statusCode, response.body).toBe(200);
      const url = response.json<{ url: string }>().url;
      expect(url).toMatch(/\/portal\/bps_/);
      const page = await (await fetch(url)).text();
      expect(page).toContain(email);
      expect(page).toContain('<a href="http://localhost:3000/Billing">Return to Beacon RMM</a>');
    });

    it('accepts a return address on our own origin', async () => {
      const { client } = await signIn(app, uniqueEmail('portal-own'));
      const response = await client.post('/api/billing/portal', {
        return_url: 'http://localhost:3000/Billing?from=portal',
      });
      expect(response.statusCode).toBe(200);
      const page = await (await fetch(response.json<{ url: string }>().url)).text();
      expect(page).toContain('href="http://localhost:3000/Billing?from=portal"');
    });

    it.each([
      [
        'a backslash before an at-sign',
        'http://localhost:3000\\@evil.example/Billing',
        'http://localhost:3000/@evil.example/Billing',
      ],
      ['tabs and newlines', 'http://localhost:3000/Bil\tling\n', 'http://localhost:3000/Billing'],
      ['an upper-case scheme and host', 'HTTP://LOCALHOST:3000/Billing', 'http://localhost:3000/Billing'],
    ])(
      'hands the provider the address it checked, normalised (%s), not the raw text another parser may read elsewhere',
      async (_case, return_url, normalised) => {
        const { client } = await signIn(app, uniqueEmail('portal-normalised'));
        const response = await client.post('/api/billing/portal', { return_url });
        expect(response.statusCode, response.body).toBe(200);
        const id = response.json<{ url: string }>().url.split('/portal/')[1];
        const session = payments.ctx.store.byId(id ?? '') as { return_url?: string } | undefined;
        expect(session?.return_url).toBe(normalised);
      },
    );

    it('refuses a return address elsewhere (no open redirect), calling no provider', async () => {
      const { client } = await signIn(app, uniqueEmail('portal-evil'));
      const before = payments.calls.length;
      for (const return_url of [
        'https://evil.example/Billing',
        'http://localhost:3000.evil.example/Billing',
        'http://localhost:3001/Billing',
        'javascript:alert(1)',
        '//evil.example/x',
      ]) {
        const response = await client.post('/api/billing/portal', { return_url });
        expect(response.statusCode, return_url).toBe(422);
      }
      expect(payments.calls.length).toBe(before);
    });
  });

  describe('cancel', () => {
    it('gives every answer: scheduled, already scheduled, canceled now, already canceled', async () => {
      const email = uniqueEmail('cancel');
      const { client } = await signIn(app, email);
      await subscribe(client);
      const scheduled = await client.post('/api/billing/cancel', {
        reason: 'too_expensive',
        comment: ' pricey ',
      });
      expect(v.parse(cancelResponseSchema, scheduled.json())).toMatchObject({
        canceled: true,
        canceledImmediately: false,
      });
      const [subscription] = await subscriptionsOf(email);
      expect(subscription).toMatchObject({
        status: 'active',
        cancel_at_period_end: true,
        cancellation_details: { feedback: 'too_expensive', comment: 'pricey' },
      });
      // The cache follows at once: the billing page shows the scheduled cancellation without waiting for a webhook.
      expect((await info(client)).subscription).toMatchObject({ cancel_at_period_end: true });
      expect((await info(client)).nextBillingDate).toBeNull();
      expect((await client.post('/api/billing/cancel', {})).json()).toEqual({
        canceled: false,
        alreadyScheduled: true,
      });
      expect((await client.post('/api/billing/cancel', { cancelNow: true })).json()).toEqual({
        canceled: true,
        canceledImmediately: true,
      });
      expect((await subscriptionsOf(email))[0]?.status).toBe('canceled');
      expect((await info(client)).subscription).toMatchObject({ status: 'canceled' });
      expect((await client.post('/api/billing/cancel', { cancelNow: true })).json()).toEqual({
        canceled: false,
        alreadyCanceled: true,
      });
    });

    it('says there is nothing to cancel for a user without a subscription', async () => {
      const { client } = await signIn(app, uniqueEmail('cancel-none'));
      const response = await client.post('/api/billing/cancel', {});
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ canceled: false, error: 'There is no subscription to cancel.' });
    });

    it('validates the request (reason list, comment up to 300 characters)', async () => {
      const { client } = await signIn(app, uniqueEmail('cancel-bad'));
      expect((await client.post('/api/billing/cancel', { reason: 'bored' })).statusCode).toBe(422);
      expect((await client.post('/api/billing/cancel', { comment: 'x'.repeat(301) })).statusCode).toBe(422);
      expect((await client.post('/api/billing/cancel', { cancelNow: 'yes' })).statusCode).toBe(422);
    });
  });

  describe('change plan', () => {
    it('moves the subscription to the new price; the same plan changes nothing', async () => {
      const email = uniqueEmail('change');
      const { client } = await signIn(app, email);
      await subscribe(client, 'starter_monthly');
      const changed = await client.post('/api/billing/change-plan', { planName: 'pro_yearly' });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({
        changed: true,
        subscription: { plan: 'pro', interval: 'yearly' },
      });
      expect((await subscriptionsOf(email))[0]?.items.data[0]?.price.lookup_key).toBe('pro_yearly');
      expect((await info(client)).subscription).toMatchObject({ plan: 'pro', interval: 'yearly' });
      const same = await client.post('/api/billing/change-plan', { planName: 'pro_yearly' });
      expect(same.json()).toMatchObject({ changed: false });
    });

    it('answers 409 when there is no subscription to change', async () => {
      const { client } = await signIn(app, uniqueEmail('change-none'));
      const response = await client.post('/api/billing/change-plan', { planName: 'pro_monthly' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'no_subscription' });
    });
  });

  describe('trial', () => {
    const signupFor = (email: string) => ({
      name: 'Trial Person',
      email,
      normalized_email: email,
      company: 'Trial Co',
      company_size: '1-10',
      plan: 'pro',
      interval: 'monthly',
    });

    it('shows the trial on the identity answered right after the signup record, not a cached older user [product: CHECK-7]', async () => {
      const email = uniqueEmail('trial-me');
      const { client } = await signIn(app, email);
      // The session is looked up (and cached) before the record starts the trial.
      expect((await client.get('/api/auth/me?include_flags=true')).json()).toMatchObject({
        trial_ends_at: null,
      });
      expect((await client.post('/api/signups', signupFor(email))).statusCode).toBe(201);
      const me = (await client.get('/api/auth/me?include_flags=true')).json();
      expect(me).toMatchObject({ subscription_status: 'trialing', onboarding_required: false });
      expect(me.trial_ends_at).toEqual(expect.any(String));
    });

    it('shows a cancellation on the identity answered right after it, not a cached older user [product: LAND-42]', async () => {
      const email = uniqueEmail('cancel-me');
      const { client } = await signIn(app, email);
      expect((await client.post('/api/signups', signupFor(email))).statusCode).toBe(201);
      expect((await client.get('/api/auth/me')).json()).toMatchObject({ subscription_status: 'trialing' });
      const cancel = await client.post('/api/billing/cancel', {
        reason: 'other',
        comment: '',
        cancelNow: true,
      });
      expect(cancel.statusCode).toBe(200);
      expect((await client.get('/api/auth/me')).json()).toMatchObject({ subscription_status: 'canceled' });
    });

    it('starts a 14-day trial without a card when the signup record is created', async () => {
      const email = uniqueEmail('trial');
      // The record is made by its confirmed owner, signed in (onboarding).
      const { client } = await signIn(app, email);
      expect((await client.post('/api/signups', signupFor(email))).statusCode).toBe(201);
      const [subscription] = await subscriptionsOf(email);
      expect(subscription).toMatchObject({ status: 'trialing', default_payment_method: null });
      expect(subscription?.items.data[0]?.price.lookup_key).toBe('pro_monthly');
      expect((subscription?.trial_end ?? 0) - (subscription?.trial_start ?? 0)).toBe(14 * 86_400);

      const trial = v.parse(trialResponseSchema, (await client.get('/api/billing/trial')).json());
      const endsIn = new Date(String(trial.trial_ends_at)).getTime() - Date.now();
      expect(endsIn).toBeGreaterThan(13.9 * DAY_MS);
      expect(endsIn).toBeLessThanOrEqual(14 * DAY_MS);
      const billing = await info(client);
      expect(billing.subscription).toMatchObject({ status: 'trialing', plan: 'pro' });
      expect(billing).toMatchObject({ payment_required: false, has_default_payment_method: false });
      expect(billing.nextBillingDate).toBe(billing.trial_ends_at);
      // The trial's $0 first invoice is paid at once, as Stripe pays any $0 invoice [product: DATA-13].
      expect(billing.invoices).toEqual([
        expect.objectContaining({ amount_due: 0, amount_paid: 0, status: 'paid' }),
      ]);
      // The trial is the subscription: checkout is for people without one.
      const checkout = await client.post('/api/billing/checkout-session', { planName: 'pro_monthly' });
      expect(checkout.statusCode).toBe(409);
    });

    it('asks for payment when the trial ends without a payment method (payment_required)', async () => {
      const email = uniqueEmail('trial-ended');
      const { client } = await signIn(app, email);
      await client.post('/api/signups', { ...signupFor(email), interval: 'annual' });
      const [subscription] = await subscriptionsOf(email);
      expect(subscription?.items.data[0]?.price.lookup_key).toBe('pro_yearly');
      await advanceClock(payments, { subscription: subscription?.id, to: 'trial_end' });
      await client.post('/api/billing/sync', {});
      const billing = await info(client);
      expect(billing.subscription?.status).toBe('past_due');
      expect(billing).toMatchObject({ payment_required: true, has_default_payment_method: false });
    });

    it('keeps the signup when the provider is down (the trial is logged as not started)', async () => {
      const saved = payments.ctx.config.apiKey;
      payments.ctx.config.apiKey = 'sk_test_only_this_one';
      try {
        const email = uniqueEmail('provider-down');
        const { client } = await signIn(app, email);
        expect((await client.post('/api/signups', signupFor(email))).statusCode).toBe(201);
      } finally {
        payments.ctx.config.apiKey = saved;
      }
    });
  });

  describe('sync and polling', () => {
    it('reads billing info from the cache: polling does not call the provider each time', async () => {
      const { client } = await signIn(app, uniqueEmail('poll'));
      const sessionId = await subscribe(client);
      await client.post('/api/billing/sync', { sessionId });
      const before = payments.calls.length;
      for (let poll = 0; poll < 5; poll += 1) {
        expect((await client.post('/api/billing/sync', {})).statusCode).toBe(200);
        expect((await info(client)).subscription?.status).toBe('active');
      }
      expect(payments.calls.length).toBe(before);
    });

    it('re-reads the provider on sync once the cache is older than 10 s (a change whose webhook was lost)', async () => {
      const email = uniqueEmail('stale');
      const { client } = await signIn(app, email);
      const sessionId = await subscribe(client);
      await client.post('/api/billing/sync', { sessionId });
      const [subscription] = await subscriptionsOf(email);
      await stripe.subscriptions.update(subscription?.id ?? '', { cancel_at_period_end: true });
      await client.post('/api/billing/sync', {});
      expect((await info(client)).subscription?.cancel_at_period_end).toBe(false);
      await app.db
        .update(billingCustomers)
        .set({ syncedAt: new Date(Date.now() - 11_000) })
        .where(eq(billingCustomers.email, email));
      const synced = await client.post('/api/billing/sync', {});
      expect(synced.json()).toMatchObject({ subscription: { cancel_at_period_end: true } });
    });

    it('picks up a change made in the portal through its webhook', async () => {
      const email = uniqueEmail('portal-change');
      const { client } = await signIn(app, email);
      await subscribe(client);
      const portal = await client.post('/api/billing/portal', {});
      const [subscription] = await subscriptionsOf(email);
      await submitForm(
        `${portal.json<{ url: string }>().url}/subscriptions/${subscription?.id}/cancel-at-period-end`,
        {},
      );
      const { response } = await deliverLatest(
        app,
        payments,
        'customer.subscription.updated',
        subscription?.id,
      );
      expect(response.statusCode).toBe(200);
      expect((await info(client)).subscription).toMatchObject({ cancel_at_period_end: true });
    });

    it("refuses another user's checkout session (404) and changes nothing", async () => {
      const owner = await signIn(app, uniqueEmail('session-owner'));
      const sessionId = await subscribe(owner.client);
      const other = await signIn(app, uniqueEmail('session-thief'));
      const response = await other.client.post('/api/billing/sync', { sessionId });
      expect(response.statusCode).toBe(404);
      expect((await info(other.client)).subscription).toBeNull();
      expect(
        (await other.client.post('/api/billing/sync', { sessionId: 'cs_test_missing' })).statusCode,
      ).toBe(404);
    });

    it('asks the provider about nothing but a Checkout session id (cs_...): anything else is 422 first', async () => {
      const { client } = await signIn(app, uniqueEmail('made-up-ids'));
      const before = payments.calls.length;
      for (const sessionId of [
        'pi_123',
        'sub_123',
        'cs_',
        'cs_../../v1/customers',
        'cs_1?expand[]=customer',
      ]) {
        const response = await client.post('/api/billing/sync', { sessionId });
        expect(response.statusCode, sessionId).toBe(422);
        expect(response.json().errors).toHaveProperty('sessionId');
      }
      expect(payments.calls.length).toBe(before);
    });
  });

  describe('webhook health (issue 19 item 7) [product: BILL-20]', () => {
    const healthOf = async (client: TestClient) =>
      v.parse(webhookHealthSchema, (await client.get('/api/billing/health')).json());

    it("shows each customer their own account's last event, never another account's", async () => {
      const mine = await signIn(app, uniqueEmail('health-mine'));
      expect(await healthOf(mine.client)).toEqual({
        ok: false,
        scope: 'account',
        last_event_id: null,
        last_event_type: null,
        last_received_at: null,
        message: 'No payment events for your account yet.',
      });
      await subscribe(mine.client, 'starter_monthly');
      const { event } = await deliverLatest(app, payments, 'customer.subscription.created');
      // Someone else's event arrives later: it is theirs, not this customer's.
      const other = await signIn(app, uniqueEmail('health-other'));
      await subscribe(other.client);
      const { event: theirs } = await deliverLatest(app, payments, 'invoice.payment_succeeded');
      expect(event.id).not.toBe(theirs.id);

      const health = await healthOf(mine.client);
      expect(health).toMatchObject({
        ok: true,
        scope: 'account',
        last_event_id: event.id,
        last_event_type: 'customer.subscription.created',
        message: null,
      });
      expect(Date.now() - new Date(String(health.last_received_at)).getTime()).toBeLessThan(60_000);
      expect(await healthOf(other.client)).toMatchObject({ last_event_id: theirs.id });
    });

    it("shows an admin the system's last event", async () => {
      await stripe.customers.create({ email: uniqueEmail('health-event') });
      const { event } = await deliverLatest(app, payments, 'customer.created');
      const admin = await signIn(app, 'admin@example.com');
      expect(await healthOf(admin.client)).toMatchObject({
        ok: true,
        scope: 'system',
        last_event_id: event.id,
        last_event_type: 'customer.created',
      });
    });
  });
});
