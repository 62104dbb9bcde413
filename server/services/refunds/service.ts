import { desc, eq, or } from 'drizzle-orm';
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
const AUDIT_ACTION = 'refund.reverse';

const unprocessable = (message: string) => new HttpError(422, 'not_refundable', message);

/**
 * Refund reversal [product: REFUND-11]: for a card payment (named by its Checkout Session or Payment Intent), refund
 * it in full unless it is refunded already, end the related subscription at once, take the paid access away
 * (the cached subscription, mirrored onto the user), and write one refund-log row, all in one transaction.
 *
 * Once per payment, however many admins press at once: the refund-log row is inserted first, in the transaction,
 * under a unique payment intent id. A parallel call's insert waits for that transaction and then finds the row
 * (alreadyProcessed); if the first one fails, its row rolls back with it and the next call may try again. The
 * provider calls carry idempotency keys, so a retry after a half-done attempt never refunds twice.
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
      const processed = (await this.loggedRow(payment.intentId))
        ? false
        : await this.apply(admin, payment, request);
      if (!processed) {
        await this.audit.record({
          actor: admin,
          action: AUDIT_ACTION,
          target,
          outcome: 'already_done',
          detail: { paymentIntentId: payment.intentId },
        });
      }
      return { processed, alreadyProcessed: !processed };
    } catch (error) {
      await this.audit.record({
        actor: admin,
        action: AUDIT_ACTION,
        target,
        outcome: 'failed',
        detail: { message: error instanceof Error ? error.message : String(error) },
      });
      throw error;
    }
  }

  /** The latest reversals, newest first, for the admin page [product: REFUND-13]. */
  async recent(): Promise<RefundReversal[]> {
    const rows = await this.db
      .select()
      .from(refundLog)
      .orderBy(desc(refundLog.createdDate))
      .limit(RECENT_SHOWN);
    return rows.map(reversalView);
  }

  private async loggedRow(intentId: string): Promise<RefundLogRow | null> {
    const [row] = await this.db
      .select()
      .from(refundLog)
      .where(eq(refundLog.paymentIntentId, intentId))
      .limit(1);
    return row ?? null;
  }

  /** The claim, the provider's changes and our records, in one transaction; false when another call has it. */
  private apply(admin: RefundAdmin, payment: Payment, request: RefundRequest): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [claim] = await tx
        .insert(refundLog)
        .values({
          paymentIntentId: payment.intentId,
          sessionId: payment.sessionId,
          customerId: payment.customer.id,
          customerEmail: payment.customer.email.toLowerCase(),
          amountRefunded: payment.charge.amount,
          currency: payment.charge.currency,
          notes: request.notes || null,
          processedBy: admin.id,
          processedByEmail: admin.email,
        })
        .onConflictDoNothing({ target: refundLog.paymentIntentId })
        .returning({ id: refundLog.id });
      if (!claim) return false;

      const refundId = await this.refundInFull(payment);
      const ended = await this.endSubscriptions(payment);
      const customer = customerValues(payment.customer);
      if (customer) await this.billing.saveCustomer(customer, tx);
      // The cached subscription (and the user row it is mirrored onto) loses its paid status at once.
      for (const subscription of ended)
        await this.billing.saveSubscription(subscriptionValues(subscription), tx);
      await tx
        .update(refundLog)
        .set({ refundId, subscriptionId: ended[0]?.id ?? payment.subscriptionId })
        .where(eq(refundLog.id, claim.id));
      await this.audit.record(
        {
          actor: admin,
          action: AUDIT_ACTION,
          target: request.sessionId ?? payment.intentId,
          outcome: 'succeeded',
          detail: {
            paymentIntentId: payment.intentId,
            refundId,
            subscriptionsEnded: ended.map((subscription) => subscription.id),
            customerId: payment.customer.id,
          },
        },
        tx,
      );
      this.log.info(
        { admin: admin.email, paymentIntentId: payment.intentId, refundId, ended: ended.map((s) => s.id) },
        'refund reversal processed',
      );
      return true;
    });
  }

  /** The refund of what is left of the charge; a charge refunded in full before keeps its latest refund. */
  private async refundInFull(payment: Payment): Promise<string | null> {
    if (payment.charge.refunded) {
      const earlier = await this.call(() =>
        this.stripe.refunds.list({ payment_intent: payment.intentId, limit: 1 }),
      );
      return earlier.data[0]?.id ?? null;
    }
    // Same parameters under the same key every time, so a retried reversal is answered with the first refund.
    const refund = await this.call(() =>
      this.stripe.refunds.create(
        { payment_intent: payment.intentId },
        { idempotencyKey: `refund-reversal-${payment.intentId}` },
      ),
    );
    return refund.id;
  }

  /** Ends the payment's subscription now (or, when the provider names none, every live one of the customer). */
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
          this.stripe.subscriptions.cancel(
            subscription.id,
            { cancellation_details: { comment: 'Payment refunded by an admin.', feedback: 'other' } },
            { idempotencyKey: `refund-reversal-cancel-${subscription.id}` },
          ),
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
    if (
      !customer ||
      customer.deleted ||
      !customer.email ||
      !(await this.isOurs(customer.id, customer.email))
    ) {
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

  /** A customer of ours: one our billing knows, or whose address is one of our users'. */
  private async isOurs(customerId: string, email: string): Promise<boolean> {
    const [known] = await this.db
      .select({ id: billingCustomers.customerId })
      .from(billingCustomers)
      .where(or(eq(billingCustomers.customerId, customerId), eq(billingCustomers.email, email.toLowerCase())))
      .limit(1);
    if (known) return true;
    const [user] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email.toLowerCase()))
      .limit(1);
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
  };
}
