import type Stripe from 'stripe';
import { customerValues, idOf, invoiceValues, type ProviderCall, subscriptionValues } from './provider';
import type { BillingRepository, Tx } from './repository';

/** How many recent invoices of a customer are kept (and shown). */
export const INVOICES_SHOWN = 24;

/**
 * Our copy of the provider's billing state: webhook events and syncs re-read objects from the provider and write
 * them to the cache tables, so reads never depend on an event's (possibly stale) copy of an object.
 */
export class ProviderCache {
  constructor(
    private readonly stripe: Stripe,
    private readonly repo: BillingRepository,
    private readonly call: ProviderCall,
  ) {}

  /**
   * Applies one event: the ledger row and the effect commit together, and the effect re-reads the object from
   * the provider instead of trusting the event's copy, so late or out-of-order deliveries store current state.
   * Returns false for a duplicate.
   */
  async handle(event: Stripe.Event): Promise<boolean> {
    if (await this.repo.hasEvent(event.id)) return false;
    const object = event.data.object as { id?: string; object?: string };
    const ledger = {
      eventId: event.id,
      type: event.type,
      objectId: object.id ?? null,
      providerCreated: new Date(event.created * 1000),
    };
    const effect = this.effectOf(event);
    const lockKey = effect?.lockKey ?? event.id;
    return this.repo.recordEvent(ledger, lockKey, async (tx) => {
      if (effect) await effect.apply(tx);
    });
  }

  /** What an event changes; null: recorded in the ledger only. See docs/billing.md. */
  private effectOf(event: Stripe.Event): { lockKey: string; apply: (tx: Tx) => Promise<void> } | null {
    const object = event.data.object as { id: string; customer?: string | { id: string } | null };
    switch (event.type) {
      case 'checkout.session.completed': {
        const customerId = idOf(object.customer);
        if (!customerId) return null;
        return {
          lockKey: customerId,
          apply: async (tx) => {
            await this.syncCustomer(customerId, tx);
          },
        };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.trial_will_end':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed':
        return {
          lockKey: idOf(object.customer) ?? object.id,
          apply: (tx) => this.refreshSubscription(object.id, tx),
        };
      case 'invoice.created':
      case 'invoice.finalized':
      case 'invoice.updated':
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
      case 'invoice.payment_failed':
      case 'invoice.voided':
        return {
          lockKey: idOf(object.customer) ?? object.id,
          apply: (tx) => this.refreshInvoice(object.id, tx),
        };
      case 'customer.deleted':
        return { lockKey: object.id, apply: (tx) => this.repo.forgetCustomer(object.id, tx) };
      case 'customer.created':
      case 'customer.updated':
        return {
          lockKey: object.id,
          apply: async (tx) => {
            await this.refreshCustomer(object.id, tx);
          },
        };
      default:
        return null;
    }
  }

  // Provider reads into the cache.

  /**
   * Every subscription and recent invoice of a customer, re-read. False when the provider says the customer was
   * deleted: it is then forgotten (see BillingRepository.forgetCustomer).
   */
  async syncCustomer(customerId: string, tx?: Tx): Promise<boolean> {
    const [customer, subscriptions, invoices] = await Promise.all([
      this.call(() => this.stripe.customers.retrieve(customerId)),
      this.call(() => this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 })),
      this.call(() => this.stripe.invoices.list({ customer: customerId, limit: INVOICES_SHOWN })),
    ]);
    if (customer.deleted) {
      await this.repo.forgetCustomer(customerId, tx);
      return false;
    }
    const values = customerValues(customer);
    if (!values) return true;
    const write = async (db: Tx | BillingRepository['db']) => {
      await this.repo.saveCustomer(values, db);
      for (const subscription of subscriptions.data)
        await this.repo.saveSubscription(subscriptionValues(subscription), db);
      for (const invoice of invoices.data) {
        const row = invoiceValues(invoice);
        if (row) await this.repo.saveInvoice(row, db);
      }
      await this.repo.markSynced(customerId, new Date(), db);
    };
    if (tx) await write(tx);
    else await this.repo.db.transaction(write);
    return true;
  }

  private async refreshSubscription(subscriptionId: string, tx: Tx): Promise<void> {
    const subscription = await this.call(() => this.stripe.subscriptions.retrieve(subscriptionId));
    const values = subscriptionValues(subscription);
    if (!(await this.ensureCustomer(values.customerId, tx))) return;
    await this.repo.saveSubscription(values, tx);
  }

  private async refreshInvoice(invoiceId: string, tx: Tx): Promise<void> {
    const invoice = await this.call(() => this.stripe.invoices.retrieve(invoiceId));
    const values = invoiceValues(invoice);
    if (!values || !(await this.ensureCustomer(values.customerId, tx))) return;
    await this.repo.saveInvoice(values, tx);
    // A payment outcome moves the subscription too (active, past_due): re-read it with the invoice.
    if (values.subscriptionId) await this.refreshSubscription(values.subscriptionId, tx);
  }

  /** Re-reads the customer; one without an e-mail belongs to no user and is skipped (false). */
  private async refreshCustomer(customerId: string, tx: Tx): Promise<boolean> {
    const customer = await this.call(() => this.stripe.customers.retrieve(customerId));
    const values = customer.deleted ? null : customerValues(customer);
    if (values) await this.repo.saveCustomer(values, tx);
    return values !== null;
  }

  /** A customer we have not cached yet is read once before its subscriptions and invoices are stored. */
  private async ensureCustomer(customerId: string, tx: Tx): Promise<boolean> {
    return (await this.repo.customerById(customerId, tx)) !== null || this.refreshCustomer(customerId, tx);
  }
}
