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
    /** Always stored lowercased (the unique index relies on it). */
    email: text('email').notNull().unique(),
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
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_auth_session_id_idx').on(table.authSessionId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

/** Sign-up / onboarding records; one per normalized e-mail. */
export const signups = pgTable('signups', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  normalizedEmail: text('normalized_email').notNull().unique(),
  company: text('company'),
  companySize: text('company_size', { enum: COMPANY_SIZES }),
  plan: text('plan', { enum: PLAN_IDS }).notNull(),
  interval: text('interval', { enum: BILLING_INTERVALS }).notNull(),
  /** Who created it when signed in; null for the anonymous sign-up dialog. */
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null', onUpdate: 'cascade' }),
  createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
});

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

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type SignupRow = typeof signups.$inferSelect;
