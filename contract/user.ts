import * as v from 'valibot';
import {
  objectMessage,
  optionalStringSchema,
  optionalText,
  optionalTimestampSchema,
  strictObjectMessage,
} from './primitives';
import { settingsSchema, settingsUpdateSchema } from './settings';

/**
 * The current user as the identity call (GET /api/auth/me) answers it. Our server sends the WIRE.md fields; the
 * alternative spellings [product: DATA-1, DATA-2, DATA-4] (created date, organization name, metadata names) are
 * accepted too, so the domain's resolvers can read any of them. Unknown fields survive (loose object).
 */

export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = v.picklist(ROLES, 'Role must be admin or user.');

const namedThingSchema = v.looseObject({ name: optionalStringSchema });
const withCompanySchema = v.looseObject({ company: optionalStringSchema });
const metadataSchema = v.looseObject({ full_name: optionalStringSchema });

export const currentUserSchema = v.looseObject(
  {
    id: v.string('User id must be a string.'),
    email: v.string('User email must be a string.'),
    full_name: optionalStringSchema,
    name: optionalStringSchema,
    /** Missing or unknown roles read as 'user': the least privilege, and the badge's default. */
    role: v.fallback(roleSchema, 'user'),
    company: optionalStringSchema,
    bio: optionalStringSchema,
    phone: optionalStringSchema,
    location: optionalStringSchema,
    created_date: optionalTimestampSchema,
    created_at: optionalTimestampSchema,
    createdAt: optionalTimestampSchema,
    created: optionalTimestampSchema,
    organization_name: optionalStringSchema,
    org_name: optionalStringSchema,
    organization: v.nullish(namedThingSchema),
    org: v.nullish(namedThingSchema),
    profile: v.nullish(withCompanySchema),
    signup: v.nullish(withCompanySchema),
    user_metadata: v.nullish(metadataSchema),
    app_metadata: v.nullish(metadataSchema),
    subscription_id: optionalStringSchema,
    subscription_status: optionalStringSchema,
    plan: optionalStringSchema,
    billing_interval: optionalStringSchema,
    trial_ends_at: optionalTimestampSchema,
    /** Always complete after parsing: a user who never saved settings reads the defaults. */
    settings: v.nullish(settingsSchema, {}),
  },
  objectMessage('current user'),
);
export type CurrentUser = v.InferOutput<typeof currentUserSchema>;
/** What the server may send (before defaults are applied). */
export type CurrentUserInput = v.InferInput<typeof currentUserSchema>;

/** GET /api/auth/me?include_flags=true adds these top-level booleans. */
export const profileFlagsSchema = v.object(
  {
    has_signup: v.boolean('has_signup must be true or false.'),
    onboarding_required: v.boolean('onboarding_required must be true or false.'),
  },
  objectMessage('profile flags'),
);
export type ProfileFlags = v.InferOutput<typeof profileFlagsSchema>;

export const currentUserWithFlagsSchema = v.looseObject(
  {
    ...currentUserSchema.entries,
    ...profileFlagsSchema.entries,
  },
  objectMessage('current user with flags'),
);
export type CurrentUserWithFlags = v.InferOutput<typeof currentUserWithFlagsSchema>;

/** Query of GET /api/auth/me. */
export const meQuerySchema = v.object(
  {
    include_flags: v.optional(v.picklist(['true', 'false'], 'include_flags must be true or false.')),
  },
  objectMessage('me query'),
);

export const PROFILE_LIMITS = { company: 200, bio: 1000, phone: 40, location: 200 } as const;

/**
 * PATCH /api/auth/me: the only fields a user may change about themselves (only company, bio, phone and location are
 * saved, plus settings [product: PROF-4, CLIENT-8]). Strict, so role, email or id in the body is rejected, not ignored.
 * An empty string clears a field; null does too.
 */
export const userUpdateSchema = v.strictObject(
  {
    company: v.optional(v.nullable(optionalText('company', PROFILE_LIMITS.company))),
    bio: v.optional(v.nullable(optionalText('bio', PROFILE_LIMITS.bio))),
    phone: v.optional(v.nullable(optionalText('phone', PROFILE_LIMITS.phone))),
    location: v.optional(v.nullable(optionalText('location', PROFILE_LIMITS.location))),
    settings: v.optional(settingsUpdateSchema),
  },
  strictObjectMessage('the profile update', (key) => `${key} cannot be changed here.`),
);
export type UserUpdate = v.InferOutput<typeof userUpdateSchema>;
export type UserUpdateInput = v.InferInput<typeof userUpdateSchema>;

/** The Personal Information form of the Profile page: the four editable fields, as text. */
export const profileFormSchema = v.object(
  {
    company: optionalText('company', PROFILE_LIMITS.company),
    bio: optionalText('bio', PROFILE_LIMITS.bio),
    phone: optionalText('phone', PROFILE_LIMITS.phone),
    location: optionalText('location', PROFILE_LIMITS.location),
  },
  objectMessage('profile form'),
);
export type ProfileForm = v.InferOutput<typeof profileFormSchema>;
