import { type AnyColumn, and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type BillingCustomerRow,
  type BillingInvoiceRow,
  type BillingSubscriptionRow,
  billingCustomers,
  billingInvoices,
  billingSubscriptions,
  users,
  webhookEvents,
} from '../../db/schema';

/** The query builder of a transaction (the same API as the database). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Queries = Database | Tx;

export type SubscriptionValues = typeof billingSubscriptions.$inferInsert;
export type InvoiceValues = typeof billingInvoices.$inferInsert;
export type CustomerValues = {
  customerId: string;
  email: string;
  hasDefaultPaymentMethod: boolean;
  readAt: Date;
};

/**
 * The "newer than stored" rule of every cache write: provider reads happen outside transactions, so a read that
 * started earlier can arrive later; its values replace the stored ones only when they were read no earlier.
 */
const notOlderThanStored = (column: AnyColumn) => sql`${column} is null or ${column} <= excluded.read_at`;

/** Statuses in which a subscription still gives (or is about to give) access; the rest are over. */
export const LIVE_STATUSES = new Set(['trialing', 'active', 'past_due', 'unpaid', 'incomplete', 'paused']);

/** The subscription that describes the customer now: the newest live one, else the newest of all. */
export function currentSubscription<T extends { status: string; providerCreated: Date }>(
  rows: T[],
): T | null {
  const newestFirst = [...rows].sort((a, b) => b.providerCreated.getTime() - a.providerCreated.getTime());
  return newestFirst.find((row) => LIVE_STATUSES.has(row.status)) ?? newestFirst[0] ?? null;
}

export type WebhookEventValues = {
  eventId: string;
  type: string;
  objectId: string | null;
  customerId: string | null;
  providerCreated: Date;
};

/** The billing cache (customers, subscriptions, invoices) and the webhook ledger. */
export class BillingRepository {
  constructor(readonly db: Database) {}

