import * as v from 'valibot';
import { type CurrentUserInput, currentUserSchema } from '../../contract/user';
import type { LoadedUser } from '../../src/machines/session';

/**
 * Who is signed in and how the server answers, for the app's tests (re-exported by render-app.tsx): plain data and
 * promises, no DOM and no app, so that the model tests' machine paths can run in node too (vitest.mutation.config.ts).
 */

export function aUser(overrides: Partial<CurrentUserInput> = {}) {
  return v.parse(currentUserSchema, {
    id: 'user-1',
    email: 'casey@example.com',
    full_name: 'Casey Jones',
    role: 'user',
    ...overrides,
  });
}

export function signedIn(
  options: { onboardingRequired?: boolean; user?: Partial<CurrentUserInput> } = {},
): LoadedUser {
  return {
    user: aUser(options.user),
    flags: {
      has_signup: !options.onboardingRequired,
      onboarding_required: options.onboardingRequired ?? false,
    },
    authSessionId: 'auth-session-1',
  };
}

export const noServerSession = () => Object.assign(new Error('Not authenticated'), { status: 401 });

/** A promise the test settles by hand, to observe what the app shows meanwhile. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A stand-in for the tab `window.open('', '_blank')` answers: where the app sent it is its `location.href`. */
export function fakeTab() {
  return { opener: {} as unknown, closed: false, location: { href: 'about:blank' } };
}
