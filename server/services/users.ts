import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { mergeSettings, type Settings, type SettingsUpdate, settingsSchema } from '../../contract/settings';
import type { CurrentUserInput, Role, UserUpdate } from '../../contract/user';
import type { Database } from '../db/client';
import { type UserRow, users } from '../db/schema';
import { conflict } from '../lib/http-errors';
import type { VerifiedIdentity } from './token-verifier';

/** The users table: created at first sign-in from the auth service's token, changed by the user within limits. */
export class UserRepository {
  constructor(private readonly db: Database) {}

  async findById(id: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  /**
   * Creates or refreshes the user a verified token names. The e-mail follows the auth service; the role is
   * recomputed from the admin list at every sign-in; the full name is taken only when we have none.
   */
  async upsertFromIdentity(identity: VerifiedIdentity, role: Role): Promise<UserRow> {
    return this.db.transaction(async (tx) => {
      const [sameEmail] = await tx.select().from(users).where(eq(users.email, identity.email)).limit(1);
      if (sameEmail && sameEmail.id !== identity.sub) {
        const [sameId] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, identity.sub))
          .limit(1);
        // Two of our rows would claim one address: leave both alone and let a person sort it out.
        if (sameId) throw conflict('This e-mail address belongs to another account.');
        // The auth service re-created the account (e.g. a reset local emulator): keep the row, take the new id.
        await tx.update(users).set({ id: identity.sub }).where(eq(users.id, sameEmail.id));
      }
      const [row] = await tx
        .insert(users)
        .values({ id: identity.sub, email: identity.email, fullName: identity.fullName, role })
        .onConflictDoUpdate({
          target: users.id,
          set: {
            email: identity.email,
            role,
            fullName: sql`coalesce(${users.fullName}, excluded.full_name)`,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      if (!row) throw new Error('upsert returned no row');
      return row;
    });
  }

  /** Applies a profile/settings change that the contract's strict schema already accepted. */
  async updateProfile(user: UserRow, update: UserUpdate): Promise<UserRow> {
    const changes: Partial<typeof users.$inferInsert> = {};
    for (const field of ['company', 'bio', 'phone', 'location'] as const) {
      const value = update[field];
      if (value !== undefined) changes[field] = value === '' ? null : value;
    }
    if (update.settings) changes.settings = mergeStoredSettings(user.settings, update.settings);
    if (Object.keys(changes).length === 0) return user;
    const [row] = await this.db
      .update(users)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(users.id, user.id))
      .returning();
    return row ?? user;
  }
}

/** Stored settings plus a change, checked against the allowed values as a whole before it is saved. */
function mergeStoredSettings(stored: Record<string, unknown>, update: SettingsUpdate): Settings {
  return v.parse(settingsSchema, mergeSettings(readSettings(stored), update));
}

/** Stored settings read leniently: a value that is no longer allowed falls back to its default. */
export function readSettings(stored: Record<string, unknown> | null): Settings {
  const current: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored ?? {})) {
    if (key in settingsSchema.entries && v.is(settingsSchema.entries[key as keyof Settings], value))
      current[key] = value;
  }
  return v.parse(settingsSchema, current);
}

/** The current user as GET /api/auth/me answers it (WIRE.md "Current user JSON"). */
export function toCurrentUser(row: UserRow): CurrentUserInput & { settings: Settings } {
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    role: row.role,
    company: row.company,
    bio: row.bio,
    phone: row.phone,
    location: row.location,
    created_at: row.createdAt.toISOString(),
    user_metadata: { full_name: row.fullName },
    subscription_id: row.subscriptionId,
    subscription_status: row.subscriptionStatus,
    plan: row.plan,
    billing_interval: row.billingInterval,
    trial_ends_at: row.trialEndsAt?.toISOString() ?? null,
    settings: readSettings(row.settings),
  };
}
