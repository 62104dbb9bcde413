import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BILLING_INTERVALS, PLAN_IDS } from '../../contract/plans';
import { COMPANY_SIZES } from '../../contract/signup';
import { ROLES } from '../../contract/user';

/**
 * One schema for both engines (PGlite locally, PostgreSQL in production). Change it, then run
 * `npx drizzle-kit generate` and commit the new SQL file under server/db/migrations.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * People who signed in at least once. Who they are is the auth service's (issuer, subject) pair, never the
 * e-mail address: another account with the same address must not inherit this row.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The token's `iss`; rows from before issuers were recorded hold LEGACY_ISSUER until their next sign-in. */
    authIssuer: text('auth_issuer').notNull(),
    /** The token's `sub`. */
    authSubject: text('auth_subject').notNull(),
    /**
     * The address the auth service had at the last sign-in or refresh, lowercased. Data, not identity: nothing is
     * found by it, and two rows may hold it for a while (an address changed and registered again before the first
     * account came back).
     */
    email: text('email').notNull(),
    /** The auth service confirmed the address (asked at every sign-in, never taken from the token). */
    emailVerified: boolean('email_verified').notNull().default(false),
    fullName: text('full_name'),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    company: text('company'),
    bio: text('bio'),
    phone: text('phone'),
    location: text('location'),
    /** Only the fields the user changed; reads merge them over the defaults. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    plan: text('plan'),
    billingInterval: text('billing_interval'),
    subscriptionId: text('subscription_id'),
    subscriptionStatus: text('subscription_status'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('users_role_check', sql`${table.role} in ('admin', 'user')`),
    uniqueIndex('users_auth_identity_idx').on(table.authIssuer, table.authSubject),
    index('users_email_idx').on(table.email),
  ],
);

/** What the migration wrote into auth_issuer for rows created before issuers were recorded. */
export const LEGACY_ISSUER = 'legacy';

/**
 * Server-side sessions. The id is the SHA-256 of the cookie's random value, so a leaked table does not
 * hand out live cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Idle expiry: pushed forward as the session is used. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Hard end, however active the session is. */
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    /** The auth service's session this one was opened from (the token's `session_id`), when it named one. */
    authSessionId: text('auth_session_id'),
    /**
     * When the auth-service token it was opened with stops counting (its expiry plus a grace). The SPA trades
     * every refreshed token for a new session before then; when the auth service stops refreshing (a sign-out
     * elsewhere, a ban, a password change) this session ends here.
     */
    authExpiresAt: timestamp('auth_expires_at', { withTimezone: true }).notNull(),
    /**
     * When the user last proved who they are (the newest `amr` time of the tokens this session was opened, refreshed
     * or stepped up with); money-moving admin actions need it recent (step-up).
     */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }),
    /** The auth-service session passed a second factor (`aal2`). */
    aal2: boolean('aal2').notNull().default(false),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_auth_session_id_idx').on(table.authSessionId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

/**
 * Sign-up / onboarding records: one per account (`user_id`). The address is what was typed at the time; records
 * made before their account existed (the demo seed, older anonymous sign-ups) have no user until the confirmed
 * owner of the address signs in, and are then pinned to that account for good.
 */
export const signups = pgTable(
  'signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    normalizedEmail: text('normalized_email').notNull(),
    company: text('company'),
    companySize: text('company_size', { enum: COMPANY_SIZES }),
    plan: text('plan', { enum: PLAN_IDS }).notNull(),
    interval: text('interval', { enum: BILLING_INTERVALS }).notNull(),
    /** Who created it when signed in; null for the anonymous sign-up dialog. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null', onUpdate: 'cascade' }),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('signups_user_id_idx').on(table.userId),
    index('signups_normalized_email_idx').on(table.normalizedEmail),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  company: text('company'),
  message: text('message').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null', onUpdate: 'cascade' }),
  createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window request counters shared by every replica (see plugins/app/rate-limit-store.ts). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_reset_at_idx').on(table.resetAt)],
);

/**
 * When the provider was asked for the row's values (the start of the read). Reads happen outside any transaction,
 * so two of them can finish in either order: a write keeps the stored row when it was read later than the one
 * being written ("newer than stored"), and a late, older read changes nothing.
 */
const readAt = () => timestamp('read_at', { withTimezone: true });

/**
 * Billing state cached from the payment provider (webhooks and syncs write it), so that reading billing info —
 * polled every 3 s after a portal visit — does not call the provider. The provider stays the source of truth:
 * every write re-fetches the object first. A customer belongs to the account in `user_id` (also the provider
 * customer's `metadata.user_id`), pinned once and never moved; its e-mail is data, which either side may change.
 */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    customerId: text('customer_id').primaryKey(),
    /** The account it bills; null for a provider customer no account of ours claimed (created at the provider). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null', onUpdate: 'cascade' }),
    email: text('email').notNull(),
    /**
     * The account's address the provider customer was last given (made, linked or changed by us). While the
     * account's address differs, every sign-in and refresh changes the provider customer's e-mail again (a failed
     * change is retried); a change made at the provider (`email` only) is left alone.
     */
    accountEmail: text('account_email'),
    hasDefaultPaymentMethod: boolean('has_default_payment_method').notNull().default(false),
    /** Last time every subscription and invoice of the customer was re-read from the provider. */
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    readAt: readAt(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('billing_customers_user_id_idx').on(table.userId),
    index('billing_customers_email_idx').on(table.email),
  ],
);

