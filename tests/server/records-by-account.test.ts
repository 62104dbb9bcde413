import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { billingCustomers, webhookEvents } from '../../server/db/schema';
import { ENGINES, uniqueEmail } from './support/app';
import { buildBilling, deliverLatest, postWebhook, signed } from './support/billing';
import { signIn, type TestClient } from './support/client';
import { testAuthService, userIdFor } from './support/tokens';

/**
 * Issue 18 item 5: billing customer, subscription mirror, signup record, organisation and onboarding flags belong to
 * the account (its id), not to the address it had when they were made.
 */
describe.each(ENGINES)('records belong to the account on %s', (engine) => {
  const faults = new Set<string>();
  const { app, payments, stripe } = buildBilling(engine, { faults }, { ADMIN_EMAILS: 'boss@example.com' });

  afterEach(() => {
    testAuthService.currentEmails.clear();
    testAuthService.unconfirmed.clear();
    faults.clear();
  });

  /** A confirmed account that signed up (record, company, the beta trial at the provider). */
  async function signedUp(name: string, company: string) {
    const email = uniqueEmail(name);
    const account = await signIn(app, email);
    const signup = await account.client.post('/api/signups', {
      name: `${name} Person`,
      email,
      company,
      company_size: '11-50',
      plan: 'pro',
      interval: 'annual',
    });
    expect(signup.statusCode, signup.body).toBe(201);
    return { email, ...account };
  }

  const flags = async (client: TestClient) =>
    (await client.get('/api/auth/me?include_flags=true')).json<Record<string, unknown>>();

  /** The auth service changes the account's address; its next sign-in carries the new one. */
  async function changeAddress(oldEmail: string) {
    const newEmail = uniqueEmail('moved');
    testAuthService.currentEmails.set(userIdFor(oldEmail), newEmail);
    const again = await signIn(app, oldEmail);
    expect(again.user.email).toBe(newEmail);
    return { newEmail, ...again };
  }

  it('keeps everything with the account after an address change, and gives a new account on the old address none of it', async () => {
    const first = await signedUp('first', 'First Co');
    const before = await first.client.get('/api/billing/info');
    const customerId = before.json<{ customerId: string }>().customerId;
    expect(before.json()).toMatchObject({ subscription: { status: 'trialing', plan: 'pro' } });

    const moved = await changeAddress(first.email);
    // The provider customer's e-mail follows the account's; the customer stays the account's.
    expect((await stripe.customers.retrieve(customerId)) as { email: string }).toMatchObject({
      email: moved.newEmail,
    });
    expect((await moved.client.get('/api/billing/info')).json()).toMatchObject({
      customerId,
      subscription: { status: 'trialing', plan: 'pro' },
    });
    expect(await flags(moved.client)).toMatchObject({
      has_signup: true,
      onboarding_required: false,
      subscription_status: 'trialing',
    });
    expect((await moved.client.get('/api/org/')).json()).toEqual({ name: 'First Co' });

    // Somebody registers the freed address at the auth service: a new subject with the old address.
    const second = await signIn(app, first.email, { sub: randomUUID() });
    expect(second.user.id).not.toBe(first.user.id);
    expect(await flags(second.client)).toMatchObject({
      has_signup: false,
      onboarding_required: true,
      company: null,
      subscription_id: null,
      subscription_status: null,
    });
    expect((await second.client.get('/api/org/')).json()).toEqual({ name: 'Not specified' });
    const info = (await second.client.get('/api/billing/info')).json();
    expect(info).toMatchObject({ customerId: null, subscription: null, invoices: [] });
    // Cancelling reaches nothing of the first account's.
    const cancel = await second.client.post('/api/billing/cancel', {
      reason: 'other',
      comment: '',
      cancelNow: true,
    });
    expect(cancel.json()).toMatchObject({ canceled: false });
    // The sign-up dialog's check reads current addresses: the old one is free, the new one is taken.
    expect((await second.client.get(`/api/signups?email=${first.email}`)).json()).toEqual([]);
    expect((await second.client.get(`/api/signups?email=${moved.newEmail}`)).json()).toHaveLength(1);
    // The new owner of the address signs up with it: a record of its own, the first one's untouched.
    const own = await second.client.post('/api/signups', {
      name: 'Second Person',
      email: first.email,
      company: 'Second Co',
      plan: 'starter',
      interval: 'monthly',
    });
    expect(own.statusCode, own.body).toBe(201);
    expect((await second.client.get('/api/org/')).json()).toEqual({ name: 'Second Co' });
    expect((await second.client.get('/api/billing/info')).json<{ customerId: string }>().customerId).not.toBe(
      customerId,
    );
    expect((await moved.client.get('/api/org/')).json()).toEqual({ name: 'First Co' });
    expect((await moved.client.get('/api/billing/info')).json()).toMatchObject({
      customerId,
      subscription: { status: 'trialing', plan: 'pro', interval: 'yearly' },
    });
  });

  it('gives the provider customer the new address at a later sign-in when the provider failed the first time, and leaves a provider-side change alone', async () => {
    const first = await signedUp('unlucky', 'Unlucky Co');
    const customerId = (await first.client.get('/api/billing/info')).json<{ customerId: string }>()
      .customerId;
    const atProvider = async () => ((await stripe.customers.retrieve(customerId)) as { email: string }).email;

    // The provider fails the e-mail change at the sign-in that brings the new address: the sign-in goes on.
    faults.add(`POST /v1/customers/${customerId}`);
    const moved = await changeAddress(first.email);
    expect(await atProvider()).toBe(first.email);
    faults.clear();

    // The next sign-in tries again: receipts (and the provider's own e-mail sign-in to its portal) must not stay
    // with the old address, which somebody else may register.
    await signIn(app, first.email);
    expect(await atProvider()).toBe(moved.newEmail);

    // A provider-side change (Dashboard, portal) is data: later sign-ins do not undo it.
    const billingAddress = uniqueEmail('accounts-payable');
    await stripe.customers.update(customerId, { email: billingAddress });
    await deliverLatest(app, payments, 'customer.updated', customerId);
    await signIn(app, first.email);
    expect(await atProvider()).toBe(billingAddress);
  });

  it('creates the provider customer with the account id in its metadata and pins our row to the account', async () => {
    const { user } = await signedUp('pinned', 'Pinned Co');
    const [row] = await app.db.select().from(billingCustomers).where(eq(billingCustomers.userId, user.id));
    const customer = await stripe.customers.retrieve(row?.customerId ?? '');
    expect(customer).toMatchObject({ metadata: { user_id: user.id } });
  });

  it('links a provider customer found by a confirmed address once, then never to another account', async () => {
    const email = uniqueEmail('found');
    const made = await stripe.customers.create({ email });
    const owner = await signIn(app, email);
    expect((await owner.client.get('/api/billing/info')).json()).toMatchObject({ customerId: made.id });
    expect(await stripe.customers.retrieve(made.id)).toMatchObject({ metadata: { user_id: owner.user.id } });

    // The owner moves away; the next holder of the address finds the same provider customer by e-mail (its
    // address there has not changed yet) but may not have it: it is pinned.
    testAuthService.currentEmails.set(userIdFor(email), uniqueEmail('away'));
    await stripe.customers.update(made.id, { email });
    const next = await signIn(app, email, { sub: randomUUID() });
    const checkout = await next.client.post('/api/billing/checkout-session', { planName: 'starter_monthly' });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const [theirs] = await app.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, next.user.id));
    expect(theirs?.customerId).toBeDefined();
    expect(theirs?.customerId).not.toBe(made.id);
    const [kept] = await app.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.customerId, made.id));
    expect(kept?.userId).toBe(owner.user.id);
  });

  it('never links a customer from before metadata.user_id (pinned by migration 0008) to another holder of its address', async () => {
    const email = uniqueEmail('legacy');
    const owner = await signIn(app, email);
    // An older release made it: no metadata at the provider; the migration pinned our row to its account.
    const legacy = await stripe.customers.create({ email });
    await app.db.insert(billingCustomers).values({ customerId: legacy.id, email, userId: owner.user.id });

    // Another subject holds the address before the owner's next sign-in tells the provider the new one.
    const next = await signIn(app, email, { sub: randomUUID() });
    const checkout = await next.client.post('/api/billing/checkout-session', { planName: 'starter_monthly' });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const [theirs] = await app.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, next.user.id));
    expect(theirs?.customerId).not.toBe(legacy.id);
    expect(await stripe.customers.retrieve(legacy.id)).not.toHaveProperty('metadata.user_id');
    expect((await owner.client.get('/api/billing/info')).json()).toMatchObject({ customerId: legacy.id });
  });

  it('links nothing made for an address to an account that has not confirmed it, and links both once it has', async () => {
    const email = uniqueEmail('unconfirmed');
    const made = await stripe.customers.create({ email });
    await app.signups.createUnowned({
      name: 'Real Owner',
      email,
      normalized_email: email,
      company: 'Owner Co',
      company_size: '1-10',
      plan: 'pro',
      interval: 'annual',
    });
    testAuthService.unconfirmed.add(email);
    const claimant = await signIn(app, email);
    expect(await flags(claimant.client)).toMatchObject({ has_signup: false, onboarding_required: true });
    expect((await claimant.client.get('/api/org/')).json()).toEqual({ name: 'Not specified' });
    expect((await claimant.client.get('/api/billing/info')).json()).toMatchObject({ customerId: null });
    expect(await stripe.customers.retrieve(made.id)).not.toHaveProperty('metadata.user_id');

    testAuthService.unconfirmed.delete(email);
    const confirmed = await signIn(app, email);
    expect(await flags(confirmed.client)).toMatchObject({ has_signup: true, organization_name: 'Owner Co' });
    // At once: the minute the unconfirmed lookup remembered "no customer" does not hide it.
    expect((await confirmed.client.get('/api/billing/info')).json()).toMatchObject({ customerId: made.id });
    const checkout = await confirmed.client.post('/api/billing/checkout-session', {
      planName: 'starter_monthly',
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(await stripe.customers.retrieve(made.id)).toMatchObject({
      metadata: { user_id: confirmed.user.id },
    });
  });

  it('takes a provider-side e-mail change as data: the customer stays with its account, even on another account’s address', async () => {
    const first = await signedUp('dashboard', 'Dash Co');
    const other = await signedUp('bystander', 'Bystander Co');
    const customerId = (await first.client.get('/api/billing/info')).json<{ customerId: string }>()
      .customerId;

    // An operator types the other customer's address into the first customer at the provider (Dashboard, portal).
    await stripe.customers.update(customerId, { email: other.email });
    const { response } = await deliverLatest(app, payments, 'customer.updated', customerId);
    expect(response.statusCode).toBe(200);

    const [row] = await app.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.customerId, customerId));
    expect(row).toMatchObject({ userId: first.user.id, email: other.email });
    expect((await first.client.get('/api/billing/info')).json()).toMatchObject({ customerId });
    const theirs = (await other.client.get('/api/billing/info')).json<{ customerId: string }>();
    expect(theirs.customerId).not.toBe(customerId);
    expect(await flags(other.client)).toMatchObject({ has_signup: true, company: null });
    expect((await other.client.get('/api/org/')).json()).toEqual({ name: 'Bystander Co' });
  });

  it('acknowledges an event it cannot apply, keeps it in the ledger with why, and shows it to admins', async () => {
    // A provider customer whose address our database refuses (a NUL character): every delivery would fail alike.
    const customer = await stripe.customers.create({ email: `bad\u0000${uniqueEmail('nul')}` });
    const { event, response } = await deliverLatest(app, payments, 'customer.created', customer.id);
    expect(response.statusCode).toBe(200);
    const [row] = await app.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, event.id));
    expect(row?.failure).toMatch(/^22/);
    // Redelivered: a duplicate, not another failure.
    expect((await postWebhook(app, signed(event))).json()).toEqual({ received: true, duplicate: true });

    const admin = await signIn(app, 'boss@example.com');
    const health = (await admin.client.get('/api/billing/health')).json();
    expect(health).toMatchObject({
      scope: 'system',
      unapplied_events: expect.arrayContaining([
        expect.objectContaining({ id: event.id, type: 'customer.created' }),
      ]),
    });
    const customerView = (
      await (await signIn(app, uniqueEmail('plain'))).client.get('/api/billing/health')
    ).json();
    expect(customerView).not.toHaveProperty('unapplied_events');
  });

  it("takes a new account's company from its sign-up metadata: the current user, its organisation and GET /org/ agree [issue 18 item 6]", async () => {
    const { client } = await signIn(app, uniqueEmail('typed'), {
      claims: { user_metadata: { full_name: 'Typed Person', plan: 'pro', company: ' Typed Co ' } },
    });
    expect(await flags(client)).toMatchObject({ company: 'Typed Co', organization_name: 'Typed Co' });
    expect((await client.get('/api/org/')).json()).toEqual({ name: 'Typed Co' });
    await client.patch('/api/auth/me', { company: 'Renamed Co' });
    expect(await flags(client)).toMatchObject({ organization_name: 'Renamed Co' });
    expect((await client.get('/api/org/')).json()).toEqual({ name: 'Renamed Co' });
  });
});
