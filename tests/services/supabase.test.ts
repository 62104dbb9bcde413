import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import type { SessionEvent } from '../../src/machines/session';
import {
  assertAuthServiceConfigured,
  authTokenOf,
  createAuthServiceClient,
  forwardAuthEvents,
  toSessionEvent,
} from '../../src/services/supabase';

/** An access token shaped like the auth service's: header, claims (with the auth-service session), signature. */
const claims = { sub: 'user-1', session_id: 'auth-session-1' };
const accessToken = `eyJhbGciOiJFUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2ln`;
const session = { access_token: accessToken } as Session;
const token = { accessToken, authSessionId: 'auth-session-1' };

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
    ['SIGNED_IN', { type: 'auth.signedIn', ...token }],
    // A session the auth service holds at start: the session machine decides whether the server holds it too.
    ['INITIAL_SESSION', { type: 'auth.signedIn', ...token }],
    ['TOKEN_REFRESHED', { type: 'auth.tokenRefreshed', ...token }],
    ['SIGNED_OUT', { type: 'auth.signedOut' }],
    ['PASSWORD_RECOVERY', { type: 'auth.passwordRecovery' }],
    ['USER_UPDATED', null],
  ])('%s becomes %o', (event, expected) => {
    expect(toSessionEvent(event, session)).toEqual(expected);
  });

  it('ignores a SIGNED_IN or INITIAL_SESSION without a session, as there is no token to exchange', () => {
    expect(toSessionEvent('SIGNED_IN', null)).toBeNull();
    expect(toSessionEvent('INITIAL_SESSION', null)).toBeNull();
  });

  it('reads no auth-service session from a token without one, or from something that is not a JWT', () => {
    const withoutSessionId = `e30.${Buffer.from('{"sub":"user-1"}').toString('base64url')}.c2ln`;
    expect(authTokenOf({ access_token: withoutSessionId })).toEqual({
      accessToken: withoutSessionId,
      authSessionId: null,
    });
    expect(authTokenOf({ access_token: 'not-a-jwt' })).toEqual({
      accessToken: 'not-a-jwt',
      authSessionId: null,
    });
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
    listener?.('USER_UPDATED', session);
    listener?.('SIGNED_OUT', null);
    stop();

    expect(returned).toBeUndefined();
    expect(sent).toEqual([{ type: 'auth.signedIn', ...token }, { type: 'auth.signedOut' }]);
    expect(unsubscribe).toHaveBeenCalledOnce();
  });
});
