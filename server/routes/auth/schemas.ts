import * as v from 'valibot';
import { currentUserSchema, profileFlagsSchema } from '../../../contract/user';

/**
 * GET /api/auth/me answers the current user, and with include_flags=true the same user plus the profile
 * flags. The serializer keeps only declared fields, so one schema declares both (flags optional).
 */
export const meResponseSchema = v.looseObject({
  ...currentUserSchema.entries,
  has_signup: v.optional(profileFlagsSchema.entries.has_signup),
  onboarding_required: v.optional(profileFlagsSchema.entries.onboarding_required),
});
