import type { SupabaseClient } from '@supabase/supabase-js';
import type { SessionEvent } from '../machines/session';
import { hasStoredAuthSession } from './auth-presence';
import type { RuntimeConfig } from './config';
import { createAuthServiceClient, forwardAuthEvents, isAuthServiceConfigured } from './supabase';

/**
 * One auth-service client per page, created on first need and subscribed to the session actor once. Anonymous
 * visitors without a stored session never download supabase-js unless they open a sign-in or sign-up dialog.
 */

export interface AuthService {
  /** The client, loading it on first use; null when the deployment has no auth service. */
  client(): Promise<SupabaseClient | null>;
  /** The current auth-service access token, or null; does not load supabase-js when no session is stored. */
  accessToken(): Promise<string | null>;
  /**
   * Signs out of the auth service when a session may exist; a no-op otherwise. `local` ends only this browser's
   * auth-service session; the default (`global`) ends every session of the user, as a user's own sign-out does.
   */
  signOut(options?: { scope: 'local' | 'global' }): Promise<void>;
  /**
   * Proves the signed-in user's identity again with their password (step-up): a sign-in of the same address on a
   * client of its own, whose access token `use` gets; that sign-in then ends. The page's own sign-in is untouched.
   * Rejects with the auth service's error (a wrong password) or `use`'s.
   */
  reauthenticate(password: string, use: (accessToken: string) => Promise<void>): Promise<void>;
}

export interface AuthServiceDeps {
  runtimeConfig: () => Promise<RuntimeConfig>;
  onEvent: (event: SessionEvent) => void;
  /** Default: supabase-js has a session in localStorage. */
  hasStoredSession?: () => boolean;
  /** Default: the real supabase-js factory; tests pass a double. */
  createClient?: (config: RuntimeConfig, kind?: 'page' | 'side') => Promise<SupabaseClient>;
}

export function createAuthService(deps: AuthServiceDeps): AuthService {
  const hasStoredSession = deps.hasStoredSession ?? (() => hasStoredAuthSession());
  const createClient = deps.createClient ?? createAuthServiceClient;
  let loading: Promise<SupabaseClient | null> | null = null;
  let loaded = false;

  const client = () => {
    loading ??= (async () => {
      const config = await deps.runtimeConfig();
      if (!isAuthServiceConfigured(config)) return null;
      const created = await createClient(config);
      forwardAuthEvents(created, { send: deps.onEvent });
      loaded = true;
      return created;
    })().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };

  const mayHaveSession = () => loaded || hasStoredSession();

  return {
    client,
    accessToken: async () => {
      if (!mayHaveSession()) return null;
      const supabase = await client();
      if (!supabase) return null;
      const { data } = await supabase.auth.getSession();
      return data.session?.access_token ?? null;
    },
    signOut: async (options) => {
      if (!mayHaveSession()) return;
      const supabase = await client();
      if (!supabase) return;
      const { error } = await supabase.auth.signOut(options);
      if (error) throw error;
    },
    reauthenticate: async (password, use) => {
      const supabase = await client();
      const email = supabase ? (await supabase.auth.getSession()).data.session?.user.email : undefined;
      if (!email) throw new Error('You are not signed in with an e-mail address and password.');
      const side = await createClient(await deps.runtimeConfig(), 'side');
      const { data, error } = await side.auth.signInWithPassword({ email, password });
      if (error) throw error;
      try {
        await use(data.session.access_token);
      } finally {
        // That sign-in was only a proof: it ends here (best effort; it would expire by itself).
        await side.auth.signOut({ scope: 'local' }).catch(() => {});
      }
    },
  };
}
