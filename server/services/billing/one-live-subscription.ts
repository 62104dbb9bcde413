import type Stripe from 'stripe';
import type { AuditLog } from '../audit-log';
import { idOf, type ProviderCall } from './provider';
import { LIVE_STATUSES } from './repository';

const AUDIT_ACTION = 'billing.duplicate_subscription_ended';

/** Oldest first; the id breaks a tie of creation times. */
const byAge = (a: Stripe.Subscription, b: Stripe.Subscription) =>
  a.created - b.created || a.id.localeCompare(b.id);

/**
 * One live subscription per customer. Checkout sessions opened before either was paid, or a Checkout paid while
 * the beta's trial started, can leave a customer with two; whenever a Checkout completes (its webhook, or the
 * return from it), every live subscription but the oldest is ended at once and its payment refunded, with the
 * reason at the provider (cancellation details) and in our audit log, so the customer is never billed twice.
 *
 * Provider calls only; no database transaction is open meanwhile. Replicas settling the same customer at once, or a
 * redelivered event, end and refund each duplicate once: a cancel that finds it ended already is done, the refund
 * carries an idempotency key of the payment, and the audit row is written once.
 */
export class OneLiveSubscription {
  constructor(
    private readonly audit: AuditLog,
    private readonly call: ProviderCall,
  ) {}

  async settle(stripe: Stripe, customerId: string): Promise<void> {
    const all = await this.call(() =>
      stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 }),
    );
    const [kept, ...newer] = all.data
      .filter((subscription) => LIVE_STATUSES.has(subscription.status))
      .sort(byAge);
    if (!kept) return;
    for (const duplicate of newer) await this.end(stripe, duplicate, kept);
  }

  private async end(stripe: Stripe, duplicate: Stripe.Subscription, kept: Stripe.Subscription) {
    const reason = `The customer already had a live subscription (${kept.id}); this one was ended and its payment refunded so that they are not billed twice.`;
    await this.call(() =>
      stripe.subscriptions.cancel(duplicate.id, {
        cancellation_details: { comment: reason, feedback: 'other' },
      }),
    ).catch(async (error) => {
      // A cancel takes no idempotency key (a DELETE): another replica settling the same customer may have ended it.
      const now = await this.call(() => stripe.subscriptions.retrieve(duplicate.id));
      if (LIVE_STATUSES.has(now.status)) throw error;
    });
    const refund = await this.refundPaymentOf(stripe, duplicate);
    await this.audit.recordOnce({
      actor: null,
      action: AUDIT_ACTION,
      target: duplicate.id,
      outcome: 'succeeded',
      detail: {
        customerId: idOf(duplicate.customer),
        kept: kept.id,
        ended: duplicate.id,
        refundId: refund?.id ?? null,
        amountRefunded: refund?.amount ?? 0,
        reason,
      },
    });
  }

  /** The payment of the duplicate's first invoice, refunded in full (a trial paid nothing: no refund). */
  private async refundPaymentOf(stripe: Stripe, subscription: Stripe.Subscription) {
    const invoiceId = idOf(subscription.latest_invoice);
    if (!invoiceId) return null;
    const payments = await this.call(() => stripe.invoicePayments.list({ invoice: invoiceId, limit: 10 }));
    const intentId = payments.data.map((entry) => idOf(entry.payment.payment_intent)).find(Boolean);
    if (!intentId) return null;
    const charges = await this.call(() => stripe.charges.list({ payment_intent: intentId, limit: 1 }));
    const charge = charges.data[0];
    // Nothing was paid (a trial).
    if (!charge || charge.amount === 0 || !charge.paid) return null;
    if (charge.refunded) {
      // Back already: another replica settling the same customer got there (its refund says so), or someone else.
      const refunds = await this.call(() => stripe.refunds.list({ payment_intent: intentId, limit: 10 }));
      return (
        refunds.data.find((refund) => refund.metadata?.duplicate_subscription === subscription.id) ?? null
      );
    }
    return this.call(() =>
      stripe.refunds.create(
        { payment_intent: intentId, metadata: { duplicate_subscription: subscription.id } },
        { idempotencyKey: `duplicate-subscription-refund-${intentId}` },
      ),
    );
  }
}
