import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import type { SessionEvent } from '../machines/session';
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

export async function createAuthServiceClient(settings: AuthServiceSettings): Promise<SupabaseClient> {
  assertAuthServiceConfigured(settings);
  const { createClient } = await import('@supabase/supabase-js');
  return createClient(settings.supabaseUrl, settings.supabaseAnonKey, {
    auth: {
      flowType: 'pkce',
      storageKey: AUTH_STORAGE_KEY,
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
    },
  });
}

/** The session machine's event for an auth-service event; events the session does not model give null. */
export function toSessionEvent(event: AuthChangeEvent, session: Session | null): SessionEvent | null {
  switch (event) {
    case 'SIGNED_IN':
      return session ? { type: 'auth.signedIn', accessToken: session.access_token } : null;
    case 'TOKEN_REFRESHED':
      return session ? { type: 'auth.tokenRefreshed', accessToken: session.access_token } : null;
    case 'SIGNED_OUT':
      return { type: 'auth.signedOut' };
    case 'PASSWORD_RECOVERY':
      return { type: 'auth.passwordRecovery' };
    default:
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
