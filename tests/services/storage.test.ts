import { describe, expect, it } from 'vitest';
import {
  clearLocalUser,
  clearPendingOnboarding,
  LOCAL_USER_KEY,
  PENDING_ONBOARDING_KEY,
  readLocalUser,
  readPendingOnboarding,
  writeLocalUser,
  writePendingOnboarding,
} from '../../src/services/storage';
import { memoryStorage } from './doubles';

const pending = {
  plan: 'pro',
  interval: 'annual',
  name: 'Casey Jones',
  company: 'Acme',
  company_size: '11-50',
} as const;

describe('the pending onboarding item', () => {
  it('reads back what was written', () => {
    const storage = memoryStorage();
    writePendingOnboarding(pending, storage);

    expect(readPendingOnboarding(storage)).toEqual(pending);
  });

  it('is gone after clearing', () => {
    const storage = memoryStorage();
    writePendingOnboarding(pending, storage);
    clearPendingOnboarding(storage);

    expect(readPendingOnboarding(storage)).toBeNull();
  });

  it('drops an entry that is not JSON', () => {
    const storage = memoryStorage({ [PENDING_ONBOARDING_KEY]: '{not json' });

    expect(readPendingOnboarding(storage)).toBeNull();
    expect(storage.items.has(PENDING_ONBOARDING_KEY)).toBe(false);
  });

  it('drops an entry that is not an object', () => {
    const storage = memoryStorage({ [PENDING_ONBOARDING_KEY]: '"pro"' });

    expect(readPendingOnboarding(storage)).toBeNull();
    expect(storage.items.has(PENDING_ONBOARDING_KEY)).toBe(false);
  });

  it('replaces single bad fields with their defaults instead of losing the whole item', () => {
    const storage = memoryStorage({
      [PENDING_ONBOARDING_KEY]: JSON.stringify({ ...pending, plan: 'platinum', company_size: 'huge' }),
    });

    expect(readPendingOnboarding(storage)).toEqual({ ...pending, plan: 'starter', company_size: null });
  });

  it('reads nothing when storage is unavailable', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    writePendingOnboarding(pending, throwing);

    expect(readPendingOnboarding(throwing)).toBeNull();
  });
});

describe('the locally stored user', () => {
  it('keeps only what identifies the account', () => {
    const storage = memoryStorage();
    writeLocalUser(
      { id: 'user-1', email: 'casey@example.com', full_name: 'Casey', phone: '555' } as never,
      storage,
    );

    expect(readLocalUser(storage)).toEqual({ id: 'user-1', email: 'casey@example.com', full_name: 'Casey' });
  });

  it('is cleared at logout', () => {
    const storage = memoryStorage();
    writeLocalUser({ id: 'user-1', email: 'casey@example.com' }, storage);
    clearLocalUser(storage);

    expect(readLocalUser(storage)).toBeNull();
  });

  it('drops a corrupted entry', () => {
    const storage = memoryStorage({ [LOCAL_USER_KEY]: JSON.stringify({ id: 7 }) });

    expect(readLocalUser(storage)).toBeNull();
    expect(storage.items.has(LOCAL_USER_KEY)).toBe(false);
  });
});
