import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { billingInfoSchema } from '../../contract/billing';
import { refundReversalListSchema } from '../../contract/refund';
import { REAUTHENTICATION_REQUIRED_MESSAGE } from '../../contract/session';
import { FORM_ERROR_KEY } from '../../contract/validation';
import { auditLog, refundLog, users } from '../../server/db/schema';
import { CARD, submitForm } from '../emulators/payments-harness';
import { ENGINES, uniqueEmail } from './support/app';
import { buildBilling, subscribe } from './support/billing';
import { signIn, TestClient } from './support/client';
import { mintToken } from './support/tokens';

const REVERSE = '/api/admin/refunds/reverse';

describe.each(ENGINES)('admin refund reversal on %s [product: REFUND-11]', (engine) => {
  const faults = new Set<string>();
  const delays = new Map<string, number>();
  const { app, payments, stripe } = buildBilling(engine, { faults, delays });
  let admin: TestClient;
  beforeAll(async () => {
    admin = (await signIn(app, 'admin@example.com')).client;
  });
  beforeEach(() => {
    faults.clear();
    delays.clear();
  });

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
      .where(and(eq(auditLog.action, 'refund.reverse'), eq(auditLog.target, target)))
      .orderBy(auditLog.createdAt);

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
      // Rows are written once the answer has gone.
      const rowOf = async () =>
        (
          await app.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.actorEmail, email), eq(auditLog.action, 'admin.refunds.reverse')))
        )[0];
      await expect.poll(rowOf).toMatchObject({ outcome: 'refused', detail: { method: 'POST', status: 403 } });
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
    // Rows are written once the answer has gone: wait for the last one.
    const rowsOf = () => app.db.select().from(auditLog).where(eq(auditLog.actorEmail, email));
    await expect
      .poll(async () => (await rowsOf()).some((row) => row.action === 'billing.change-plan'))
      .toBe(true);
    const rows = await rowsOf();
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

  it('refuses a provider customer that only shares an address with one of our accounts: records belong to the account', async () => {
    const email = uniqueEmail('address-only');
    await signIn(app, email);
    // Made at the provider by someone else, for the same address; never linked to the account.
    const stranger = await stripe.customers.create({ email });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: stranger.id,
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
  });

  it('changes nothing of ours when the provider fails at the refund, and a retry then goes through', async () => {
    const { sessionId, intentId, subscriptionId } = await paidCustomer();
    faults.add('POST /v1/refunds');
    const failed = await admin.post(REVERSE, { sessionId });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({
      code: 'payment_provider_error',
      message: 'The payment provider could not be reached. Nothing was changed; please try again.',
    });
    expect(await logRows(intentId)).toHaveLength(0);
    expect(await refundsOf(intentId)).toHaveLength(0);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');
    expect((await auditOf(sessionId)).map((entry) => entry.outcome)).toEqual(['failed']);

    faults.clear();
    expect((await admin.post(REVERSE, { sessionId })).json()).toEqual({
      processed: true,
      alreadyProcessed: false,
    });
    expect(await refundsOf(intentId)).toHaveLength(1);
    expect((await logRows(intentId))[0]?.refundId).toBe((await refundsOf(intentId))[0]?.id);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
  });

  describe('a reversal that went half through (issue 19 item 3)', () => {
    it('says the refund was issued and ending the subscription failed, keeps that, and the repeat ends it without a second refund', async () => {
      const { email, sessionId, intentId, subscriptionId } = await paidCustomer();
      faults.add('DELETE /v1/subscriptions');
      const half = await admin.post(REVERSE, { sessionId });
      const [refund] = await refundsOf(intentId);
      const said = `Refund ${refund?.id} issued; ending the subscription failed. Reverse again to finish.`;
      expect(half.statusCode).toBe(502);
      expect(half.json()).toEqual({ code: 'reversal_incomplete', message: said, error: said });
      // What happened is kept: the money is back, the subscription (and the paid access) still live.
      expect((await chargeOf(intentId)).refunded).toBe(true);
      expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');
      expect(await logRows(intentId)).toMatchObject([
        { status: 'refunded', refundId: refund?.id, amountRefunded: 5900, claimExpiresAt: null },
      ]);
      const listed = v.parse(refundReversalListSchema, (await admin.get('/api/admin/refunds')).json());
      expect(listed.reversals.find((row) => row.payment_intent_id === intentId)).toMatchObject({
        refund_id: refund?.id,
        completed: false,
      });

      faults.clear();
      expect((await admin.post(REVERSE, { sessionId })).json()).toEqual({
        processed: true,
        alreadyProcessed: false,
      });
      expect(await refundsOf(intentId)).toHaveLength(1);
      expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
      const [userRow] = await app.db.select().from(users).where(eq(users.email, email));
      expect(userRow?.subscriptionStatus).toBe('canceled');
      expect(await logRows(intentId)).toMatchObject([
        { status: 'completed', refundId: refund?.id, amountRefunded: 5900, subscriptionId },
      ]);
      // The log is complete: the half-done attempt with what it refunded, then the one that finished it.
      const audit = await auditOf(sessionId);
      expect(audit.map(({ outcome, detail }) => ({ outcome, detail }))).toEqual([
        {
          outcome: 'failed',
          detail: { message: said, refundId: refund?.id, amountRefunded: 5900 },
        },
        {
          outcome: 'succeeded',
          detail: expect.objectContaining({ refundId: refund?.id, amountRefunded: 0 }),
        },
      ]);
      expect((await admin.post(REVERSE, { paymentIntentId: intentId })).json()).toEqual({
        processed: false,
        alreadyProcessed: true,
      });
    });

    it('records the amount it refunded this time, not the whole charge', async () => {
      const { sessionId, intentId } = await paidCustomer();
      await stripe.refunds.create({ payment_intent: intentId, amount: 1000 });
      expect((await admin.post(REVERSE, { sessionId })).json()).toMatchObject({ processed: true });
      expect((await chargeOf(intentId)).amount_refunded).toBe(5900);
      expect((await logRows(intentId))[0]?.amountRefunded).toBe(4900);
      const [audit] = await auditOf(sessionId);
      expect(audit?.detail).toMatchObject({ amountRefunded: 4900 });
    });

    it('takes over the claim of a call that died, repeating its refund (same key) rather than adding one', async () => {
      const { sessionId, intentId, subscriptionId } = await paidCustomer();
      // A call claimed the payment, refunded it, and died before recording the refund; its lease has run out.
      await stripe.refunds.create(
        { payment_intent: intentId, metadata: { refund_reversal: intentId } },
        { idempotencyKey: `refund-reversal-${intentId}` },
      );
      await app.db.insert(refundLog).values({
        paymentIntentId: intentId,
        customerId: 'cus_whoever',
        customerEmail: 'whoever@example.com',
        amountRefunded: 0,
        currency: 'usd',
        processedByEmail: 'admin@example.com',
        status: 'claimed',
        claimExpiresAt: new Date(Date.now() - 1000),
      });
      expect((await admin.post(REVERSE, { sessionId })).json()).toEqual({
        processed: true,
        alreadyProcessed: false,
      });
      expect(await refundsOf(intentId)).toHaveLength(1);
      expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
      expect(await logRows(intentId)).toMatchObject([
        { status: 'completed', amountRefunded: 5900, attempts: 2 },
      ]);
    });
  });

  describe('step-up: a reversal moves money, so it needs a recent sign-in (issue 19 item 8)', () => {
    const ago = (seconds: number) => Math.floor(Date.now() / 1000) - seconds;
    const signedInAgo = (seconds: number, email = 'admin@example.com', aal = 'aal1') =>
      mintToken(email, { claims: { aal, amr: [{ method: 'password', timestamp: ago(seconds) }] } });
    const staleAdmin = async () =>
      (
        await signIn(app, 'admin@example.com', {
          claims: { amr: [{ method: 'password', timestamp: ago(360) }] },
        })
      ).client;

    it('refuses an admin whose last sign-in is over 5 minutes old, with what to do, before anything happens', async () => {
      const { sessionId, intentId } = await paidCustomer();
      const before = payments.calls.length;
      const refused = await (await staleAdmin()).post(REVERSE, { sessionId });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'reauthentication_required',
        message: REAUTHENTICATION_REQUIRED_MESSAGE,
      });
      expect(payments.calls.length).toBe(before);
      expect(await refundsOf(intentId)).toHaveLength(0);
      expect(await logRows(intentId)).toHaveLength(0);
    });

    it('lets the same session reverse once the password was typed again (a fresh token of the same account)', async () => {
      const { sessionId, intentId } = await paidCustomer();
      const client = await staleAdmin();
      const stepUp = await client.post('/api/auth/step-up', { token: await signedInAgo(5) });
      expect(stepUp.statusCode, stepUp.body).toBe(200);
      const response = await client.post(REVERSE, { sessionId });
      expect(response.json()).toEqual({ processed: true, alreadyProcessed: false });
      expect(await refundsOf(intentId)).toHaveLength(1);
    });

    it('gains nothing from an old token, a token of another account, or no session', async () => {
      const { sessionId, intentId } = await paidCustomer();
      const client = await staleAdmin();
      expect((await client.post('/api/auth/step-up', { token: await signedInAgo(600) })).statusCode).toBe(
        200,
      );
      const other = await client.post('/api/auth/step-up', {
        token: await signedInAgo(5, uniqueEmail('attacker')),
      });
      expect(other.statusCode).toBe(403);
      expect((await client.post(REVERSE, { sessionId })).statusCode).toBe(403);
      const anonymous = new TestClient(app);
      await anonymous.fetchCsrf();
      expect((await anonymous.post('/api/auth/step-up', { token: await signedInAgo(5) })).statusCode).toBe(
        401,
      );
      expect(await refundsOf(intentId)).toHaveLength(0);
    });

    it('accepts a second factor (aal2) however old the sign-in', async () => {
      const { sessionId } = await paidCustomer();
      const { client } = await signIn(app, 'admin@example.com', {
        claims: { aal: 'aal2', amr: [{ method: 'totp', timestamp: ago(3600) }] },
      });
      expect((await client.post(REVERSE, { sessionId })).json()).toEqual({
        processed: true,
        alreadyProcessed: false,
      });
    });
  });

  it('holds no database transaction while the provider is slow: other requests are answered meanwhile (issue 19 item 1)', async () => {
    const { sessionId, intentId } = await paidCustomer();
    for (const call of ['POST /v1/refunds', 'GET /v1/subscriptions', 'DELETE /v1/subscriptions'])
      delays.set(call, 2_500);
    let reversalDone = 0;
    const reversal = admin.post(REVERSE, { sessionId }).then((answer) => {
      reversalDone = Date.now();
      return answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    const healthDone = Date.now();
    expect(health.statusCode).toBe(200);
    expect(reversalDone === 0 || healthDone < reversalDone).toBe(true);
    expect((await reversal).json()).toEqual({ processed: true, alreadyProcessed: false });
    expect(await refundsOf(intentId)).toHaveLength(1);
  }, 20_000);
});
