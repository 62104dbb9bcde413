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
