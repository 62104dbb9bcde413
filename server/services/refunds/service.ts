import { setTimeout as sleep } from 'node:timers/promises';
import { and, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { RefundRequest, RefundResponse, RefundReversal } from '../../../contract/refund';
import type { Database } from '../../db/client';
import { billingCustomers, type RefundLogRow, refundLog, users } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-errors';
import type { AuditLog } from '../audit-log';
import {
  customerValues,
  idOf,
  isResourceMissing,
  ProviderError,
  subscriptionValues,
} from '../billing/provider';
import { type BillingRepository, LIVE_STATUSES } from '../billing/repository';

/** The admin who asks for a reversal. */
export type RefundAdmin = { id: string; email: string };

/** A payment as the provider has it now, with the customer of ours it belongs to. */
type Payment = {
  intentId: string;
  sessionId: string | null;
  customer: Stripe.Customer & { email: string };
  charge: Stripe.Charge;
  /** The subscription the payment paid for, when the provider says; else the customer's live ones end. */
  subscriptionId: string | null;
};

const RECENT_SHOWN = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AUDIT_ACTION = 'refund.reverse';

const unprocessable = (message: string) => new HttpError(422, 'not_refundable', message);

/** How long a claim holds while its reversal calls the provider (each call retries for up to ~35 s). */
const CLAIM_LEASE_MS = 3 * 60_000;
/** How long a parallel call waits for the claim's holder to finish before it says the reversal is under way. */
const CLAIM_WAIT_MS = 30_000;
const CLAIM_POLL_MS = 200;

/** The refund went through, ending the subscription did not: said as it is, and finished by the next call. */
export class ReversalIncomplete extends HttpError {
  constructor(
    readonly refundId: string | null,
    readonly amountRefunded: number,
    cause: unknown,
  ) {
    super(
      502,
      'reversal_incomplete',
      `Refund ${refundId ?? '(an earlier one)'} issued; ending the subscription failed. Reverse again to finish.`,
    );
    this.cause = cause;
  }
}

const inProgress = () =>
  new HttpError(
    409,
    'reversal_in_progress',
    'Another reversal of this payment is under way. Check the list of recent reversals in a minute.',
  );

/**
 * Refund reversal [product: REFUND-11]: for a card payment (named by its Checkout Session or Payment Intent), refund
 * what is left of it, end the related subscription at once, take the paid access away (the cached subscription,
 * mirrored onto the user) and keep one refund-log row.
 *
 * No database transaction is open during a provider call. A reversal first commits a claim (the refund-log row,
 * unique per payment, with a lease), then calls the provider with idempotency keys, recording each step as it
 * lands, then finishes in one short transaction. Of any number of parallel calls for one payment (on any replica),
 * only the claim's holder goes on; the others wait for it and answer alreadyProcessed. A refund that went through
 * before ending the subscription failed is kept (`refunded`) and said as it is; the next call ends the
 * subscription without refunding again. A holder that dies leaves a claim that expires, and the next call takes
 * it over (the same idempotency keys make its provider calls repeat the dead one's, not add to them).
 */
export class RefundReversalService {
  constructor(
    private readonly stripe: Stripe,
    private readonly db: Database,
    private readonly billing: BillingRepository,
    private readonly audit: AuditLog,
    private readonly log: FastifyBaseLogger,
  ) {}

  async reverse(admin: RefundAdmin, request: RefundRequest): Promise<RefundResponse> {
    const target = request.sessionId ?? request.paymentIntentId ?? '';
    try {
      const payment = await this.paymentOf(request);
      const claim = await this.claim(admin, payment, request);
      if (!claim) {
        await this.audit.record({
          actor: admin,
          action: AUDIT_ACTION,
          target,
          outcome: 'already_done',
          detail: { paymentIntentId: payment.intentId },
        });
        return { processed: false, alreadyProcessed: true };
      }
      await this.finish(admin, payment, claim, target);
      return { processed: true, alreadyProcessed: false };
    } catch (error) {
      await this.audit.record({
        actor: admin,
        action: AUDIT_ACTION,
        target,
        outcome: 'failed',
        detail: {
          message: error instanceof Error ? error.message : String(error),
          ...(error instanceof ReversalIncomplete && {
            refundId: error.refundId,
            amountRefunded: error.amountRefunded,
          }),
        },
      });
      throw error;
    }
  }

  /** The latest reversals (done, or refunded and waiting for the subscription to end), newest first [product: REFUND-13]. */
  async recent(): Promise<RefundReversal[]> {
    const rows = await this.db
      .select()
      .from(refundLog)
      .where(ne(refundLog.status, 'claimed'))
      .orderBy(desc(refundLog.createdDate))
      .limit(RECENT_SHOWN);
    return rows.map(reversalView);
  }

  /**
   * The payment's claim, committed before any provider call: a new row, or a row nobody holds (a half-done
   * reversal, or a holder that died). null when the reversal is complete already; while another call holds it,
   * waits for that call (at most CLAIM_WAIT_MS).
   */
  private async claim(
    admin: RefundAdmin,
    payment: Payment,
    request: RefundRequest,
  ): Promise<RefundLogRow | null> {
    const lease = sql`now() + ${CLAIM_LEASE_MS} * interval '1 millisecond'`;
    const deadline = Date.now() + CLAIM_WAIT_MS;
    for (;;) {
      const [claimed] = await this.db
        .insert(refundLog)
        .values({
          paymentIntentId: payment.intentId,
          sessionId: payment.sessionId,
          customerId: payment.customer.id,
          customerEmail: payment.customer.email.toLowerCase(),
          amountRefunded: 0,
          currency: payment.charge.currency,
          notes: request.notes || null,
          processedBy: admin.id,
          processedByEmail: admin.email,
          status: 'claimed',
          claimExpiresAt: lease,
        })
        .onConflictDoUpdate({
          target: refundLog.paymentIntentId,
          set: { claimExpiresAt: lease, attempts: sql`${refundLog.attempts} + 1` },
          setWhere: sql`${refundLog.status} <> 'completed' and (${refundLog.claimExpiresAt} is null or ${refundLog.claimExpiresAt} < now())`,
        })
        .returning();
      if (claimed) return claimed;
      const [held] = await this.db
        .select({ status: refundLog.status })
        .from(refundLog)
        .where(eq(refundLog.paymentIntentId, payment.intentId));
      if (held?.status === 'completed') return null;
      if (Date.now() > deadline) throw inProgress();
      await sleep(CLAIM_POLL_MS);
    }
  }

  /** The provider's changes, each recorded as it lands, then the cache and the log in one short transaction. */
  private async finish(admin: RefundAdmin, payment: Payment, claim: RefundLogRow, target: string) {
    let refundId = claim.refundId;
    let refundedNow = 0;
    if (claim.status === 'claimed') {
      let refund: { id: string | null; amount: number };
      try {
        refund = await this.refundRemaining(payment);
      } catch (error) {
        // Nothing was done: the claim goes, and the next call starts afresh (with the same idempotency key).
        await this.db.delete(refundLog).where(and(eq(refundLog.id, claim.id), isNull(refundLog.refundId)));
        throw error;
      }
      ({ id: refundId } = refund);
      refundedNow = refund.amount;
      await this.db
        .update(refundLog)
        .set({ refundId, amountRefunded: refund.amount, status: 'refunded' })
        .where(eq(refundLog.id, claim.id));
    }

    let ended: Stripe.Subscription[];
    const readAt = new Date();
    try {
      ended = await this.endSubscriptions(payment);
    } catch (error) {
      await this.db.update(refundLog).set({ claimExpiresAt: null }).where(eq(refundLog.id, claim.id));
      this.log.warn(
        { admin: admin.email, paymentIntentId: payment.intentId, refundId, err: error },
        'refund reversal half done: refunded, the subscription not ended',
      );
      throw new ReversalIncomplete(refundId, refundedNow, error);
    }

    await this.billing.writeLocked(payment.customer.id, async (tx) => {
      const customer = customerValues(payment.customer, readAt);
      if (customer) await this.billing.saveCustomer(customer, tx);
      // The cached subscription (and the user row it is mirrored onto) loses its paid status at once.
      for (const subscription of ended)
        await this.billing.saveSubscription(subscriptionValues(subscription, readAt), tx);
      await tx
        .update(refundLog)
        .set({
          status: 'completed',
          claimExpiresAt: null,
          subscriptionId: ended[0]?.id ?? payment.subscriptionId,
        })
        .where(eq(refundLog.id, claim.id));
      await this.audit.record(
        {
          actor: admin,
          action: AUDIT_ACTION,
          target,
          outcome: 'succeeded',
          detail: {
            paymentIntentId: payment.intentId,
            refundId,
            amountRefunded: refundedNow,
            subscriptionsEnded: ended.map((subscription) => subscription.id),
            customerId: payment.customer.id,
          },
        },
        tx,
      );
    });
    this.log.info(
      { admin: admin.email, paymentIntentId: payment.intentId, refundId, ended: ended.map((s) => s.id) },
      'refund reversal processed',
    );
  }

  /**
   * The refund of what is left of the charge, and how much that was. A charge refunded in full already is not
   * refunded again: its refund by a reversal (its metadata says so: a holder that died after refunding), else its
   * latest refund, counts, with nothing refunded this time by anyone else's hand.
   */
  private async refundRemaining(payment: Payment): Promise<{ id: string | null; amount: number }> {
    if (payment.charge.refunded) {
      const earlier = (
        await this.call(() => this.stripe.refunds.list({ payment_intent: payment.intentId, limit: 10 }))
      ).data;
      const ours = earlier.find((refund) => refund.metadata?.refund_reversal === payment.intentId);
      return ours ? { id: ours.id, amount: ours.amount } : { id: earlier[0]?.id ?? null, amount: 0 };
    }
    // Same parameters under the same key every time, so a repeated reversal is answered with the first refund.
    const refund = await this.call(() =>
      this.stripe.refunds.create(
        { payment_intent: payment.intentId, metadata: { refund_reversal: payment.intentId } },
        { idempotencyKey: `refund-reversal-${payment.intentId}` },
      ),
    );
    return { id: refund.id, amount: refund.amount };
  }

  /**
   * Ends the payment's subscription now (or, when the provider names none, every live one of the customer). The
   * subscription is re-read first, so one ended by an earlier attempt is not cancelled again (a cancel is a DELETE,
   * which takes no idempotency key).
   */
  private async endSubscriptions(payment: Payment): Promise<Stripe.Subscription[]> {
    const candidates = payment.subscriptionId
      ? [await this.call(() => this.stripe.subscriptions.retrieve(payment.subscriptionId ?? ''))]
      : (
          await this.call(() =>
            this.stripe.subscriptions.list({ customer: payment.customer.id, status: 'all', limit: 20 }),
          )
        ).data;
    const ended: Stripe.Subscription[] = [];
    for (const subscription of candidates) {
      if (!LIVE_STATUSES.has(subscription.status)) {
        ended.push(subscription);
        continue;
      }
      ended.push(
        await this.call(() =>
          this.stripe.subscriptions.cancel(subscription.id, {
            cancellation_details: { comment: 'Payment refunded by an admin.', feedback: 'other' },
          }),
        ),
      );
    }
    return ended;
  }

  // Finding the payment: provider reads only, so a failure here changes nothing.

  private async paymentOf(request: RefundRequest): Promise<Payment> {
    if (request.sessionId) return this.paymentOfSession(request.sessionId);
    return this.paymentOfIntent(request.paymentIntentId ?? '', null, null);
  }

  private async paymentOfSession(sessionId: string): Promise<Payment> {
    const session = await this.call(
      () => this.stripe.checkout.sessions.retrieve(sessionId),
      `No checkout session ${sessionId} was found.`,
    );
    // One-off payments name their intent; subscription checkouts pay an invoice, whose payment names it.
    let intentId = idOf(session.payment_intent);
    const invoiceId = idOf(session.invoice);
    if (!intentId && invoiceId) {
      const payments = await this.call(() =>
        this.stripe.invoicePayments.list({ invoice: invoiceId, limit: 10 }),
      );
      intentId =
        payments.data
          .map((entry) => entry.payment.payment_intent)
          .map(idOf)
          .find(Boolean) ?? null;
    }
    if (!intentId) throw unprocessable(`Checkout session ${sessionId} has no card payment to refund.`);
    return this.paymentOfIntent(intentId, sessionId, idOf(session.subscription));
  }

  private async paymentOfIntent(
    intentId: string,
    sessionId: string | null,
    sessionSubscription: string | null,
  ): Promise<Payment> {
    const intent = await this.call(
      () => this.stripe.paymentIntents.retrieve(intentId),
      `No payment ${intentId} was found.`,
    );
    const chargeId = idOf(intent.latest_charge);
    if (intent.status !== 'succeeded' || !chargeId) {
      throw unprocessable(`Payment ${intentId} did not succeed, so there is nothing to refund.`);
    }
    const customerId = idOf(intent.customer);
    const customer = customerId ? await this.call(() => this.stripe.customers.retrieve(customerId)) : null;
    if (!customer || customer.deleted || !customer.email || !(await this.isOurs(customer))) {
      throw notFound(`Payment ${intentId} belongs to no customer of ours.`);
    }
    const charge = await this.call(() => this.stripe.charges.retrieve(chargeId));
    return {
      intentId: intent.id,
      sessionId,
      customer: customer as Payment['customer'],
      charge,
      subscriptionId: sessionSubscription ?? (await this.subscriptionPaidBy(intent.id)),
    };
  }

  /** The subscription of the invoice this payment paid, if it paid one. */
  private async subscriptionPaidBy(intentId: string): Promise<string | null> {
    const payments = await this.call(() =>
      this.stripe.invoicePayments.list({
        payment: { type: 'payment_intent', payment_intent: intentId },
        limit: 1,
      }),
    );
    const invoiceId = idOf(payments.data[0]?.invoice);
    if (!invoiceId) return null;
    const invoice = await this.call(() => this.stripe.invoices.retrieve(invoiceId));
    return idOf(invoice.parent?.subscription_details?.subscription);
  }

  /**
   * A customer of ours: bound to one of our accounts, by our row (pinned to a user) or by the account's id the
   * provider keeps in its `metadata.user_id`. An address alone proves nothing: records belong to the account.
   */
  private async isOurs(customer: Stripe.Customer): Promise<boolean> {
    const [pinned] = await this.db
      .select({ id: billingCustomers.customerId })
      .from(billingCustomers)
      .where(and(eq(billingCustomers.customerId, customer.id), isNotNull(billingCustomers.userId)))
      .limit(1);
    if (pinned) return true;
    const userId = customer.metadata?.user_id;
    if (!userId || !UUID.test(userId)) return false;
    const [user] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    return user !== undefined;
  }

  /**
   * A provider call: "no such object" becomes our 404 with `missing` as its message (when given), anything else
   * 502 payment_provider_error (logged with the provider's message, which is not shown).
   */
  private async call<T>(run: () => Promise<T>, missing?: string): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (missing && isResourceMissing(error)) throw notFound(missing);
      this.log.warn({ err: error }, 'payment provider call failed during a refund reversal');
      throw new ProviderError(error);
    }
  }
}

function reversalView(row: RefundLogRow): RefundReversal {
  return {
    id: row.id,
    payment_intent_id: row.paymentIntentId,
    session_id: row.sessionId,
    customer_email: row.customerEmail,
    refund_id: row.refundId,
    subscription_id: row.subscriptionId,
    amount_refunded: row.amountRefunded,
    currency: row.currency,
    notes: row.notes,
    processed_by: row.processedByEmail,
    created_date: row.createdDate.toISOString(),
    completed: row.status === 'completed',
  };
}
