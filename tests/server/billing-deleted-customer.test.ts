import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { billingInfoSchema, syncResponseSchema } from '../../contract/billing';
import { billingCustomers, users } from '../../server/db/schema';
import { ENGINES, uniqueEmail } from './support/app';
import { buildBilling, deliverLatest, subscribe } from './support/billing';
import { signIn, type TestClient } from './support/client';

// A customer deleted at the provider (Dashboard or API). Stripe then ends its subscriptions at once, sends
// customer.subscription.deleted and customer.deleted, keeps answering the id with `{deleted: true}` and refuses
// new sessions for it (400 resource_missing, param customer). The product forgets the customer: the account
// shows no plan, and its next checkout or portal visit makes a new customer instead of failing with 502.

describe.each(ENGINES)('a customer deleted at the payment provider, on %s', (engine) => {
  const faults = new Set<string>();
  const { app, payments, stripe } = buildBilling(engine, { faults });

  /** A signed-in customer with an active subscription, synced into the cache, then deleted at the provider. */
  async function deletedSubscriber() {
    const email = uniqueEmail('deleted');
    const { client } = await signIn(app, email);
    const sessionId = await subscribe(client);
    expect((await client.post('/api/billing/sync', { sessionId })).statusCode).toBe(200);
    const customerId = (await info(client)).customerId ?? '';
    const [subscription] = (await stripe.subscriptions.list({ customer: customerId })).data;
    await stripe.customers.del(customerId);
    return { email, client, customerId, subscriptionId: subscription?.id ?? '' };
  }
  const info = async (client: TestClient) =>
    v.parse(billingInfoSchema, (await client.get('/api/billing/info')).json());
  const cachedCustomer = async (customerId: string) =>
    (await app.db.select().from(billingCustomers).where(eq(billingCustomers.customerId, customerId)))[0];
  const mirrorOf = async (email: string) =>
    (await app.db.select().from(users).where(eq(users.email, email)))[0]?.subscriptionStatus;

  it('customer.deleted forgets the customer: no plan, the subscription reads canceled, and checkout starts afresh', async () => {
    const { email, client, customerId, subscriptionId } = await deletedSubscriber();
    expect(await mirrorOf(email)).toBe('active');
    const { response } = await deliverLatest(app, payments, 'customer.deleted', customerId);
    expect(response.statusCode).toBe(200);
    expect(await cachedCustomer(customerId)).toBeUndefined();
    expect(await mirrorOf(email)).toBe('canceled');
    expect(await info(client)).toMatchObject({ subscription: null, customerId: null, invoices: [] });
    // The subscription's own event, later, is taken (no redelivery) and brings nothing back.
    const late = await deliverLatest(app, payments, 'customer.subscription.deleted', subscriptionId);
    expect(late.response.statusCode).toBe(200);
    expect(await cachedCustomer(customerId)).toBeUndefined();

    const sessionId = await subscribe(client, 'starter_monthly');
    const synced = await client.post('/api/billing/sync', { sessionId });
    expect(v.parse(syncResponseSchema, synced.json()).subscription).toMatchObject({
      plan: 'starter',
      status: 'active',
    });
    const fresh = await info(client);
    expect(fresh.customerId).toMatch(/^cus_/);
    expect(fresh.customerId).not.toBe(customerId);
    expect(await mirrorOf(email)).toBe('active');
  });

  it('a sync before the webhook arrives forgets the customer, asking the provider for nothing more about it', async () => {
    const { email, client, customerId } = await deletedSubscriber();
    // The cache is due for a re-read; lists filtered by the deleted customer would be refused.
    await app.db
      .update(billingCustomers)
      .set({ syncedAt: new Date(Date.now() - 60_000) })
      .where(eq(billingCustomers.customerId, customerId));
    faults.add('GET /v1/subscriptions').add('GET /v1/invoices');
    const before = payments.calls.length;
    try {
      const synced = await client.post('/api/billing/sync', {});
      expect(synced.statusCode, synced.body).toBe(200);
      expect(v.parse(syncResponseSchema, synced.json()).subscription).toBeNull();
    } finally {
      faults.clear();
    }
    expect(payments.calls.slice(before)).toEqual([`GET /v1/customers/${customerId}`]);
    expect(await cachedCustomer(customerId)).toBeUndefined();
    expect(await mirrorOf(email)).toBe('canceled');
  });

  it('a checkout made before the webhook arrives makes a new customer instead of failing', async () => {
    const { client, customerId } = await deletedSubscriber();
    const response = await client.post('/api/billing/checkout-session', { planName: 'pro_monthly' });
    expect(response.statusCode, response.body).toBe(200);
    const session = await stripe.checkout.sessions.retrieve(
      new URL(response.json<{ url: string }>().url).pathname.split('/').at(-1) ?? '',
    );
    expect(session.customer).toMatch(/^cus_/);
    expect(session.customer).not.toBe(customerId);
    expect(await cachedCustomer(customerId)).toBeUndefined();
  });

  it('a portal visit made before the webhook arrives opens the portal of a new customer', async () => {
    const { email, client, customerId } = await deletedSubscriber();
    const response = await client.post('/api/billing/portal', {});
    expect(response.statusCode, response.body).toBe(200);
    const [replacement] = (await stripe.customers.list({ email })).data;
    expect(replacement?.id).toMatch(/^cus_/);
    expect(replacement?.id).not.toBe(customerId);
    expect((await info(client)).customerId).toBe(replacement?.id);
  });
});
