import { describe, expect, it } from 'vitest';
import type { LoadedUser } from '../../src/machines/session';
import { sessionMachine } from '../../src/machines/session';
import { guardedPageRedirect, selectIsAdmin } from '../../src/machines/session-selectors';
import { signedIn } from '../ui/app-fixtures';

/** The guarded pages' addresses [product: ROUTE-9, ROUTE-10]. */
const paths = { landing: '/Landing', dashboard: '/Dashboard', onboarding: '/Onboarding' };

/** The session as the guards read it: signed in with this user and these flags, or signed out (`null`). */
function sessionOf(loaded: LoadedUser | null) {
  return sessionMachine.resolveState({
    value: loaded ? { signedIn: 'current' } : 'anonymous',
    context: {
      user: loaded?.user ?? null,
      flags: loaded?.flags ?? null,
      error: null,
      authSessionId: loaded?.authSessionId ?? null,
      pending: null,
      refreshAttempts: 0,
    },
  });
}

/**
 * The guarded pages' decision [product: ROUTE-9, ROUTE-10, ROUTE-11], which the router and the signed-in frame both
 * read: pages the routing and shell tests reach through the rendered app, here in node, where a machine's mutation
 * run looks first.
 */
describe('guardedPageRedirect', () => {
  it('sends a visitor without a user to Landing, whatever the page', () => {
    expect(guardedPageRedirect(sessionOf(null), paths.dashboard)).toBe(paths.landing);
    expect(guardedPageRedirect(sessionOf(null), paths.onboarding)).toBe(paths.landing);
  });

  it('sends a user who has not onboarded to Onboarding, and shows Onboarding itself', () => {
    const session = sessionOf(signedIn({ onboardingRequired: true }));
    expect(guardedPageRedirect(session, paths.dashboard)).toBe(paths.onboarding);
    expect(guardedPageRedirect(session, paths.onboarding)).toBeNull();
  });

  it('shows an onboarded user the page asked for, Onboarding included', () => {
    const session = sessionOf(signedIn());
    expect(guardedPageRedirect(session, paths.dashboard)).toBeNull();
    expect(guardedPageRedirect(session, paths.onboarding)).toBeNull();
  });
});

describe('selectIsAdmin', () => {
  it('is true for an admin only', () => {
    expect(selectIsAdmin(sessionOf(signedIn({ user: { role: 'admin' } })))).toBe(true);
    expect(selectIsAdmin(sessionOf(signedIn({ user: { role: 'user' } })))).toBe(false);
    expect(selectIsAdmin(sessionOf(null))).toBe(false);
  });
});
