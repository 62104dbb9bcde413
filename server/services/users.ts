import { and, eq, or, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { mergeSettings, type Settings, type SettingsUpdate, settingsSchema } from '../../contract/settings';
import type { CurrentUserInput, Role, UserUpdate } from '../../contract/user';
import type { Database } from '../db/client';
import { LEGACY_ISSUER, type UserRow, users } from '../db/schema';
import type { VerifiedIdentity } from './token-verifier';

/** A verified token plus what the auth service and our configuration say about it. */
export type Identity = Pick<VerifiedIdentity, 'issuer' | 'sub' | 'email' | 'fullName'> & {
  emailVerified: boolean;
  role: Role;
  /** The company typed at sign-up (the auth service's user metadata), stored on a new user only. */
  company: string | null;
};

/**
 * The role that counts, decided on every request from the current ADMIN_EMAILS: admin only for a listed
 * address the auth service confirmed. Removing an address from the list demotes at the next request.
 */
export function effectiveRole(
  user: Pick<UserRow, 'email' | 'emailVerified'>,
  adminEmails: readonly string[],
): Role {
  return user.emailVerified && adminEmails.includes(user.email) ? 'admin' : 'user';
}

/** The users table: created at first sign-in from the auth service's token, changed by the user within limits. */
export class UserRepository {
  constructor(private readonly db: Database) {}

  async findById(id: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  /**
   * Creates or refreshes the user a verified token names, found by (issuer, subject) and never by e-mail.
   * The e-mail and its verified flag follow the auth service (an address changed there arrives with the next
   * sign-in or refresh); the full name is taken only when we have none. Another subject with the same address gets
   * a row of its own and nothing of this one's: the address is data, not identity. The one adoption is a row from
   * before issuers were recorded with this very subject. `previousEmail`: the address the row had before, when it
   * changed (the caller tells the payment provider).
   */
  async upsertFromIdentity(identity: Identity): Promise<{ user: UserRow; previousEmail: string | null }> {
    return this.db.transaction(async (tx) => {
      const known = await this.#known(tx, identity);
      if (known) return this.#refresh(tx, known, identity);
      const [row] = await tx
        .insert(users)
        .values({
          ...fieldsOf(identity),
          authIssuer: identity.issuer,
          authSubject: identity.sub,
          fullName: identity.fullName,
          company: identity.company,
        })
        .onConflictDoNothing({ target: [users.authIssuer, users.authSubject] })
        .returning();
      if (row) return { user: row, previousEmail: null };
      // The same account's other first sign-in (another device, the same moment) made the row: that row it is.
      const made = await this.#known(tx, identity);
      if (!made) throw new Error('the row a concurrent sign-in made was not found');
      return this.#refresh(tx, made, identity);
    });
  }

  /** The row of the token's (issuer, subject), else a row from before issuers were recorded with that subject. */
  async #known(tx: Database, identity: Identity): Promise<UserRow | undefined> {
    const [known] = await tx
      .select()
      .from(users)
      .where(
        or(
          and(eq(users.authIssuer, identity.issuer), eq(users.authSubject, identity.sub)),
          and(eq(users.authIssuer, LEGACY_ISSUER), eq(users.authSubject, identity.sub)),
        ),
      )
      .orderBy(sql`${users.authIssuer} = ${LEGACY_ISSUER}`)
      .limit(1);
    return known;
  }

  async #refresh(tx: Database, known: UserRow, identity: Identity) {
    const user = await this.#update(tx, known.id, {
      ...fieldsOf(identity),
      authIssuer: identity.issuer,
      fullName: sql`coalesce(${users.fullName}, ${identity.fullName})`,
    });
    return { user, previousEmail: known.email === user.email ? null : known.email };
  }

  async #update(
    tx: Database,
    id: string,
    changes: Partial<Record<keyof UserRow, unknown>>,
  ): Promise<UserRow> {
    const [row] = await tx
      .update(users)
      .set(changes as Partial<typeof users.$inferInsert>)
      .where(eq(users.id, id))
      .returning();
    if (!row) throw new Error('update returned no row');
    return row;
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

/** What every sign-in and refresh takes from the auth service onto the user. */
function fieldsOf(identity: Identity) {
  return {
    email: identity.email,
    emailVerified: identity.emailVerified,
    role: identity.role,
    updatedAt: sql`now()`,
  };
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

export type CurrentUserAnswer = Readonly<CurrentUserInput & { settings: Settings }>;

/**
 * The answer made from each row object, for the life of that object: a session lookup keeps one row object while
 * it may reuse it (SessionStore), so GET /api/auth/me reads the settings and formats the dates once per lookup,
 * not once per request. A changed or re-read row is a new object, and the role is checked on every call.
 */
const answers = new WeakMap<UserRow, { role: Role; answer: CurrentUserAnswer }>();

/** The current user as GET /api/auth/me answers it (WIRE.md "Current user JSON"). Shared: never mutate it. */
export function toCurrentUser(row: UserRow, role: Role): CurrentUserAnswer {
  const made = answers.get(row);
  if (made?.role === role) return made.answer;
  const answer = currentUserOf(row, role);
  answers.set(row, { role, answer });
  return answer;
}

function currentUserOf(row: UserRow, role: Role): CurrentUserAnswer {
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    role,
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
