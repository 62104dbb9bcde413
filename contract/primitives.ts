import * as v from 'valibot';
import { validationMessages } from './messages';

/**
 * Building blocks shared by several families. Response fields that the product may omit or send as null are
 * `nullish`; dates arrive either as ISO strings or as epoch numbers (seconds or milliseconds, see the domain's
 * time rules), so a timestamp is either.
 */

export const timestampSchema = v.union(
  [v.string(), v.number()],
  'Expected a date string or an epoch number.',
);
export type Timestamp = v.InferOutput<typeof timestampSchema>;

export const optionalTimestampSchema = v.nullish(timestampSchema);
export const optionalStringSchema = v.nullish(v.string());

export const EMAIL_MAX_LENGTH = 254;

/** Trimmed, lowercased e-mail address, as both the signup record and the lookups store it. */
export const emailSchema = v.config(
  v.pipe(
    v.string('Email must be text.'),
    v.trim(),
    v.toLowerCase(),
    v.nonEmpty(validationMessages.emailRequired),
    v.maxLength(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters.`),
    v.email(validationMessages.emailInvalid),
  ),
  // One message per problem: an empty address is "missing", not also "invalid".
  { abortPipeEarly: true },
);

/** Required free text: trimmed, not empty, at most `max` characters, with the field's label in each message. */
export function requiredText(label: string, max: number, emptyMessage = `Please enter your ${label}.`) {
  return v.pipe(
    v.string(`${capitalise(label)} must be text.`),
    v.trim(),
    v.nonEmpty(emptyMessage),
    v.maxLength(max, `${capitalise(label)} must be at most ${max} characters.`),
  );
}

/** Optional free text: trimmed, at most `max` characters. */
export function optionalText(label: string, max: number) {
  return v.pipe(
    v.string(`${capitalise(label)} must be text.`),
    v.trim(),
    v.maxLength(max, `${capitalise(label)} must be at most ${max} characters.`),
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Message for a strict object: an unknown key names the key (`role cannot be changed here.`); a value that is
 * not an object at all says so.
 */
export function strictObjectMessage(what: string, unknownKey: (key: string) => string) {
  return (issue: v.StrictObjectIssue) =>
    issue.expected === 'never'
      ? unknownKey(String(issue.input))
      : `Expected ${what} to be an object but received ${issue.received}.`;
}

/**
 * Message for a (non-strict) object: a missing required key says `name is required.`; a value that is not an
 * object at all says what was expected. Without it valibot says `Invalid key: Expected "name" but received undefined`.
 */
export function objectMessage(what: string) {
  return (issue: v.ObjectIssue | v.LooseObjectIssue | v.StrictObjectIssue) => {
    const key = issue.path?.at(-1)?.key;
    return issue.input === undefined && key !== undefined
      ? `${String(key)} is required.`
      : `Expected ${what} to be an object but received ${issue.received}.`;
  };
}

/**
 * Message for a closed request body (a strict object): an unknown field is named (`role is not a field of the
 * signup.`) instead of being dropped silently; a missing or wrong field reads as with objectMessage.
 */
export function closedObjectMessage(what: string) {
  const otherwise = objectMessage(what);
  return (issue: v.StrictObjectIssue) =>
    issue.expected === 'never' ? `${String(issue.input)} is not a field of the ${what}.` : otherwise(issue);
}

export const CHECKOUT_SESSION_PREFIX = 'cs_';

/** Provider ids are letters, digits and underscores; anything else never reaches the provider's URLs. */
const PROVIDER_ID = /^[A-Za-z0-9_]+$/;

/** A payment provider's id, checked before any provider call; `rule` says which kind (its prefix). */
export const providerIdSchema = (name: string, rule: v.GenericValidation<string>) =>
  v.pipe(
    v.string(`${name} must be text.`),
    v.trim(),
    rule,
    v.minLength(CHECKOUT_SESSION_PREFIX.length + 1, `${name} must have characters after its prefix.`),
    v.maxLength(255, `${name} must be at most 255 characters.`),
    v.regex(PROVIDER_ID, `${name} may hold only letters, digits and underscores.`),
  );

/** A Checkout Session id (`cs_...`). */
export const checkoutSessionIdSchema = (name: string) =>
  providerIdSchema(
    name,
    v.startsWith(CHECKOUT_SESSION_PREFIX, `${name} must start with ${CHECKOUT_SESSION_PREFIX}.`),
  );
