import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { billingInfoSchema } from '../../contract/billing';
import { refundReversalListSchema } from '../../contract/refund';
import { FORM_ERROR_KEY } from '../../contract/validation';
import { auditLog, refundLog, users } from '../../server/db/schema';
import {
  CARD,
  type Payments,
  startPayments,
  submitForm,
  TEST_WEBHOOK_SECRET,
} from '../emulators/payments-harness';
import { ENGINES, startTestApp, type TestApp, uniqueEmail } from './support/app';
import { subscribe } from './support/billing';
import { signIn, TestClient } from './support/client';

const REVERSE = '/api/admin/refunds/reverse';

describe.each(ENGINES)('admin refund reversal on %s [product: REFUND-11]', (engine) => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let payments: Payments;
  let stripe: Stripe;
  let admin: TestClient;
  const faults = new Set<string>();

  beforeAll(async () => {
    payments = await startPayments({ seedDemoCustomer: false, faults });
    stripe = payments.stripe;
    testApp = await startTestApp(engine, {
      env: { STRIPE_API_URL: payments.url, STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET },
    });
    app = testApp.app;
    admin = (await signIn(app, 'admin@example.com')).client;
  });
  afterAll(async () => {
    await testApp.close();
    await payments.close();
  });
  beforeEach(() => faults.clear());

  /** A customer of ours who paid for Professional monthly on the hosted Checkout page. */
  const paidCustomer = async () => {
    const email = uniqueEmail('refunded');
    const { client } = await signIn(app, email);
    const sessionId = await subscribe(client);
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    const [payment] = (await stripe.invoicePayments.list({ invoice: String(session.invoice) })).data;
    const intentId = String(payment?.payment.payment_intent);
    return { email, client, sessionId, intentId, subscriptionId: String(session.subscription) };
  };
  const logRows = (intentId: string) =>
    app.db.select().from(refundLog).where(eq(refundLog.paymentIntentId, intentId));
  const refundsOf = async (intentId: string) =>
    (await stripe.refunds.list({ payment_intent: intentId, limit: 100 })).data;
  const chargeOf = async (intentId: string) => {
    const intent = await stripe.paymentIntents.retrieve(intentId);
    return stripe.charges.retrieve(String(intent.latest_charge));
  };
  const auditOf = (target: string) =>
    app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'refund.reverse'), eq(auditLog.target, target)));

  describe('authorization [product: ROLE-5, ROLE-8]', () => {
    it('answers 401 without a session and 403 to a signed-in customer, on both admin routes, and records it', async () => {
      const anonymous = new TestClient(app);
      await anonymous.fetchCsrf();
      expect((await anonymous.post(REVERSE, { paymentIntentId: 'pi_1' })).statusCode).toBe(401);
      expect((await anonymous.get('/api/admin/refunds')).statusCode).toBe(401);

      const email = uniqueEmail('customer');
      const { client } = await signIn(app, email);
      const refused = await client.post(REVERSE, { paymentIntentId: 'pi_1' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'forbidden', message: 'Admin access required.' });
      expect((await client.get('/api/admin/refunds')).statusCode).toBe(403);
      const [row] = await app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorEmail, email), eq(auditLog.action, 'admin.refunds.reverse')));
      expect(row).toMatchObject({ outcome: 'refused', detail: { method: 'POST', status: 403 } });
    });

    it('grants nothing for a role written into the user row: only ADMIN_EMAILS make an admin (demotion: identity.test.ts)', async () => {
      const { client, user } = await signIn(app, uniqueEmail('self-promoted'));
      await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
      expect((await client.get('/api/admin/refunds')).statusCode).toBe(403);
      expect((await client.post(REVERSE, { paymentIntentId: 'pi_1' })).statusCode).toBe(403);
    });

    it('refuses a reversal without the CSRF token', async () => {
      const response = await admin.post(REVERSE, { paymentIntentId: 'pi_1' }, { omit: ['csrf'] });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'csrf_failed' });
    });
  });

  it('audits every billing change a caller asks for, with who, what and how it ended', async () => {
    const { email, client } = await paidCustomer();
    const cancel = await client.post('/api/billing/cancel', {
      reason: 'too_expensive',
      comment: '',
      cancelNow: false,
    });
    expect(cancel.statusCode).toBe(200);
    expect((await client.post('/api/billing/change-plan', { planName: 'nonsense' })).statusCode).toBe(422);
    expect((await client.get('/api/billing/info')).statusCode).toBe(200);
    const rows = await app.db.select().from(auditLog).where(eq(auditLog.actorEmail, email));
    expect(rows.map(({ action, outcome, detail }) => ({ action, outcome, detail }))).toEqual(
      expect.arrayContaining([
        { action: 'billing.checkout-session', outcome: 'succeeded', detail: { method: 'POST', status: 200 } },
        { action: 'billing.cancel', outcome: 'succeeded', detail: { method: 'POST', status: 200 } },
        { action: 'billing.change-plan', outcome: 'failed', detail: { method: 'POST', status: 422 } },
      ]),
    );
    // Reading is not an action: GET /api/billing/info leaves no row.
    expect(rows.some((row) => row.action.startsWith('billing.info'))).toBe(false);
  });

  describe('validation [product: REFUND-12]', () => {
    it.each([
      [{}, { [FORM_ERROR_KEY]: ['Send exactly one of sessionId (cs_...) or paymentIntentId (pi_...).'] }],
      [
        { sessionId: 'cs_1', paymentIntentId: 'pi_1' },
        { [FORM_ERROR_KEY]: ['Send exactly one of sessionId (cs_...) or paymentIntentId (pi_...).'] },
      ],
      [{ sessionId: 'pi_1' }, { sessionId: ['sessionId must start with cs_.'] }],
      [
        { paymentIntentId: 'pi_1/../../v1/customers' },
        { paymentIntentId: ['paymentIntentId may hold only letters, digits and underscores.'] },
      ],
      [
        { paymentIntentId: 'pi_1', notes: 'x'.repeat(1001) },
        { notes: ['Notes must be at most 1000 characters.'] },
      ],
      [{ paymentIntentId: 'pi_1', amount: 1 }, { amount: ['amount is not a field of the refund request.'] }],
    ])('answers 422 to %j without asking the provider', async (body, errors) => {
      const before = payments.calls.length;
      const response = await admin.post(REVERSE, body);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toMatchObject(errors);
      expect(payments.calls.length).toBe(before);
    });
  });

  it('reverses a checkout session: full refund, subscription ended now, access gone, one log row with who and notes', async () => {
    const { email, client, sessionId, intentId, subscriptionId } = await paidCustomer();
    expect((await client.post('/api/billing/sync', { sessionId })).statusCode).toBe(200);

    const response = await admin.post(REVERSE, { sessionId, notes: 'Refunded after a phone call.' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ processed: true, alreadyProcessed: false });

    const charge = await chargeOf(intentId);
    expect(charge.refunded).toBe(true);
    expect(charge.amount_refunded).toBe(5900);
    expect(await refundsOf(intentId)).toHaveLength(1);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription.status).toBe('canceled');

    // The customer sees it on their billing page at once, without waiting for a webhook.
    const info = v.parse(billingInfoSchema, (await client.get('/api/billing/info')).json());
    expect(info.subscription).toMatchObject({ id: subscriptionId, status: 'canceled' });
    expect(info.nextBillingDate).toBeNull();
    // The user row that /api/auth/me shows (once its session cache turns over) says so too.
    const [userRow] = await app.db.select().from(users).where(eq(users.email, email));
    expect(userRow).toMatchObject({ subscriptionId, subscriptionStatus: 'canceled' });

    const [row] = await logRows(intentId);
    expect(row).toMatchObject({
      sessionId,
      customerEmail: email,
      refundId: (await refundsOf(intentId))[0]?.id,
      subscriptionId,
      amountRefunded: 5900,
      notes: 'Refunded after a phone call.',
      processedByEmail: 'admin@example.com',
    });
    const audit = await auditOf(sessionId);
    expect(audit.map((entry) => entry.outcome)).toEqual(['succeeded']);
    expect(audit[0]?.actorEmail).toBe('admin@example.com');

    const list = v.parse(refundReversalListSchema, (await admin.get('/api/admin/refunds')).json());
    expect(list.reversals[0]).toMatchObject({
      payment_intent_id: intentId,
      session_id: sessionId,
      customer_email: email,
      notes: 'Refunded after a phone call.',
      processed_by: 'admin@example.com',
    });
  });

  it('answers alreadyProcessed the second time, by session or by payment intent, and changes nothing', async () => {
    const { sessionId, intentId } = await paidCustomer();
    expect((await admin.post(REVERSE, { sessionId })).json()).toEqual({
      processed: true,
      alreadyProcessed: false,
    });
    for (const body of [{ sessionId }, { paymentIntentId: intentId, notes: 'again' }]) {
      const again = await admin.post(REVERSE, body);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ processed: false, alreadyProcessed: true });
    }
    expect(await refundsOf(intentId)).toHaveLength(1);
    expect(await logRows(intentId)).toHaveLength(1);
    expect((await logRows(intentId))[0]?.notes).toBeNull();
  });

  it('reverses a payment intent and finds its subscription through the invoice it paid', async () => {
    const { intentId, subscriptionId } = await paidCustomer();
    const response = await admin.post(REVERSE, { paymentIntentId: intentId });
    expect(response.json()).toEqual({ processed: true, alreadyProcessed: false });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    expect((await logRows(intentId))[0]).toMatchObject({ sessionId: null, subscriptionId });
  });

  it('makes exactly one refund and one log row of ten parallel calls for one payment', async () => {
    const { sessionId, intentId } = await paidCustomer();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        admin.post(REVERSE, index % 2 ? { sessionId } : { paymentIntentId: intentId }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const bodies = answers.map((answer) => answer.json());
    expect(bodies.filter((body) => body.processed)).toHaveLength(1);
    expect(bodies.filter((body) => body.alreadyProcessed)).toHaveLength(9);
    expect(await refundsOf(intentId)).toHaveLength(1);
    expect(await logRows(intentId)).toHaveLength(1);
  });

  it.each([
    [{ sessionId: 'cs_test_nothing' }, 'No checkout session cs_test_nothing was found.'],
    [{ paymentIntentId: 'pi_nothing' }, 'No payment pi_nothing was found.'],
  ])('answers 404 to an unknown id %j with a clear message', async (body, message) => {
    const response = await admin.post(REVERSE, body);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message, error: message, code: 'not_found' });
    const [audit] = await auditOf(Object.values(body)[0] ?? '');
    expect(audit).toMatchObject({ outcome: 'failed', detail: { message } });
  });

  it('refuses a payment of no customer of ours and leaves it alone', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: uniqueEmail('stranger'),
      line_items: [{ price: 'price_pro_monthly', quantity: 1 }],
      success_url: 'http://elsewhere.example/done?session_id={CHECKOUT_SESSION_ID}',
    });
    expect((await submitForm(String(session.url), CARD)).status).toBe(303);
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    const [payment] = (await stripe.invoicePayments.list({ invoice: String(paid.invoice) })).data;
    const intentId = String(payment?.payment.payment_intent);

    const response = await admin.post(REVERSE, { sessionId: session.id });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(`Payment ${intentId} belongs to no customer of ours.`);
    expect((await chargeOf(intentId)).refunded).toBe(false);
    expect((await stripe.subscriptions.retrieve(String(paid.subscription))).status).toBe('active');
    expect(await logRows(intentId)).toHaveLength(0);
  });

  it.each([
    ['the refund', 'POST /v1/refunds'],
    ['ending the subscription', 'DELETE /v1/subscriptions'],
  ])(
    'changes nothing of ours when the provider fails at %s, and a retry then goes through',
    async (_step, fault) => {
      const { sessionId, intentId, subscriptionId } = await paidCustomer();
      faults.add(fault);
      const failed = await admin.post(REVERSE, { sessionId });
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toMatchObject({
        code: 'payment_provider_error',
        message: 'The payment provider could not be reached. Nothing was changed; please try again.',
      });
      expect(await logRows(intentId)).toHaveLength(0);
      expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');
      expect((await auditOf(sessionId)).map((entry) => entry.outcome)).toEqual(['failed']);

      faults.clear();
      expect((await admin.post(REVERSE, { sessionId })).json()).toEqual({
        processed: true,
        alreadyProcessed: false,
      });
      // However far the failed attempt got, the payment is refunded once.
      expect(await refundsOf(intentId)).toHaveLength(1);
      expect((await logRows(intentId))[0]?.refundId).toBe((await refundsOf(intentId))[0]?.id);
      expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    },
  );
});
