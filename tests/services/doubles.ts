import { vi } from 'vitest';
import type { Page } from '../../src/services/io-deps';

/** The page as the composition root hands it to the flows' I/O, at `href` on https://app.example; it records. */
export function fakePage(href = '/Landing') {
  let current = href;
  const page = {
    navigate: vi.fn<Page['navigate']>(),
    offerSignUp: vi.fn<Page['offerSignUp']>(),
    reloadSession: vi.fn<Page['reloadSession']>(),
    address: {
      current: () => current,
      replace: vi.fn((next: string) => {
        current = next;
      }),
      origin: () => 'https://app.example',
    },
    leaveTo: vi.fn<Page['leaveTo']>(),
  };
  return page satisfies Page;
}

/** A browser storage the test can look into (`items`), with `initial` entries. */
export function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}