export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    subscriptionId: text('subscription_id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => billingCustomers.customerId, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    priceId: text('price_id'),
    /** The price's lookup key, e.g. pro_monthly; null for a price outside the catalogue. */
    lookupKey: text('lookup_key'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cancelAt: timestamp('cancel_at', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    hasPaymentMethod: boolean('has_payment_method').notNull().default(false),
    providerCreated: timestamp('provider_created', { withTimezone: true }).notNull(),
    readAt: readAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('billing_subscriptions_customer_idx').on(table.customerId)],
);

export const billingInvoices = pgTable(
  'billing_invoices',
  {
    invoiceId: text('invoice_id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => billingCustomers.customerId, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id'),
    number: text('number'),
    status: text('status'),
    amountPaid: integer('amount_paid').notNull(),
    amountDue: integer('amount_due').notNull(),
    currency: text('currency').notNull(),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    invoicePdf: text('invoice_pdf'),
    providerCreated: timestamp('provider_created', { withTimezone: true }).notNull(),
    readAt: readAt(),
  },
  (table) => [index('billing_invoices_customer_idx').on(table.customerId, table.providerCreated)],
);

/** The webhook ledger: one row per provider event, written in the same transaction as the event's effect. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    eventId: text('event_id').primaryKey(),
    type: text('type').notNull(),
    objectId: text('object_id'),
    /** The provider customer the event is about (a customer's own id, or its object's customer), when it names one. */
    customerId: text('customer_id'),
    providerCreated: timestamp('provider_created', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Why the event's effect could not be applied (it would fail the same way on every delivery), null when it was.
     * Such an event is acknowledged so the provider stops redelivering it, and admins see it (billing health).
     */
    failure: text('failure'),
  },
  (table) => [
    index('webhook_events_received_at_idx').on(table.receivedAt),
    index('webhook_events_customer_idx').on(table.customerId, table.receivedAt),
  ],
);

/** Where a reversal of one payment is: claimed (under way), refunded (the subscription not ended yet), completed. */
export const REFUND_STATUSES = ['claimed', 'refunded', 'completed'] as const;

/**
 * One row per reversed payment [product: REFUND-11]. The unique payment intent id is the claim: a reversal commits
 * its row (`claimed`, with a lease) before it calls the provider, and of any number of parallel calls for one
 * payment only the holder of a live claim goes on. `refunded` records a half-done reversal (the refund went through,
 * ending the subscription did not), which the next call finishes without refunding again.
 */
export const refundLog = pgTable(
  'refund_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentIntentId: text('payment_intent_id').notNull(),
    /** The Checkout Session the admin named, when it was one. */
    sessionId: text('session_id'),
    customerId: text('customer_id').notNull(),
    customerEmail: text('customer_email').notNull(),
    refundId: text('refund_id'),
    subscriptionId: text('subscription_id'),
    /** What this reversal refunded (cents): what was left of the charge, 0 when it had been refunded before. */
    amountRefunded: integer('amount_refunded').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('completed'),
    /** While `claimed`: until when the claim holds; a later call may take over a claim whose holder died. */
    claimExpiresAt: timestamp('claim_expires_at', { withTimezone: true }),
    /** How many calls have claimed it: more than one after a half-done reversal or a holder that died. */
    attempts: integer('attempts').notNull().default(1),
    currency: text('currency').notNull(),
    notes: text('notes'),
    /** The admin who reversed it; their e-mail is kept too, so the row still says who if the user goes. */
    processedBy: uuid('processed_by').references(() => users.id, {
      onDelete: 'set null',
      onUpdate: 'cascade',
    }),
    processedByEmail: text('processed_by_email').notNull(),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('refund_log_payment_intent_idx').on(table.paymentIntentId),
    index('refund_log_created_idx').on(table.createdDate),
    check('refund_log_status_check', sql`${table.status} in ('claimed', 'refunded', 'completed')`),
  ],
);

/** Who did what to whom, when, and how it ended: admin and billing actions, kept for the record. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for an anonymous caller; no foreign key, so the record outlives the user. */
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    /** What was attempted, e.g. `refund.reverse`, `billing.cancel`. */
    action: text('action').notNull(),
    /** What it was about (a payment id, a route), when known. */
    target: text('target'),
    outcome: text('outcome', { enum: ['succeeded', 'already_done', 'refused', 'failed'] }).notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt),
    index('audit_log_action_idx').on(table.action, table.createdAt),
  ],
);

export type RefundLogRow = typeof refundLog.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type SignupRow = typeof signups.$inferSelect;
export type BillingCustomerRow = typeof billingCustomers.$inferSelect;
export type BillingSubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type BillingInvoiceRow = typeof billingInvoices.$inferSelect;
