import * as v from 'valibot';
import { validationFailed } from './errors';

// Request bodies, as supabase-js 2.119 sends them (EMULATORS.md A.4). Unknown keys such as `gotrue_meta_security`
// are ignored, as GoTrue ignores them; absent and null mean the same.

const text = v.nullish(v.string());
const metadata = v.nullish(v.record(v.string(), v.unknown()));

export const signupBodySchema = v.object({
  email: text,
  phone: text,
  password: text,
  data: metadata,
  code_challenge: text,
  code_challenge_method: text,
});

export const passwordGrantSchema = v.object({ email: text, phone: text, password: text });
export const refreshGrantSchema = v.object({ refresh_token: text });
export const pkceGrantSchema = v.object({ auth_code: text, code_verifier: text });

export const recoverBodySchema = v.object({ email: text, code_challenge: text, code_challenge_method: text });

export const resendBodySchema = v.object({
  type: text,
  email: text,
  phone: text,
  code_challenge: text,
  code_challenge_method: text,
});

export const verifyBodySchema = v.object({
  type: text,
  token: text,
  token_hash: text,
  email: text,
  phone: text,
  redirect_to: text,
});

export const updateUserBodySchema = v.object({
  email: text,
  phone: text,
  password: text,
  current_password: text,
  nonce: text,
  data: metadata,
  code_challenge: text,
  code_challenge_method: text,
});

export const redirectQuerySchema = v.object({ redirect_to: v.optional(v.string()) });

export const tokenQuerySchema = v.object({ grant_type: v.optional(v.string()) });

export const logoutQuerySchema = v.object({ scope: v.optional(v.string(), 'global') });

export const verifyQuerySchema = v.object({
  token: v.optional(v.string(), ''),
  type: v.optional(v.string(), ''),
  redirect_to: v.optional(v.string()),
});

export const authorizeQuerySchema = v.object({
  provider: v.optional(v.string(), ''),
  redirect_to: v.optional(v.string()),
  scopes: v.optional(v.string()),
  code_challenge: v.optional(v.string()),
  code_challenge_method: v.optional(v.string()),
});

export const authorizeFormSchema = v.object({
  provider: v.optional(v.string(), ''),
  redirect_to: v.optional(v.string()),
  code_challenge: v.optional(v.string()),
  code_challenge_method: v.optional(v.string()),
  email: v.optional(v.string(), ''),
  full_name: v.optional(v.string(), ''),
  action: v.optional(v.picklist(['continue', 'cancel']), 'continue'),
});

/** Parses or answers 400 validation_failed with the first problem. */
export function parseInput<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input ?? {});
  if (!result.success) {
    const issue = result.issues[0];
    const path = issue.path?.map((item) => String(item.key)).join('.');
    throw validationFailed(path ? `${path}: ${issue.message}` : issue.message);
  }
  return result.output;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** GoTrue's validateEmail: required, at most 255 characters, plausible format; answers it lower-cased. */
export function validEmail(email: string | null | undefined): string {
  const trimmed = (email ?? '').trim();
  if (!trimmed) throw validationFailed('An email address is required');
  if (trimmed.length > 255) throw validationFailed('An email address is too long');
  if (!EMAIL_PATTERN.test(trimmed))
    throw validationFailed('Unable to validate email address: invalid format');
  return trimmed.toLowerCase();
}
