import type { UserRow } from '../db/schema';
import { organizationOf, type SignupRepository } from './signups';
import { effectiveRole, toCurrentUser } from './users';

/**
 * The current user and the profile flags: what GET /api/auth/me?include_flags=true answers, and the sign-in and
 * refresh answers, and what the server writes into a signed-in page it sends (../lib/spa-pages.ts).
 */
export async function currentUserWithFlags(
  user: UserRow,
  deps: { signups: Pick<SignupRepository, 'findByUser'>; adminEmails: readonly string[] },
) {
  const signup = await deps.signups.findByUser(user.id);
  const hasSignup = signup !== null;
  return {
    ...toCurrentUser(user, effectiveRole(user, deps.adminEmails)),
    // What GET /api/org/ answers, so the hero and Profile show the same organisation.
    organization_name: organizationOf(user, signup),
    has_signup: hasSignup,
    onboarding_required: !hasSignup,
  };
}