  /** The account's own customer (pinned by its id; never found by e-mail). */
  async customerOfUser(userId: string): Promise<BillingCustomerRow | null> {
    const [row] = await this.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, userId))
      .limit(1);
    return row ?? null;
  }

  async customerById(customerId: string, db: Queries = this.db): Promise<BillingCustomerRow | null> {
    const [row] = await db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.customerId, customerId))
      .limit(1);
    return row ?? null;
  }

  async subscriptions(customerId: string): Promise<BillingSubscriptionRow[]> {
    return this.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.customerId, customerId));
  }

  async invoices(customerId: string, limit = 24): Promise<BillingInvoiceRow[]> {
    return this.db
      .select()
      .from(billingInvoices)
      .where(eq(billingInvoices.customerId, customerId))
      .orderBy(desc(billingInvoices.providerCreated))
      .limit(limit);
  }

  /**
   * The customer row, created or refreshed (unless a later read is stored already). Its e-mail is data: a change at
   * the provider is stored and moves nothing; the account it belongs to is set by `pin` alone.
   */
  async saveCustomer(values: CustomerValues, db: Queries = this.db): Promise<void> {
    await db
      .insert(billingCustomers)
      .values(values)
      .onConflictDoUpdate({
        target: billingCustomers.customerId,
        set: {
          hasDefaultPaymentMethod: values.hasDefaultPaymentMethod,
          email: values.email,
          readAt: values.readAt,
        },
        setWhere: notOlderThanStored(billingCustomers.readAt),
      });
  }

  /**
   * Saves the customer as the account's: linked once, then pinned (a row that belongs to another account is never
   * moved). Answers the account's customer row afterwards, or null when the customer turned out to be another's.
   */
  async pin(values: CustomerValues, userId: string): Promise<BillingCustomerRow | null> {
    await this.saveCustomer(values);
    await this.db
      .update(billingCustomers)
      .set({ userId, accountEmail: values.email })
      .where(and(eq(billingCustomers.customerId, values.customerId), isNull(billingCustomers.userId)));
    const row = await this.customerById(values.customerId);
    return row?.userId === userId ? row : null;
  }

  /** The e-mail of a customer as it is at the provider now, after we gave it the account's address. */
  async setCustomerEmail(customerId: string, email: string): Promise<void> {
    await this.db
      .update(billingCustomers)
      .set({ email, accountEmail: email })
      .where(eq(billingCustomers.customerId, customerId));
  }

  async saveSubscription(values: SubscriptionValues, db: Queries = this.db): Promise<void> {
    const { subscriptionId: _id, ...changes } = values;
    await db
      .insert(billingSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: billingSubscriptions.subscriptionId,
        set: { ...changes, updatedAt: new Date() },
        setWhere: notOlderThanStored(billingSubscriptions.readAt),
      });
    await this.mirrorOnUser(values.customerId, db);
  }

  async saveInvoice(values: InvoiceValues, db: Queries = this.db): Promise<void> {
    const { invoiceId: _id, ...changes } = values;
    await db
      .insert(billingInvoices)
      .values(values)
      .onConflictDoUpdate({
        target: billingInvoices.invoiceId,
        set: changes,
        setWhere: notOlderThanStored(billingInvoices.readAt),
      });
  }

  /**
   * Drops a customer deleted at the provider, with its cached subscriptions and invoices (cascade). Stripe ends a
   * deleted customer's subscriptions at once, so a user whose mirrored subscription was one of them reads it
   * canceled; the user's next checkout or portal visit gets a new customer.
   */
  async forgetCustomer(customerId: string, db: Queries = this.db): Promise<void> {
    const forget = async (q: Queries) => {
      const ended = q
        .select({ id: billingSubscriptions.subscriptionId })
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.customerId, customerId));
      await q
        .update(users)
        .set({ subscriptionStatus: 'canceled', updatedAt: new Date() })
        .where(
          and(inArray(users.subscriptionId, ended), inArray(users.subscriptionStatus, [...LIVE_STATUSES])),
        );
      await q.delete(billingCustomers).where(eq(billingCustomers.customerId, customerId));
    };
    if (db === this.db) await this.db.transaction(forget);
    else await forget(db);
  }

  async markSynced(customerId: string, at: Date, db: Queries = this.db): Promise<void> {
    await db
      .update(billingCustomers)
      .set({ syncedAt: at })
      .where(eq(billingCustomers.customerId, customerId));
  }

  /**
   * The user record shows the current subscription too (subscription_id, subscription_status, plan,
   * billing_interval, trial_ends_at of /api/auth/me), for the account the customer belongs to.
   */
  private async mirrorOnUser(customerId: string, db: Queries): Promise<void> {
    const customer = await this.customerById(customerId, db);
    if (!customer?.userId) return;
    const rows = await db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.customerId, customerId));
    const current = currentSubscription(rows);
    if (!current) return;
    const [plan, interval] = current.lookupKey?.split('_') ?? [];
    await db
      .update(users)
      .set({
        subscriptionId: current.subscriptionId,
        subscriptionStatus: current.status,
        plan: plan ?? null,
        billingInterval: interval ?? null,
        trialEndsAt: current.trialEnd,
        updatedAt: new Date(),
      })
      .where(eq(users.id, customer.userId));
  }

  // The webhook ledger.

  async hasEvent(eventId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ eventId: webhookEvents.eventId })
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, eventId))
      .limit(1);
    return row !== undefined;
  }

  /**
   * Records the event and writes its effect in one short transaction (the effect only writes: whatever it needed
   * from the provider was read before), serialised per customer (an advisory lock), so two deliveries about one
   * customer write one after the other. A duplicate (the id is already in the ledger) changes nothing: false.
   */
  async recordEvent(
    event: WebhookEventValues,
    lockKey: string,
    effect: (tx: Tx) => Promise<void>,
  ): Promise<boolean> {
    return this.writeLocked(lockKey, async (tx) => {
      const inserted = await tx.insert(webhookEvents).values(event).onConflictDoNothing().returning();
      if (inserted.length === 0) return false;
      await effect(tx);
      return true;
    });
  }

  /**
   * One short transaction holding the advisory lock of `key` (a customer id), so that the writes about one
   * customer (which recompute what is mirrored onto its user) never interleave. Never make a provider call in it.
   */
  writeLocked<T>(key: string, write: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
      return write(tx);
    });
  }

  /**
   * Records an event whose effect the database refused (it would be refused on every delivery): the ledger row
   * with why, alone, so the provider's redelivery is a duplicate and admins see it (`unappliedEvents`).
   */
  async recordUnapplied(event: WebhookEventValues, failure: string): Promise<void> {
    await this.db
      .insert(webhookEvents)
      .values({ ...event, failure })
      .onConflictDoNothing();
  }

  /** The newest events that could not be applied, newest first. */
  async unappliedEvents(limit = 10) {
    return this.db
      .select({
        eventId: webhookEvents.eventId,
        type: webhookEvents.type,
        failure: webhookEvents.failure,
        receivedAt: webhookEvents.receivedAt,
      })
      .from(webhookEvents)
      .where(isNotNull(webhookEvents.failure))
      .orderBy(desc(webhookEvents.receivedAt))
      .limit(limit);
  }

  /** The newest ledger row: of one customer, or (`customerId` undefined) of everyone. */
  async lastEvent(customerId?: string): Promise<{ eventId: string; type: string; receivedAt: Date } | null> {
    const [row] = await this.db
      .select({
        eventId: webhookEvents.eventId,
        type: webhookEvents.type,
        receivedAt: webhookEvents.receivedAt,
      })
      .from(webhookEvents)
      .where(customerId === undefined ? undefined : eq(webhookEvents.customerId, customerId))
      .orderBy(desc(webhookEvents.receivedAt))
      .limit(1);
    return row ?? null;
  }
}
