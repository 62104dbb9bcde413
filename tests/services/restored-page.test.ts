import { describe, expect, it, vi } from 'vitest';
import { recheckSessionOnRestore } from '../../src/app/restored-page';

/** A window whose `pageshow` listeners the test fires itself. */
function fakeWindow() {
  const listeners: Array<(event: Event) => void> = [];
  return {
    addEventListener: (type: string, listener: (event: Event) => void) => {
      if (type === 'pageshow') listeners.push(listener);
    },
    show: (persisted: boolean) => {
      for (const listener of listeners) listener(Object.assign(new Event('pageshow'), { persisted }));
    },
  };
}

describe('a page restored from the back/forward cache', () => {
  it('asks the server for the session again; a page loaded afresh does not', () => {
    const page = fakeWindow();
    const recheck = vi.fn();
    recheckSessionOnRestore(page as unknown as Window, recheck);

    page.show(false);
    expect(recheck).not.toHaveBeenCalled();
    page.show(true);
    expect(recheck).toHaveBeenCalledOnce();
  });
});
