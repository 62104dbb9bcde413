import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { dataRefusal } from '../../lib/database-errors';
import { customerValues, idOf, invoiceValues, type ProviderCall, subscriptionValues } from './provider';
import type { BillingRepository, Tx } from './repository';

/** How many recent invoices of a customer are kept (and shown). */
export const INVOICES_SHOWN = 24;

/** What a change needs written, once everything it needed from the provider has been read. */
type Write = (tx: Tx) => Promise<void>;

/** A customer as the provider has it, with every subscription and recent invoice, and when it was asked. */
type CustomerSnapshot = {
  customer: Stripe.Customer | Stripe.DeletedCustomer;
  subscriptions: Stripe.Subscription[];
  invoices: Stripe.Invoice[];
  readAt: Date;
};

/**
 * Our copy of the provider's billing state: webhook events and syncs re-read objects from the provider and write
 * them to the cache tables, so reads never depend on an event's (possibly stale) copy of an object.
 *
 * No database transaction is ever open during a provider call: every change first reads what it needs from the
 * provider, then writes in one short transaction. Reads can therefore finish out of order; each cached row keeps
 * when it was read, and an older read never replaces a newer one (repository.ts, "newer than stored").
 */
export class ProviderCache {
  constructor(
    private readonly stripe: Stripe,
    private readonly repo: BillingRepository,
    private readonly call: ProviderCall,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Applies one event: the provider is asked first (outside any transaction), then the ledger row and the writes
   * commit together under the customer's lock. Late or out-of-order deliveries store current state, because the
   * effect re-reads the object instead of trusting the event's copy. Returns false for a duplicate.
   */
  async handle(event: Stripe.Event): Promise<boolean> {
    if (await this.repo.hasEvent(event.id)) return false;
    const object = event.data.object as { id?: string; object?: string; customer?: unknown };
    const ledger = {
      eventId: event.id,
      type: event.type,
      objectId: object.id ?? null,
      // Whose event it is, for each customer's own webhook health.
      customerId:
        object.object === 'customer'
          ? (object.id ?? null)
          : idOf(object.customer as string | { id: string } | null | undefined),
      providerCreated: new Date(event.created * 1000),
    };
    const effect = await this.effectOf(event);
    try {
      return await this.repo.recordEvent(ledger, effect?.lockKey ?? event.id, async (tx) => {
        if (effect) await effect.write(tx);
      });
    } catch (error) {
      // Refused by the database (a constraint, bad data): every redelivery would fail the same way, for days.
      // Acknowledged, in the ledger with why, logged as an error, and shown to admins; anything else is retried.
      const failure = dataRefusal(error);
      if (failure === null) throw error;
      this.log.error({ err: error, event: event.id, type: event.type }, 'webhook event could not be applied');
      await this.repo.recordUnapplied(ledger, failure);
      return true;
    }
  }

  /** What an event changes, read from the provider; null: recorded in the ledger only. See docs/billing.md. */
  private async effectOf(event: Stripe.Event): Promise<{ lockKey: string; write: Write } | null> {
    const object = event.data.object as { id: string; customer?: string | { id: string } | null };
    switch (event.type) {
      case 'checkout.session.completed': {
        const customerId = idOf(object.customer);
        if (!customerId) return null;
        const snapshot = await this.readCustomer(customerId);
        return { lockKey: customerId, write: (tx) => this.writeCustomer(snapshot, tx) };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.trial_will_end':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed':
        return this.readSubscription(object.id);
      case 'invoice.created':
      case 'invoice.finalized':
      case 'invoice.updated':
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
      case 'invoice.payment_failed':
      case 'invoice.voided':
        return this.readInvoice(object.id);
      case 'customer.deleted':
        return { lockKey: object.id, write: (tx) => this.repo.forgetCustomer(object.id, tx) };
      case 'customer.created':
      case 'customer.updated': {
        const write = await this.readCustomerRow(object.id);
        return {
          lockKey: object.id,
          write: async (tx) => {
            await write(tx);
          },
        };
      }
      default:
        return null;
    }
  }

  /**
   * Every subscription and recent invoice of a customer, re-read, then written in one short transaction. False when
   * the provider says the customer was deleted: it is then forgotten (see BillingRepository.forgetCustomer).
   */
  async syncCustomer(customerId: string): Promise<boolean> {
    const snapshot = await this.readCustomer(customerId);
    await this.repo.writeLocked(customerId, (tx) => this.writeCustomer(snapshot, tx));
    return !snapshot.customer.deleted;
  }

  // Reads (provider calls; no transaction is open).

  /**
   * The customer first: one deleted at the provider is only forgotten, so its subscriptions and invoices are not
   * asked for (a list filtered by a deleted customer may be refused, and would fail the whole sync).
   */
  private async readCustomer(customerId: string): Promise<CustomerSnapshot> {
    const readAt = new Date();
    const customer = await this.call(() => this.stripe.customers.retrieve(customerId));
    if (customer.deleted) return { customer, subscriptions: [], invoices: [], readAt };
    const [subscriptions, invoices] = await Promise.all([
      this.call(() => this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 })),
      this.call(() => this.stripe.invoices.list({ customer: customerId, limit: INVOICES_SHOWN })),
    ]);
    return { customer, subscriptions: subscriptions.data, invoices: invoices.data, readAt };
  }

