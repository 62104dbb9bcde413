import * as v from 'valibot';
import { logoutResponseSchema, stepUpResponseSchema } from '../../../contract/session';
import {
  type CurrentUser,
  type CurrentUserWithFlags,
  currentUserSchema,
  currentUserWithFlagsSchema,
  type UserUpdateInput,
} from '../../../contract/user';
import { isUnauthenticatedError } from '../../domain/messages';
import type { ApiClient } from './client';

/** The identity endpoints of the product API [product: API-3, API-4, API-6, API-7] (docs/WIRE.md "Identity"). */

export interface AuthApiOptions {
  /**
   * The auth service's current access token, or null when there is no auth-service session (or no auth service).
   * Used to recover a missing server session once [product: SESSION-4].
   */
  authServiceToken?: () => Promise<string | null>;
  /**
   * The identity answer the page carried, once (../page-identity.ts): the first `meWithFlags` answers it when it has
   * the answer's shape, instead of a round trip.
   */
  pageIdentity?: () => unknown;
}

export interface AuthApi {
  me(): Promise<CurrentUser>;
  meWithFlags(): Promise<CurrentUserWithFlags>;
  updateMe(update: UserUpdateInput): Promise<CurrentUser>;
  /** Trades an auth-service access token for a server session; answers the signed-in user with the flags. */
  ssoSupabase(token: string): Promise<CurrentUserWithFlags>;
  /** A refreshed token of the session's own auth-service session extends it; answers the user with the flags. */
  refresh(token: string): Promise<CurrentUserWithFlags>;
  logout(): Promise<void>;
  /**
   * A token of the same account, just made with the password typed again, makes this session recently signed in
   * (step-up, for money-moving admin actions).
   */
  stepUp(token: string): Promise<void>;
  /** Opens a pre-session before sign-in (login CSRF) and answers its CSRF token. */
  csrf(): Promise<string>;
}

export function createAuthApi(client: ApiClient, options: AuthApiOptions = {}): AuthApi {
  const ssoSupabase = (token: string) =>
    client.post('/auth/sso/supabase', currentUserWithFlagsSchema, { json: { token } });

  /**
   * The server session may have expired while the auth service still holds a valid one: exchange that token and
   * try the identity call once more. Without an auth-service session the 401 stands.
   */
  const withSessionRecovery = async <T>(identityCall: () => Promise<T>): Promise<T> => {
    try {
      return await identityCall();
    } catch (error) {
      if (!isUnauthenticatedError(error) || !options.authServiceToken) throw error;
      const token = await options.authServiceToken().catch(() => null);
      if (!token) throw error;
      try {
        await ssoSupabase(token);
      } catch {
        // The exchange was refused, so a second identity call would only repeat the same 401.
        throw error;
      }
      return identityCall();
    }
  };

  return {
    me: () => withSessionRecovery(() => client.get('/auth/me', currentUserSchema)),
    // The session machine recovers a missing server session itself, with the token the auth service reports.
    meWithFlags: async () => {
      const carried = v.safeParse(currentUserWithFlagsSchema, options.pageIdentity?.() ?? null);
      if (carried.success) return carried.output;
      return client.get('/auth/me', currentUserWithFlagsSchema, { searchParams: { include_flags: 'true' } });
    },
    updateMe: (update) => client.patch('/auth/me', currentUserSchema, { json: update }),
    ssoSupabase,
    refresh: (token) => client.post('/auth/refresh', currentUserWithFlagsSchema, { json: { token } }),
    logout: async () => {
      await client.post('/auth/logout', v.nullish(logoutResponseSchema));
    },
    stepUp: async (token) => {
      await client.post('/auth/step-up', stepUpResponseSchema, { json: { token } });
    },
    csrf: () => client.fetchCsrfToken(),
  };
}
