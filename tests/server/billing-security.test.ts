import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payments } from '../emulators/payments-harness';
import { ENGINES, uniqueEmail } from './support/app';
import { type BillingTestApp, startBillingApp, subscribe } from './support/billing';
import { signIn, type TestClient } from './support/client';

// Every billing call acts on the signed-in user's own customer, and every change needs the CSRF proof.

const MUTATING_ROUTES: Array<[string, unknown]> = [
  ['/api/billing/checkout-session', { planName: 'pro_monthly' }],
  ['/api/billing/portal', {}],
  ['/api/billing/cancel', { cancelNow: true }],
  ['/api/billing/change-plan', { planName: 'business_monthly' }],
  ['/api/billing/sync', {}],
];

describe.each(ENGINES)('billing access rules on %s', (engine) => {
  let testApp: BillingTestApp;
  let app: FastifyInstance;
  let payments: Payments;
  let stripe: Stripe;

  beforeAll(async () => {
    testApp = await startBillingApp(engine);
    ({ app, payments } = testApp);
    stripe = payments.stripe;
  });
  afterAll(() => testApp.close());

  /** A subscribed user: their client, customer and subscription at the provider. */
  async function subscriber(name: string) {
    const email = uniqueEmail(name);
    const { client } = await signIn(app, email);
    const sessionId = await subscribe(client, 'pro_monthly');
    const customer = (await stripe.customers.list({ email })).data[0];
    const subscription = (await stripe.subscriptions.list({ customer: customer?.id })).data[0];
    if (!customer || !subscription) throw new Error('subscription missing');
    return { email, client, sessionId, customer, subscription };
  }

  describe('CSRF', () => {
    let victim: Awaited<ReturnType<typeof subscriber>>;
    beforeAll(async () => {
      victim = await subscriber('csrf-victim');
    });

    const attempts: Array<
      [string, (client: TestClient, url: string, body: unknown) => ReturnType<TestClient['post']>]
    > = [
      ['without the CSRF token', (client, url, body) => client.post(url, body, { omit: ['csrf'] })],
      ['without X-Requested-With', (client, url, body) => client.post(url, body, { omit: ['xhr'] })],
      ['with a forged token', (client, url, body) => client.post(url, body, { csrfToken: 'forged.token' })],
      [
        'from another site',
        (client, url, body) =>
          client.post(url, body, {
            headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
          }),
      ],
    ];

    for (const [url, body] of MUTATING_ROUTES) {
      for (const [how, send] of attempts) {
        it(`refuses POST ${url} ${how}, calling no provider`, async () => {
          const before = payments.calls.length;
          const response = await send(victim.client, url, body);
          expect(response.statusCode).toBe(403);
          expect(response.json()).toMatchObject({ code: 'csrf_failed' });
          expect(payments.calls.length).toBe(before);
        });
      }
    }

    it('left the victim subscribed on Professional monthly', async () => {
      const subscription = await stripe.subscriptions.retrieve(victim.subscription.id);
      expect(subscription).toMatchObject({ status: 'active', cancel_at_period_end: false });
      expect(subscription.items.data[0]?.price.lookup_key).toBe('pro_monthly');
    });
  });

  describe('IDOR: ids of another user in the body are ignored', () => {
    let victim: Awaited<ReturnType<typeof subscriber>>;
    let attacker: Awaited<ReturnType<typeof subscriber>>;
    beforeAll(async () => {
      victim = await subscriber('idor-victim');
      attacker = await subscriber('idor-attacker');
    });

    const foreignIds = () => ({
      customerId: victim.customer.id,
      customer: victim.customer.id,
      subscriptionId: victim.subscription.id,
      subscription: victim.subscription.id,
      userId: 'someone-else',
    });

    it("cancel and change-plan act on the caller's own subscription only", async () => {
      const changed = await attacker.client.post('/api/billing/change-plan', {
        planName: 'starter_monthly',
        ...foreignIds(),
      });
      expect(changed.json()).toMatchObject({ changed: true });
      const canceled = await attacker.client.post('/api/billing/cancel', {
        cancelNow: true,
        ...foreignIds(),
      });
      expect(canceled.json()).toMatchObject({ canceledImmediately: true });
      const victimNow = await stripe.subscriptions.retrieve(victim.subscription.id);
      expect(victimNow).toMatchObject({ status: 'active', cancel_at_period_end: false });
      expect(victimNow.items.data[0]?.price.lookup_key).toBe('pro_monthly');
      const attackerNow = await stripe.subscriptions.retrieve(attacker.subscription.id);
      expect(attackerNow.status).toBe('canceled');
      expect(attackerNow.items.data[0]?.price.lookup_key).toBe('starter_monthly');
    });

    it("the portal opens for the caller's own customer", async () => {
      const response = await attacker.client.post('/api/billing/portal', foreignIds());
      const page = await (await fetch(response.json<{ url: string }>().url)).text();
      expect(page).toContain(attacker.email);
      expect(page).not.toContain(victim.email);
    });

    it("billing info and trial show the caller's own data", async () => {
      const info = (await attacker.client.get(`/api/billing/info?customerId=${victim.customer.id}`)).json();
      expect(info.customerId).toBe(attacker.customer.id);
      expect(JSON.stringify(info)).not.toContain(victim.subscription.id);
    });

    it("sync refuses the other user's checkout session (404) and does not adopt it", async () => {
      const response = await attacker.client.post('/api/billing/sync', { sessionId: victim.sessionId });
      expect(response.statusCode).toBe(404);
      const info = (await attacker.client.get('/api/billing/info')).json();
      expect(info.subscription?.id).toBe(attacker.subscription.id);
    });
  });
});