  private async readSubscription(subscriptionId: string): Promise<{ lockKey: string; write: Write }> {
    const readAt = new Date();
    const subscription = await this.call(() => this.stripe.subscriptions.retrieve(subscriptionId));
    const values = subscriptionValues(subscription, readAt);
    const customer = await this.readCustomerIfUnknown(values.customerId);
    return {
      lockKey: values.customerId || subscriptionId,
      write: async (tx) => {
        if (await customer(tx)) await this.repo.saveSubscription(values, tx);
      },
    };
  }

  /** The invoice, and the subscription a payment outcome moves too (active, past_due). */
  private async readInvoice(invoiceId: string): Promise<{ lockKey: string; write: Write }> {
    const readAt = new Date();
    const invoice = await this.call(() => this.stripe.invoices.retrieve(invoiceId));
    const values = invoiceValues(invoice, readAt);
    if (!values) return { lockKey: invoiceId, write: async () => {} };
    const subscription = values.subscriptionId ? await this.readSubscription(values.subscriptionId) : null;
    const customer = await this.readCustomerIfUnknown(values.customerId);
    return {
      lockKey: values.customerId,
      write: async (tx) => {
        if (!(await customer(tx))) return;
        await this.repo.saveInvoice(values, tx);
        await subscription?.write(tx);
      },
    };
  }

  /**
   * A customer we have not cached yet is read once before its subscriptions and invoices are stored. The write
   * answers whether the customer is ours to store (one without an e-mail belongs to no user).
   */
  private async readCustomerIfUnknown(customerId: string): Promise<(tx: Tx) => Promise<boolean>> {
    if (await this.repo.customerById(customerId)) return async () => true;
    return this.readCustomerRow(customerId);
  }

  /** Re-reads the customer; the write answers false for one without an e-mail (skipped). */
  private async readCustomerRow(customerId: string): Promise<(tx: Tx) => Promise<boolean>> {
    const readAt = new Date();
    const customer = await this.call(() => this.stripe.customers.retrieve(customerId));
    const values = customer.deleted ? null : customerValues(customer, readAt);
    return async (tx) => {
      if (values) await this.repo.saveCustomer(values, tx);
      return values !== null;
    };
  }

  // Writes (one short transaction, no provider call).

  private async writeCustomer({ customer, subscriptions, invoices, readAt }: CustomerSnapshot, tx: Tx) {
    if (customer.deleted) return this.repo.forgetCustomer(customer.id, tx);
    const values = customerValues(customer, readAt);
    if (!values) return;
    await this.repo.saveCustomer(values, tx);
    for (const subscription of subscriptions)
      await this.repo.saveSubscription(subscriptionValues(subscription, readAt), tx);
    for (const invoice of invoices) {
      const row = invoiceValues(invoice, readAt);
      if (row) await this.repo.saveInvoice(row, tx);
    }
    await this.repo.markSynced(customer.id, readAt, tx);
  }
}
