import { and, eq, sql } from 'drizzle-orm';
import type { SignupCreate } from '../../contract/signup';
import type { Database } from '../db/client';
import { type SignupRow, signups } from '../db/schema';

/** Sign-up / onboarding records, one per normalized e-mail. */
export class SignupRepository {
  constructor(private readonly db: Database) {}

  async findByEmail(normalizedEmail: string): Promise<SignupRow | null> {
    const [row] = await this.db
      .select()
      .from(signups)
      .where(eq(signups.normalizedEmail, normalizedEmail))
      .limit(1);
    return row ?? null;
  }

  /** The new record, or null when one already exists for the address (the unique index decides, race-free). */
  async create(input: SignupCreate, createdBy: string | null): Promise<SignupRow | null> {
    const [row] = await this.db
      .insert(signups)
      .values({
        name: input.name,
        email: input.email,
        normalizedEmail: input.normalized_email,
        company: input.company,
        companySize: input.company_size,
        plan: input.plan,
        interval: input.interval,
        createdBy,
      })
      .onConflictDoNothing({ target: signups.normalizedEmail })
      .returning();
    return row ?? null;
  }

  /**
   * Rewrites the address's record with its owner's answers, unless the owner already wrote it (then null):
   * one conditional update, so two claims cannot interleave.
   */
  async claim(input: SignupCreate, ownerId: string): Promise<SignupRow | null> {
    const [row] = await this.db
      .update(signups)
      .set({
        name: input.name,
        email: input.email,
        company: input.company,
        companySize: input.company_size,
        plan: input.plan,
        interval: input.interval,
        createdBy: ownerId,
        createdDate: sql`now()`,
      })
      .where(
        and(
          eq(signups.normalizedEmail, input.normalized_email),
          sql`${signups.createdBy} is distinct from ${ownerId}`,
        ),
      )
      .returning();
    return row ?? null;
  }
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
