import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/*
 * User events run as in a browser: outside React's act(). @testing-library/react wraps each dispatched event in a
 * synchronous act(); a lazy dialog or a `use()` that suspends inside it has its retry queued on an act queue that
 * is gone before the chunk arrives, so the view stays on its fallback for good (testing-library/
 * react-testing-library#1385). user-event already turns the act environment off for the length of an action, and
 * the tests wait for what the visitor would see with findBy/waitFor.
 */
// Lazy chunks (dialogs, the landing page's read-only sections) take a while to transform on a busy machine.
configure({ eventWrapper: (dispatch) => dispatch(), asyncUtilTimeout: 3000 });

/** React's own diagnosis of the failure above; a test that provokes it fails instead of hanging on a fallback. */
const SUSPENDED_IN_ACT = 'A component suspended inside an `act` scope';

beforeEach(() => {
  const consoleError = console.error;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith(SUSPENDED_IN_ACT)) {
      throw new Error(`${args[0]}\nAwait the act: \`await act(async () => ...)\`.`);
    }
    consoleError(...args);
  });
});

afterEach(async () => {
  cleanup();
  // Toasts live in a store shared by the whole page; one test's toast must not show in the next.
  const { notifications } = await import('@mantine/notifications');
  notifications.clean();
  vi.restoreAllMocks();
});
