import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD, DECLINED_CARD, type Payments, startPayments, submitForm } from './payments-harness';

// The pages Stripe hosts, served by the stand-in: Checkout, the customer portal and invoices.

describe('payments stand-in: hosted pages', () => {
  let payments: Payments;
  let stripe: Stripe;

  beforeAll(async () => {
    payments = await startPayments();
    stripe = payments.stripe;
  });
  afterAll(() => payments.close());

  async function openSession(
    price = 'price_pro_monthly',
    extra: Partial<Stripe.Checkout.SessionCreateParams> = {},
  ) {
    const customer = await stripe.customers.create({ email: `buyer-${Math.random()}@example.com` });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price, quantity: 1 }],
      success_url: 'http://localhost:3000/Billing?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/Billing',
      ...extra,
    });
    return { customer, session };
  }

  it('shows a checkout form labelled like Stripe (card number, expiry, CVC, name) with a Subscribe button', async () => {
    const { session } = await openSession();
    const page = await (await fetch(session.url ?? '')).text();
    for (const label of ['Card number', 'Expiry', 'CVC', 'Name on card']) {
      expect(page).toMatch(new RegExp(`<label for="[^"]+">${label}</label>`));
    }
    expect(page).toContain('<button type="submit">Subscribe</button>');
    expect(page).toContain('$59.00');
  });

  it('declines 4000 0000 0000 0002 with a clear message and creates nothing', async () => {
    const { customer, session } = await openSession();
    const response = await submitForm(session.url ?? '', DECLINED_CARD);
    expect(response.status).toBe(402);
    expect(await response.text()).toContain('Your card was declined.');
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(0);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it('declines 4000 0000 0000 0341 when the first period is due now', async () => {
    const { customer, session } = await openSession();
    const response = await submitForm(session.url ?? '', { ...CARD, number: '4000 0000 0000 0341' });
    expect(response.status).toBe(402);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(0);
  });

  it('rejects an incomplete card without creating anything', async () => {
    const { session } = await openSession();
    const response = await submitForm(session.url ?? '', { ...CARD, cvc: '1' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('security code is incomplete.');
  });

  it('pays with 4242 4242 4242 4242: subscription active, invoice paid, back to success_url with the session id', async () => {
    const { customer, session } = await openSession('price_starter_yearly');
    const response = await submitForm(session.url ?? '', CARD);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`http://localhost:3000/Billing?session_id=${session.id}`);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    const subscription = done.subscription as Stripe.Subscription;
    expect(subscription.status).toBe('active');
    expect(subscription.items.data[0]?.price.lookup_key).toBe('starter_yearly');
    const [invoice] = (await stripe.invoices.list({ customer: customer.id })).data;
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 18200 });
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      invoice_settings: { default_payment_method: expect.stringMatching(/^pm_/) },
    });
    // A completed session's page is gone.
    expect((await fetch(session.url ?? '')).status).toBe(410);
  });

  it('starts a trial from checkout when subscription_data asks for one (no payment required)', async () => {
    const { session } = await openSession('price_pro_monthly', {
      subscription_data: { trial_period_days: 14 },
    });
    await submitForm(session.url ?? '', CARD);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done.payment_status).toBe('no_payment_required');
    expect((done.subscription as Stripe.Subscription).status).toBe('trialing');
  });

  it('creates the customer from customer_email when the session names none', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'new-buyer@example.com',
      line_items: [{ price: 'price_pro_monthly', quantity: 1 }],
      success_url: 'http://localhost:3000/done?id={CHECKOUT_SESSION_ID}',
    });
    await submitForm(session.url ?? '', CARD);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    const customer = (await stripe.customers.retrieve(done.customer as string)) as Stripe.Customer;
    expect(customer.email).toBe('new-buyer@example.com');
  });

  describe('customer portal', () => {
    async function portalFor() {
      const { customer, session } = await openSession();
      await submitForm(session.url ?? '', CARD);
      const portal = await stripe.billingPortal.sessions.create({
        customer: customer.id,
        return_url: 'http://localhost:3000/Billing',
      });
      const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
      if (!subscription) throw new Error('no subscription');
      return { customer, portal, subscription };
    }

    it('lists the subscription, the card, invoices and a link back to return_url', async () => {
      const { portal } = await portalFor();
      expect(new URL(portal.url).pathname).toBe(`/portal/${portal.id}`);
      const page = await (await fetch(portal.url)).text();
      expect(page).toContain('Status: <strong>active</strong>');
      expect(page).toContain('visa ending in 4242');
      expect(page).toContain('<a href="http://localhost:3000/Billing">Return to Beacon RMM</a>');
      expect(page).toMatch(/BEACON-\d{4}/);
    });

    it('switches plan, schedules cancellation, resumes, and cancels now — each like the API', async () => {
      const { portal, subscription } = await portalFor();
      const base = `${portal.url}/subscriptions/${subscription.id}`;
      const switched = await submitForm(`${base}/switch`, { price: 'price_business_yearly' });
      expect(switched.status).toBe(303);
      const switchedItem = (await stripe.subscriptions.retrieve(subscription.id)).items.data[0];
      expect(switchedItem?.price.id).toBe('price_business_yearly');
      // Monthly to yearly starts a yearly period now.
      expect(switchedItem?.current_period_end).toBeGreaterThan(Date.now() / 1000 + 360 * 86_400);
      await submitForm(`${base}/cancel-at-period-end`, {});
      expect((await stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(true);
      await submitForm(`${base}/resume`, {});
      expect((await stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(false);
      await submitForm(`${base}/cancel-now`, {});
      expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
      const types = (await stripe.events.list({ limit: 10 })).data.map((event) => event.type);
      expect(types).toEqual(
        expect.arrayContaining(['customer.subscription.updated', 'customer.subscription.deleted']),
      );
    });

    it('updates the card (a declined one is refused)', async () => {
      const { customer, portal } = await portalFor();
      const before = ((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).invoice_settings
        .default_payment_method;
      const declined = await submitForm(`${portal.url}/card`, DECLINED_CARD);
      expect(declined.status).toBe(402);
      const saved = await submitForm(`${portal.url}/card`, { ...CARD, number: '5555 5555 5555 4444' });
      expect(saved.status).toBe(303);
      const after = ((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).invoice_settings
        .default_payment_method;
      expect(after).not.toBe(before);
      expect((await stripe.paymentMethods.retrieve(after as string)).card?.last4).toBe('4444');
    });

    it("refuses to act on another customer's subscription", async () => {
      const mine = await portalFor();
      const theirs = await portalFor();
      const response = await submitForm(
        `${mine.portal.url}/subscriptions/${theirs.subscription.id}/cancel-now`,
        {},
      );
      expect(response.status).toBe(404);
      expect((await stripe.subscriptions.retrieve(theirs.subscription.id)).status).toBe('active');
    });
  });

  it('serves invoices as a hosted page and as a PDF', async () => {
    const { customer, session } = await openSession();
    await submitForm(session.url ?? '', CARD);
    const [invoice] = (await stripe.invoices.list({ customer: customer.id })).data;
    const page = await fetch(invoice?.hosted_invoice_url ?? '');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`Invoice ${invoice?.number}`);
    const pdf = await fetch(invoice?.invoice_pdf ?? '');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(bytes.startsWith('%PDF-1.4')).toBe(true);
    expect(bytes).toContain(`Invoice ${invoice?.number}`);
    expect(bytes.trimEnd().endsWith('%%EOF')).toBe(true);
  });
});
