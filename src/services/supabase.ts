import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import type { AuthToken, SessionEvent } from '../machines/session';
import { AUTH_STORAGE_KEY } from './auth-presence';

/**
 * The auth service (Supabase Auth, or the local emulator). supabase-js is ~55 KB gz, so it is only ever loaded
 * through a dynamic import: the landing page's first load never pays for it.
 */

export interface AuthServiceSettings {
  supabaseUrl: string | null;
  supabaseAnonKey: string | null;
}

/** Names what is missing: the auth service needs a URL and a public key or it errors [product: AUTH-7]. */
export function assertAuthServiceConfigured(
  settings: AuthServiceSettings,
): asserts settings is { supabaseUrl: string; supabaseAnonKey: string } {
  const missing = [
    settings.supabaseUrl?.trim() ? null : 'a URL (supabaseUrl)',
    settings.supabaseAnonKey?.trim() ? null : 'a public key (supabaseAnonKey)',
  ].filter((item): item is string => item !== null);
  if (missing.length > 0) {
    throw new Error(`The auth service is not configured: missing ${missing.join(' and ')}.`);
  }
}

export function isAuthServiceConfigured(settings: AuthServiceSettings): boolean {
  return Boolean(settings.supabaseUrl?.trim() && settings.supabaseAnonKey?.trim());
}

/**
 * The page's client (`page`: its session stored, refreshed and shared by the tabs), or a client on the side
 * (`side`): a sign-in kept in memory only, for proving who one is again (step-up); it leaves the page's sign-in
 * and the other tabs alone.
 */
export async function createAuthServiceClient(
  settings: AuthServiceSettings,
  kind: 'page' | 'side' = 'page',
): Promise<SupabaseClient> {
  assertAuthServiceConfigured(settings);
  const { createClient } = await import('@supabase/supabase-js');
  const page = kind === 'page';
  return createClient(settings.supabaseUrl, settings.supabaseAnonKey, {
    auth: {
      flowType: 'pkce',
      storageKey: page ? AUTH_STORAGE_KEY : `${AUTH_STORAGE_KEY}-side`,
      persistSession: page,
      autoRefreshToken: page,
      detectSessionInUrl: page,
    },
  });
}

/** The session machine's event for an auth-service event; events the session does not model give null. */
export function toSessionEvent(event: AuthChangeEvent, session: Session | null): SessionEvent | null {
  switch (event) {
    // INITIAL_SESSION and SIGNED_IN both say "the auth service holds this session"; the session machine tells a new
    // sign-in from one the server already holds by the token's auth-service session.
    case 'INITIAL_SESSION':
    case 'SIGNED_IN':
      return session ? { type: 'auth.signedIn', ...authTokenOf(session) } : null;
    case 'TOKEN_REFRESHED':
      return session ? { type: 'auth.tokenRefreshed', ...authTokenOf(session) } : null;
    case 'SIGNED_OUT':
      return { type: 'auth.signedOut' };
    case 'PASSWORD_RECOVERY':
      return { type: 'auth.passwordRecovery' };
    default:
      return null;
  }
}

/**
 * The access token and the auth-service session it belongs to (the JWT's `session_id` claim). Read, not verified:
 * it only decides whether the SPA needs to trade the token; the server verifies whatever it is sent.
 */
export function authTokenOf(session: Pick<Session, 'access_token'>): AuthToken {
  return { accessToken: session.access_token, authSessionId: sessionIdClaim(session.access_token) };
}

function sessionIdClaim(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    if (typeof claims !== 'object' || claims === null || !('session_id' in claims)) return null;
    return typeof claims.session_id === 'string' && claims.session_id !== '' ? claims.session_id : null;
  } catch {
    return null;
  }
}

/**
 * Forwards auth-service events to the session actor. The callback stays synchronous on purpose: an async callback
 * that awaits supabase calls can deadlock the client's internal lock.
 */
export function forwardAuthEvents(
  client: Pick<SupabaseClient, 'auth'>,
  session: { send: (event: SessionEvent) => void },
): () => void {
  const {
    data: { subscription },
  } = client.auth.onAuthStateChange((event, authSession) => {
    const sessionEvent = toSessionEvent(event, authSession);
    if (sessionEvent) session.send(sessionEvent);
  });
  return () => subscription.unsubscribe();
}
