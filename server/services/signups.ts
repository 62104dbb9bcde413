import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { SignupCreate } from '../../contract/signup';
import type { Database } from '../db/client';
import { type SignupRow, signups, type UserRow, users } from '../db/schema';

/**
 * Sign-up / onboarding records, one per account, read and written by the account's id. The address in a record is
 * what was typed; whether an address "is registered" is asked of the accounts' current addresses.
 */
export class SignupRepository {
  constructor(private readonly db: Database) {}

  async findByUser(userId: string): Promise<SignupRow | null> {
    const [row] = await this.db.select().from(signups).where(eq(signups.userId, userId)).limit(1);
    return row ?? null;
  }

  /**
   * The record of the account that has this address now, or a record for it that no account holds yet (made
   * before its account existed). A record whose account has moved to another address does not count: the address
   * is free for its new owner.
   */
  async findByCurrentAddress(normalizedEmail: string): Promise<SignupRow | null> {
    const [found] = await this.db
      .select({ signup: signups })
      .from(signups)
      .leftJoin(users, eq(users.id, signups.userId))
      .where(
        or(
          eq(users.email, normalizedEmail),
          and(isNull(signups.userId), eq(signups.normalizedEmail, normalizedEmail)),
        ),
      )
      .limit(1);
    return found?.signup ?? null;
  }

  /** The account's new record, or null when it has one already (the unique index decides, race-free). */
  async create(input: SignupCreate, userId: string): Promise<SignupRow | null> {
    const [row] = await this.db
      .insert(signups)
      .values({ ...answers(input), normalizedEmail: input.normalized_email, userId, createdBy: userId })
      .onConflictDoNothing({ target: signups.userId })
      .returning();
    return row ?? null;
  }

  /**
   * A record for an address that no account holds yet (the demo seed). Idempotent: an address with a record,
   * held or not, is left as it is.
   */
  async createUnowned(input: SignupCreate): Promise<SignupRow | null> {
    if (await this.findByCurrentAddress(input.normalized_email)) return null;
    const [row] = await this.db
      .insert(signups)
      .values({ ...answers(input), normalizedEmail: input.normalized_email })
      .returning();
    return row ?? null;
  }

  /**
   * Pins to the account the record made for its confirmed address before the account existed (linked at most
   * once: a record that has an account is never moved). Nothing when the account has a record already.
   */
  async linkUnowned(user: Pick<UserRow, 'id' | 'email'>): Promise<void> {
    await this.db
      .update(signups)
      .set({ userId: user.id })
      .where(
        and(
          isNull(signups.userId),
          eq(signups.normalizedEmail, user.email),
          sql`not exists (select 1 from ${signups} as mine where mine.user_id = ${user.id})`,
        ),
      );
  }

  /**
   * Rewrites the account's record with its own answers when somebody else wrote it (the seed, or an anonymous
   * visitor before sign-up needed a session), else null: one conditional update, so two claims cannot interleave.
   */
  async claim(input: SignupCreate, userId: string): Promise<SignupRow | null> {
    const [row] = await this.db
      .update(signups)
      .set({
        ...answers(input),
        normalizedEmail: input.normalized_email,
        createdBy: userId,
        createdDate: sql`now()`,
      })
      .where(and(eq(signups.userId, userId), sql`${signups.createdBy} is distinct from ${userId}`))
      .returning();
    return row ?? null;
  }
}

/** The answers of a sign-up, as stored. */
function answers(input: SignupCreate) {
  return {
    name: input.name,
    email: input.email,
    company: input.company,
    companySize: input.company_size,
    plan: input.plan,
    interval: input.interval,
  };
}

/**
 * The account's organisation, one answer for GET /api/org/ and the current user's `organization_name` (the hero,
 * Profile): the profile's company wins; the company given at sign-up is the fallback [product: DATA-18]. Null when
 * neither is set.
 */
export function organizationOf(
  user: Pick<UserRow, 'company'>,
  signup: Pick<SignupRow, 'company'> | null,
): string | null {
  return user.company?.trim() || signup?.company?.trim() || null;
}

/** A signup record as the API answers it to its owner (or an admin). */
export function toSignup(row: SignupRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    normalized_email: row.normalizedEmail,
    company: row.company,
    company_size: row.companySize,
    plan: row.plan,
    interval: row.interval,
    created_date: row.createdDate.toISOString(),
  };
}
