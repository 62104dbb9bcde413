import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import type { SessionEvent } from '../../src/machines/session';
import {
  assertAuthServiceConfigured,
  createAuthServiceClient,
  forwardAuthEvents,
  toSessionEvent,
} from '../../src/services/supabase';

const session = { access_token: 'access-1' } as Session;

describe('the auth-service client factory', () => {
  it('refuses without a URL, naming it', async () => {
    await expect(createAuthServiceClient({ supabaseUrl: null, supabaseAnonKey: 'anon' })).rejects.toThrow(
      'The auth service is not configured: missing a URL (supabaseUrl).',
    );
  });

  it('refuses without a public key, naming it', async () => {
    await expect(
      createAuthServiceClient({ supabaseUrl: 'http://localhost:54321', supabaseAnonKey: ' ' }),
    ).rejects.toThrow('The auth service is not configured: missing a public key (supabaseAnonKey).');
  });

  it('names both when both are missing', () => {
    expect(() => assertAuthServiceConfigured({ supabaseUrl: '', supabaseAnonKey: null })).toThrow(
      'The auth service is not configured: missing a URL (supabaseUrl) and a public key (supabaseAnonKey).',
    );
  });

  it('creates a PKCE client that does not touch the network until asked', async () => {
    const client = await createAuthServiceClient({
      supabaseUrl: 'http://localhost:54321',
      supabaseAnonKey: 'anon',
    });

    expect(client.auth).toBeDefined();
  });
});

describe('auth-service events', () => {
  it.each<[AuthChangeEvent, SessionEvent | null]>([
    ['SIGNED_IN', { type: 'auth.signedIn', accessToken: 'access-1' }],
    ['TOKEN_REFRESHED', { type: 'auth.tokenRefreshed', accessToken: 'access-1' }],
    ['SIGNED_OUT', { type: 'auth.signedOut' }],
    ['PASSWORD_RECOVERY', { type: 'auth.passwordRecovery' }],
    ['INITIAL_SESSION', null],
    ['USER_UPDATED', null],
  ])('%s becomes %o', (event, expected) => {
    expect(toSessionEvent(event, session)).toEqual(expected);
  });

  it('ignores a SIGNED_IN without a session, as there is no token to exchange', () => {
    expect(toSessionEvent('SIGNED_IN', null)).toBeNull();
  });

  it('forwards events to the session actor from a synchronous callback, and unsubscribes', () => {
    let listener: ((event: AuthChangeEvent, session: Session | null) => unknown) | undefined;
    const unsubscribe = vi.fn();
    const client = {
      auth: {
        onAuthStateChange: (callback: typeof listener) => {
          listener = callback;
          return { data: { subscription: { unsubscribe } } };
        },
      },
    };
    const sent: SessionEvent[] = [];

    const stop = forwardAuthEvents(client as never, { send: (event) => sent.push(event) });
    const returned = listener?.('SIGNED_IN', session);
    listener?.('INITIAL_SESSION', session);
    listener?.('SIGNED_OUT', null);
    stop();

    expect(returned).toBeUndefined();
    expect(sent).toEqual([{ type: 'auth.signedIn', accessToken: 'access-1' }, { type: 'auth.signedOut' }]);
    expect(unsubscribe).toHaveBeenCalledOnce();
  });
});
