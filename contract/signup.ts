import * as v from 'valibot';
import { validationMessages } from './messages';
import { passwordPairEntries } from './password';
import { billingIntervalSchema, DEFAULT_INTERVAL, DEFAULT_PLAN, planIdSchema } from './plans';
import {
  closedObjectMessage,
  EMAIL_MAX_LENGTH,
  emailSchema,
  objectMessage,
  optionalStringSchema,
  optionalText,
  requiredText,
} from './primitives';

/**
 * Signup records (GET/POST /api/signups), the signup dialog and the onboarding form
 * [product: DATA-9, SIGNUP-14, ONB-5, ONB-6].
 */

export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-500', '500+'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];
export const companySizeSchema = v.picklist(
  COMPANY_SIZES,
  `Company size must be one of: ${COMPANY_SIZES.join(', ')}.`,
);

export const NAME_MAX_LENGTH = 200;
export const COMPANY_MAX_LENGTH = 200;

/** An empty select or text box means "not given": stored as null. */
const emptyToNull = <T>(value: T | '' | null | undefined): T | null =>
  value === '' || value === undefined ? null : value;

const optionalCompanySchema = v.pipe(
  v.optional(v.nullable(optionalText('company', COMPANY_MAX_LENGTH)), null),
  v.transform(emptyToNull),
);
const optionalCompanySizeSchema = v.pipe(
  v.optional(v.nullable(v.union([v.literal(''), companySizeSchema], companySizeSchema.message)), null),
  v.transform(emptyToNull),
);

/** A stored signup record as the API answers it. */
export const signupSchema = v.looseObject(
  {
    id: v.optional(v.union([v.string(), v.number()])),
    name: v.string('Signup name must be a string.'),
    email: v.string('Signup email must be a string.'),
    company: optionalStringSchema,
    company_size: v.nullish(companySizeSchema),
    plan: planIdSchema,
    interval: billingIntervalSchema,
    normalized_email: v.string('Signup normalized_email must be a string.'),
    created_date: v.nullish(v.union([v.string(), v.number()])),
  },
  objectMessage('signup'),
);
export type Signup = v.InferOutput<typeof signupSchema>;

/**
 * POST /api/signups. The e-mail is trimmed and lowercased and `normalized_email` is always recomputed from it,
 * whatever the browser sent, so the two can never disagree. Unknown fields are refused (a closed contract), not
 * dropped silently.
 */
export const signupCreateSchema = v.pipe(
  v.strictObject(
    {
      name: requiredText('full name', NAME_MAX_LENGTH, validationMessages.fullNameRequired),
      email: emailSchema,
      company: optionalCompanySchema,
      company_size: optionalCompanySizeSchema,
      plan: v.optional(planIdSchema, DEFAULT_PLAN),
      interval: v.optional(billingIntervalSchema, DEFAULT_INTERVAL),
      normalized_email: v.optional(v.pipe(v.string(), v.maxLength(EMAIL_MAX_LENGTH))),
    },
    closedObjectMessage('signup'),
  ),
  v.transform((input) => ({ ...input, normalized_email: input.email })),
);
export type SignupCreate = v.InferOutput<typeof signupCreateSchema>;
export type SignupCreateInput = v.InferInput<typeof signupCreateSchema>;

/** GET /api/signups?email= (an empty e-mail finds nothing; the address is lowercased before the lookup). */
export const signupLookupQuerySchema = v.object(
  {
    email: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase()), ''),
  },
  objectMessage('signup lookup query'),
);

/** The lookup answers an array, or an object with a `signup` field (a record, a list, or null). */
export const signupLookupResponseSchema = v.union(
  [
    v.array(signupSchema),
    v.looseObject({ signup: v.nullish(v.union([signupSchema, v.array(signupSchema)])) }),
  ],
  'Expected a list of signups or an object with a signup field.',
);
export type SignupLookupResponse = v.InferOutput<typeof signupLookupResponseSchema>;

/** Either answer shape of the lookup as a plain list. */
export function signupsFromLookup(response: SignupLookupResponse): Signup[] {
  if (Array.isArray(response)) return response;
  const { signup } = response;
  if (signup == null) return [];
  return Array.isArray(signup) ? signup : [signup];
}

