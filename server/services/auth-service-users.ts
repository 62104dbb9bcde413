import * as v from 'valibot';
import { signupChoicesOf } from '../../contract/signup';

/**
 * The auth service's own word on the user behind an access token (GoTrue `GET /auth/v1/user`). A verified JWT
 * only says the token was issued; this call also says the token's session is still alive (a sign-out, a ban
 * or a password change ends it) and whether the address was confirmed. The JWT's `user_metadata.email_verified`
 * cannot be used for that: users can write their own metadata.
 */
export type AuthServiceUser = {
  id: string;
  email: string | null;
  /** The auth service confirmed the address (email_confirmed_at is set). */
  emailConfirmed: boolean;
  isAnonymous: boolean;
  /** The company typed at sign-up (user metadata, see signupChoicesOf); null when none. */
  company: string | null;
};

export type AuthServiceUserLookup = (accessToken: string) => Promise<AuthServiceUser>;

/** The auth service says the token's session or user is gone (401/403): the caller must sign in again. */
export class AuthSessionEndedError extends Error {
  override readonly name = 'AuthSessionEndedError';
}

/** The auth service did not answer usefully (network, timeout, 5xx): not the caller's fault. */
export class AuthServiceUnavailableError extends Error {
  override readonly name = 'AuthServiceUnavailableError';
}

const userResponseSchema = v.looseObject({
  id: v.string(),
  email: v.nullish(v.string()),
  email_confirmed_at: v.nullish(v.string()),
  is_anonymous: v.optional(v.boolean(), false),
  user_metadata: v.optional(v.unknown()),
});

const TIMEOUT_MS = 5_000;

export function httpAuthServiceUsers(options: {
  supabaseUrl: string;
  anonKey: string;
  fetch?: typeof fetch;
}): AuthServiceUserLookup {
  const endpoint = `${options.supabaseUrl}/auth/v1/user`;
  const fetchImpl = options.fetch ?? fetch;
  return async (accessToken) => {
    let response: Response;
    try {
      response = await fetchImpl(endpoint, {
        headers: { apikey: options.anonKey, authorization: `Bearer ${accessToken}` },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new AuthServiceUnavailableError('the auth service did not answer GET /user', { cause: error });
    }
    if (response.status === 401 || response.status === 403) {
      throw new AuthSessionEndedError(`the auth service refused the token (${response.status})`);
    }
    if (!response.ok) {
      throw new AuthServiceUnavailableError(`the auth service answered GET /user with ${response.status}`);
    }
    const parsed = v.safeParse(userResponseSchema, await response.json().catch(() => null));
    if (!parsed.success)
      throw new AuthServiceUnavailableError('the auth service answered an unexpected user');
    const user = parsed.output;
    return {
      id: user.id.toLowerCase(),
      email: user.email ? user.email.trim().toLowerCase() : null,
      emailConfirmed: typeof user.email_confirmed_at === 'string' && user.email_confirmed_at !== '',
      isAnonymous: user.is_anonymous,
      company: signupChoicesOf(user.user_metadata).company ?? null,
    };
  };
}
