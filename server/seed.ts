import type { FastifyBaseLogger } from 'fastify';
import type { SignupCreate } from '../contract/signup';
import type { Database } from './db/client';
import { SignupRepository } from './services/signups';

/**
 * Local demo data (SEED_DEMO, on by default in local mode only). The auth emulator seeds the two accounts;
 * here they get signup records so neither has to go through onboarding. Users themselves are created at
 * their first sign-in (which pins each record to its account), and the admin role comes from ADMIN_EMAILS, not
 * from the seed.
 */
export const DEMO_SIGNUPS: readonly SignupCreate[] = [
  {
    name: 'Demo Customer',
    email: 'customer@example.com',
    normalized_email: 'customer@example.com',
    company: 'Example Customer Ltd',
    company_size: '11-50',
    plan: 'pro',
    interval: 'monthly',
  },
  {
    name: 'Demo Admin',
    email: 'admin@example.com',
    normalized_email: 'admin@example.com',
    company: 'Beacon RMM',
    company_size: '1-10',
    plan: 'business',
    interval: 'annual',
  },
];

/** Idempotent: records that already exist are left as they are. */
export async function seedDemoData(db: Database, log: FastifyBaseLogger): Promise<{ created: number }> {
  const signups = new SignupRepository(db);
  let created = 0;
  for (const signup of DEMO_SIGNUPS) {
    if (await signups.createUnowned(signup)) created += 1;
  }
  log.info({ created, total: DEMO_SIGNUPS.length }, 'demo signup records seeded');
  return { created };
}
