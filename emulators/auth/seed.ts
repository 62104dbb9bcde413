import { uuidFromName } from './ids';
import { hashPasswordSync } from './passwords';
import type { UserRecord } from './store';
import { confirmEmail, newEmailUser } from './users';

// Local-only accounts that exist from the start, confirmed, with ids fixed by their address so that other parts of
// the system (seed data in the product database, say) can refer to them.

export interface SeedAccount {
  email: string;
  password: string;
  fullName: string;
}

export const DEFAULT_SEED_ACCOUNTS: readonly SeedAccount[] = [
  { email: 'customer@example.com', password: 'Customer123!', fullName: 'Casey Customer' },
  { email: 'admin@example.com', password: 'Admin123!', fullName: 'Ada Admin' },
];

/** The fixed user id of a seeded account. */
export const seedUserId = (email: string): string =>
  uuidFromName(`beacon-auth-emulator:${email.toLowerCase()}`);

const SEEDED_AT = '2024-01-01T00:00:00.000Z';

// Hashing is deliberately slow; resets in tests would pay it every time without this cache.
const hashCache = new Map<string, string>();

function cachedHash(password: string): string {
  let hash = hashCache.get(password);
  if (!hash) {
    hash = hashPasswordSync(password);
    hashCache.set(password, hash);
  }
  return hash;
}

export function seedUsers(accounts: readonly SeedAccount[]): UserRecord[] {
  return accounts.map(({ email, password, fullName }) => {
    const normalized = email.toLowerCase();
    const user = newEmailUser({
      id: seedUserId(normalized),
      email: normalized,
      passwordHash: cachedHash(password),
      data: { full_name: fullName },
      at: SEEDED_AT,
    });
    // Identity ids are fixed as well, so a reset yields byte-identical accounts.
    for (const identity of user.identities) identity.identityId = uuidFromName(`identity:${normalized}`);
    confirmEmail(user, SEEDED_AT);
    return user;
  });
}