/** The signup dialog [product: SIGNUP-5, SIGNUP-6]. Company size is optional; everything else is required. */
export const signupFormSchema = v.pipe(
  v.object(
    {
      fullName: requiredText('full name', NAME_MAX_LENGTH, validationMessages.fullNameRequired),
      email: emailSchema,
      ...passwordPairEntries,
      company: requiredText('company name', COMPANY_MAX_LENGTH, validationMessages.companyRequired),
      companySize: optionalCompanySizeSchema,
      plan: planIdSchema,
      interval: billingIntervalSchema,
    },
    objectMessage('signup form'),
  ),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      // An empty confirmation already has its own message.
      (input) => input.confirmPassword === '' || input.password === input.confirmPassword,
      validationMessages.passwordsDoNotMatch,
    ),
    ['confirmPassword'],
  ),
);
export type SignupForm = v.InferOutput<typeof signupFormSchema>;
export type SignupFormInput = v.InferInput<typeof signupFormSchema>;

/** The signup record a completed signup form creates. */
export function signupCreateFromForm(form: SignupForm): SignupCreate {
  return {
    name: form.fullName,
    email: form.email,
    normalized_email: form.email,
    company: form.company,
    company_size: form.companySize,
    plan: form.plan,
    interval: form.interval,
  };
}

/** The onboarding form: name required and trimmed; the e-mail comes from the session, lowercased. */
export const onboardingFormSchema = v.object(
  {
    name: requiredText('full name', NAME_MAX_LENGTH, validationMessages.fullNameRequired),
    email: emailSchema,
    company: optionalCompanySchema,
    company_size: optionalCompanySizeSchema,
    plan: v.optional(planIdSchema, DEFAULT_PLAN),
    interval: v.optional(billingIntervalSchema, DEFAULT_INTERVAL),
  },
  objectMessage('onboarding form'),
);
export type OnboardingForm = v.InferOutput<typeof onboardingFormSchema>;

/**
 * Browser-side pending onboarding item kept in session storage between the signup dialog and onboarding. Storage
 * can hold anything (older builds, hand edits), so each bad field falls back instead of failing the whole item.
 */
export const pendingOnboardingSchema = v.object(
  {
    plan: v.fallback(planIdSchema, DEFAULT_PLAN),
    interval: v.fallback(billingIntervalSchema, DEFAULT_INTERVAL),
    name: v.fallback(v.string(), ''),
    company: v.fallback(v.string(), ''),
    company_size: v.fallback(v.nullable(companySizeSchema), null),
  },
  objectMessage('pending onboarding'),
);
export type PendingOnboarding = v.InferOutput<typeof pendingOnboardingSchema>;

/**
 * What the sign-up dialog chose, carried in the new account's user metadata at the auth service (`signUp`'s
 * `options.data`), so that onboarding opened from the confirmation link in any tab or browser shows it and the
 * server learns the company [issue 18 item 6]. Users can write their own metadata: each value is read leniently
 * (an invalid one is simply absent) and never decides anything but a form's first values and a new user's company.
 */
export const signupChoicesSchema = v.object({
  plan: v.fallback(v.optional(planIdSchema), undefined),
  interval: v.fallback(v.optional(billingIntervalSchema), undefined),
  company: v.fallback(
    v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(COMPANY_MAX_LENGTH))),
    undefined,
  ),
  company_size: v.fallback(v.optional(companySizeSchema), undefined),
});
export type SignupChoices = v.InferOutput<typeof signupChoicesSchema>;

/** The sign-up choices in a user's metadata (anything else in it is ignored). */
export function signupChoicesOf(metadata: unknown): SignupChoices {
  const parsed = v.safeParse(signupChoicesSchema, metadata);
  return parsed.success ? parsed.output : {};
}

/** The sign-up dialog's choices as user metadata (blank ones left out). */
export function signupChoicesMetadata(item: PendingOnboarding): SignupChoices {
  return {
    plan: item.plan,
    interval: item.interval,
    ...(item.company.trim() ? { company: item.company.trim() } : {}),
    ...(item.company_size ? { company_size: item.company_size } : {}),
  };
}

/**
 * The pending onboarding item carried in an account's user metadata (see signupChoicesSchema), or null when the
 * account was not made by the sign-up dialog (no plan chosen there).
 */
export function pendingOnboardingFromMetadata(metadata: unknown): PendingOnboarding | null {
  const choices = signupChoicesOf(metadata);
  if (!choices.plan) return null;
  const fullName = (metadata as { full_name?: unknown }).full_name;
  return {
    plan: choices.plan,
    interval: choices.interval ?? DEFAULT_INTERVAL,
    name: typeof fullName === 'string' ? fullName : '',
    company: choices.company ?? '',
    company_size: choices.company_size ?? null,
  };
}
