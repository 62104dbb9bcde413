import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, uniqueEmail } from './support/app';
import { buildBilling, subscribe } from './support/billing';
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
  const { app, payments, stripe } = buildBilling(engine);

  /** A subscribed user: their client, customer and subscription at the provider. */
  async function subscriber(name: string) {
    const email = uniqueEmail(name);
    const { client } = await signIn(app, email);
    const sessionId = await subscribe(client, 'pro_monthly');
    // Back from Checkout, the SPA confirms the session.
    expect((await client.post('/api/billing/sync', { sessionId })).statusCode).toBe(200);
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

  describe('IDOR: ids of another user are never taken from the browser', () => {
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

    for (const [url, body] of MUTATING_ROUTES) {
      it(`refuses POST ${url} with another user's ids in the body: 422 naming the field, no provider call`, async () => {
        const before = payments.calls.length;
        const response = await attacker.client.post(url, { ...(body as object), ...foreignIds() });
        expect(response.statusCode).toBe(422);
        const errors = Object.entries(response.json<{ errors: Record<string, string[]> }>().errors);
        expect(errors.length).toBeGreaterThan(0);
        for (const [field, messages] of errors) {
          expect(Object.keys(foreignIds())).toContain(field);
          expect(messages[0]).toMatch(new RegExp(`^${field} is not a field of the `));
        }
        expect(payments.calls.length).toBe(before);
      });
    }

    it('left the victim subscribed on Professional monthly', async () => {
      const victimNow = await stripe.subscriptions.retrieve(victim.subscription.id);
      expect(victimNow).toMatchObject({ status: 'active', cancel_at_period_end: false });
      expect(victimNow.items.data[0]?.price.lookup_key).toBe('pro_monthly');
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
