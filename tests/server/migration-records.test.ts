import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';

const MIGRATIONS = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));

/** Applies, in order, the migration files `select` picks. */
async function apply(db: PGlite, select: (name: string) => boolean) {
  const files = (await readdir(MIGRATIONS)).filter((name) => name.endsWith('.sql')).sort();
  for (const name of files.filter(select)) {
    await db.exec(
      (await readFile(`${MIGRATIONS}/${name}`, 'utf8')).replaceAll('--> statement-breakpoint', ''),
    );
  }
}

const BINDING = '0008_records_belong_to_the_account.sql';

/** Issue 18 item 5: the migration that binds records to accounts pins what existed to the accounts of the time. */
describe(`migration ${BINDING}`, () => {
  it('back-fills the account of each billing customer and of each confirmed owner’s signup record, and frees the addresses', async () => {
    const db = await PGlite.create();
    await apply(db, (name) => name < BINDING);
    const user = async (email: string, verified: boolean) =>
      (
        await db.query<{ id: string }>(
          `insert into users (auth_issuer, auth_subject, email, email_verified)
           values ('iss', gen_random_uuid()::text, $1, $2) returning id`,
          [email, verified],
        )
      ).rows[0]?.id;
    const owner = await user('owner@example.com', true);
    await user('unconfirmed@example.com', false);
    for (const email of ['owner@example.com', 'nobody@example.com'])
      await db.query(`insert into billing_customers (customer_id, email) values ($1, $2)`, [
        `cus_${email}`,
        email,
      ]);
    for (const email of ['owner@example.com', 'unconfirmed@example.com', 'nobody@example.com'])
      await db.query(
        `insert into signups (name, email, normalized_email, plan, interval) values ('N', $1, $1, 'pro', 'monthly')`,
        [email],
      );

    await apply(db, (name) => name === BINDING);

    const customers = await db.query<{ email: string; user_id: string | null }>(
      'select email, user_id from billing_customers order by email',
    );
    expect(customers.rows).toEqual([
      { email: 'nobody@example.com', user_id: null },
      { email: 'owner@example.com', user_id: owner },
    ]);
    const signups = await db.query<{ email: string; user_id: string | null }>(
      'select email, user_id from signups order by email',
    );
    expect(signups.rows).toEqual([
      { email: 'nobody@example.com', user_id: null },
      { email: 'owner@example.com', user_id: owner },
      // Linked at the owner's first confirmed sign-in instead (server/services/signups.ts linkUnowned).
      { email: 'unconfirmed@example.com', user_id: null },
    ]);
    // The address is data now: a new account may hold an address an older one still shows.
    await expect(user('owner@example.com', true)).resolves.toBeDefined();

    // 0009: a pinned customer was last given the address we hold for it (a pending change is sent at the next
    // sign-in, see BillingService.followAddress); one of nobody's was given none by us.
    await apply(db, (name) => name.startsWith('0009_'));
    const given = await db.query<{ email: string; account_email: string | null }>(
      'select email, account_email from billing_customers order by email',
    );
    expect(given.rows).toEqual([
      { email: 'nobody@example.com', account_email: null },
      { email: 'owner@example.com', account_email: 'owner@example.com' },
    ]);
    await db.close();
  });
});
