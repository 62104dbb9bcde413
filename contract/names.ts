/** How a user's name is shown [product: NAME-1, NAME-2, NAME-3]: display name, greeting name and avatar initials. */

type Metadata = { full_name?: string | null } | null | undefined;

export type NameSource = {
  full_name?: string | null;
  name?: string | null;
  user_metadata?: Metadata;
  app_metadata?: Metadata;
  email?: string | null;
};

export const GREETING_FALLBACK = 'there';
export const INITIALS_FALLBACK = 'U';

const EMAIL_LIKE = /^[^\s@]+@[^\s@]+$/;

/** True for text shaped like an address (`someone@host`): sign-up flows often store the e-mail as the name. */
export function looksLikeEmail(text: string): boolean {
  return EMAIL_LIKE.test(text.trim());
}

/** The part before the at-sign with its first letter capitalised: `casey@x.io` -> `Casey`. */
export function nameFromEmail(email: string): string {
  const local = email.trim().split('@')[0] ?? '';
  return local.charAt(0).toUpperCase() + local.slice(1);
}

/**
 * The user's name: the first of full_name, name, user_metadata.full_name, app_metadata.full_name that is a real
 * name. A candidate that looks like an e-mail is ignored; when no real name remains, the name is derived from
 * the e-mail (the user's own, else the e-mail-like candidate). Empty when there is nothing at all.
 */
export function displayName(user: NameSource): string {
  const candidates = [user.full_name, user.name, user.user_metadata?.full_name, user.app_metadata?.full_name]
    .map((value) => value?.trim() ?? '')
    .filter((value) => value !== '');
  const realName = candidates.find((value) => !looksLikeEmail(value));
  if (realName) return realName;
  const email = user.email?.trim() || candidates.find(looksLikeEmail);
  return email ? nameFromEmail(email) : '';
}

/** The first word of the name, for `Good morning, Casey`; 'there' when there is no name. */
export function greetingName(user: NameSource): string {
  return firstWord(displayName(user)) || GREETING_FALLBACK;
}

/** Up to two letters: the first letters of the first two words, uppercase; 'U' when there is no name. */
export function initials(name: string | null | undefined): string {
  const letters = (name ?? '')
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, 2)
    .map((word) => (Array.from(word)[0] ?? '').toUpperCase())
    .join('');
  return letters || INITIALS_FALLBACK;
}

function firstWord(text: string): string {
  return text.trim().split(/\s+/)[0] ?? '';
}
