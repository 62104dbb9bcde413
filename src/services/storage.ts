import * as v from 'valibot';
import { type PendingOnboarding, pendingOnboardingSchema } from '../../contract/signup';

/**
 * Browser storage of the product [product: DATA-19, SET-9]: the pending onboarding item (session storage, survives the
 * trip through e-mail confirmation in the same tab) and the locally stored user entry (local storage, cleared at
 * logout). Storage is user-editable, so everything read back is validated and a corrupted entry is dropped rather than
 * trusted.
 */

export const PENDING_ONBOARDING_KEY = 'beacon.pendingOnboarding';
export const LOCAL_USER_KEY = 'beacon.user';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Storage can be missing (server rendering, tests) or throw (Safari private mode, quota, disabled cookies). */
function safely<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

function readJson<S extends v.GenericSchema>(
  storage: KeyValueStorage | undefined,
  key: string,
  schema: S,
): v.InferOutput<S> | null {
  if (!storage) return null;
  const raw = safely(() => storage.getItem(key), null);
  if (raw === null) return null;
  const parsed = safely<unknown>(() => JSON.parse(raw), undefined);
  const result = v.safeParse(schema, parsed);
  if (result.success) return result.output;
  safely(() => storage.removeItem(key), undefined);
  return null;
}

function writeJson(storage: KeyValueStorage | undefined, key: string, value: unknown): void {
  if (storage) safely(() => storage.setItem(key, JSON.stringify(value)), undefined);
}

function remove(storage: KeyValueStorage | undefined, key: string): void {
  if (storage) safely(() => storage.removeItem(key), undefined);
}

const sessionStore = (): KeyValueStorage | undefined => safely(() => globalThis.sessionStorage, undefined);
const localStore = (): KeyValueStorage | undefined => safely(() => globalThis.localStorage, undefined);

export type { PendingOnboarding };

export function readPendingOnboarding(storage = sessionStore()): PendingOnboarding | null {
  return readJson(storage, PENDING_ONBOARDING_KEY, pendingOnboardingSchema);
}

export function writePendingOnboarding(item: PendingOnboarding, storage = sessionStore()): void {
  writeJson(storage, PENDING_ONBOARDING_KEY, item);
}

export function clearPendingOnboarding(storage = sessionStore()): void {
  remove(storage, PENDING_ONBOARDING_KEY);
}

/** Only what identifies the account is kept locally; the server stays the source of truth for the rest. */
export const localUserSchema = v.object({
  id: v.string(),
  email: v.string(),
  full_name: v.nullish(v.string()),
});
export type LocalUser = v.InferOutput<typeof localUserSchema>;

export function readLocalUser(storage = localStore()): LocalUser | null {
  return readJson(storage, LOCAL_USER_KEY, localUserSchema);
}

export function writeLocalUser(user: LocalUser, storage = localStore()): void {
  writeJson(storage, LOCAL_USER_KEY, { id: user.id, email: user.email, full_name: user.full_name ?? null });
}

export function clearLocalUser(storage = localStore()): void {
  remove(storage, LOCAL_USER_KEY);
}

/**
 * Which auth-service session (the token's `session_id`) the server session of this browser was opened from. Shared
 * by the tabs like the cookie is: a page load or another tab that sees the auth service report this same session
 * knows the server already holds it and trades nothing. Only a hint: the server decides, and a 401 still leads to
 * a sign-in.
 */
export const SERVER_AUTH_SESSION_KEY = 'beacon.serverAuthSession';
const serverAuthSessionSchema = v.object({ authSessionId: v.string() });

export function readServerAuthSession(storage = localStore()): string | null {
  return readJson(storage, SERVER_AUTH_SESSION_KEY, serverAuthSessionSchema)?.authSessionId ?? null;
}

export function writeServerAuthSession(authSessionId: string | null, storage = localStore()): void {
  if (authSessionId === null) remove(storage, SERVER_AUTH_SESSION_KEY);
  else writeJson(storage, SERVER_AUTH_SESSION_KEY, { authSessionId });
}

/** Set just before leaving for the billing portal; the billing page polls once it sees it [product: BILL-8]. */
export const PORTAL_RETURN_KEY = 'beacon.portalReturn';

export function markPortalVisit(storage = sessionStore()): void {
  if (storage) safely(() => storage.setItem(PORTAL_RETURN_KEY, '1'), undefined);
}

/** Whether the visitor is back from the portal; the flag is removed, so a later visit of the page does not poll. */
export function takePortalReturn(storage = sessionStore()): boolean {
  if (!storage) return false;
  const flag = safely(() => storage.getItem(PORTAL_RETURN_KEY), null);
  remove(storage, PORTAL_RETURN_KEY);
  return flag !== null;
}
