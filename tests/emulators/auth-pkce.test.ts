import { createHash } from 'node:crypto';
import { isAuthSessionMissingError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANON_KEY,
  type Emulators,
  fragmentOf,
  latestMailTo,
  redirectOf,
  SITE_URL,
  startEmulators,
  uniqueEmail,
  verifyLinkIn,
} from './harness';

let emulators: Emulators;
let clock = Date.now();

beforeAll(async () => {
  // A clock the tests can move, to see codes expire.
  emulators = await startEmulators({ now: () => new Date(clock) });
});

afterAll(async () => {
  await emulators?.close();
});

/** What the browser does on the redirect: hand the code (and the flow id the client appended) to the client. */
function codeAndFlow(location: URL): { code: string; flowId?: string } {
  const code = location.searchParams.get('code') ?? '';
  const flowId = location.searchParams.get('sb_flow_id') ?? undefined;
  return flowId ? { code, flowId } : { code };
}

async function confirmedUser(password = 'Original123!') {
  const email = uniqueEmail('pkce');
  await emulators.client().auth.signUp({ email, password });
  await redirectOf(verifyLinkIn(await latestMailTo(emulators.mailUrl, email)));
  return { email, password };
}

describe('password recovery under PKCE', () => {
  it('mails a pkce_ link that returns ?code=, whose exchange emits PASSWORD_RECOVERY and allows a new password', async () => {
    const { email } = await confirmedUser();
    const client = emulators.client('pkce');
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => {
      events.push(event);
    });

    const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo: `${SITE_URL}/Reset` });
    expect(error).toBeNull();
    const mail = await latestMailTo(emulators.mailUrl, email);
    expect(mail.Subject).toBe('Reset your password');
    expect(mail.HTML).toContain('>Reset password</a>');
    const link = new URL(verifyLinkIn(mail));
    expect(link.searchParams.get('token')).toMatch(/^pkce_/);
    expect(link.searchParams.get('type')).toBe('recovery');

    const { status, location } = await redirectOf(link.toString());
    expect(status).toBe(303);
    expect(location.pathname).toBe('/Reset');
    expect(location.hash).toBe('');
    const { code, flowId } = codeAndFlow(location);
    expect(code).toBeTruthy();

    const exchanged = await client.auth.exchangeCodeForSession(code, flowId ? { flowId } : undefined);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.user.email).toBe(email);
    expect(events).toContain('PASSWORD_RECOVERY');

    const updated = await client.auth.updateUser({ password: 'Replaced456!' });
    expect(updated.error).toBeNull();
    expect(events).toContain('USER_UPDATED');

    const fresh = emulators.client();
    expect((await fresh.auth.signInWithPassword({ email, password: 'Original123!' })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await fresh.auth.signInWithPassword({ email, password: 'Replaced456!' })).error).toBeNull();
  });

  it('refuses the same password, and a weak one, when updating', async () => {
    const { email, password } = await confirmedUser();
    const client = emulators.client();
    await client.auth.signInWithPassword({ email, password });
    const same = await client.auth.updateUser({ password });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    const weak = await client.auth.updateUser({ password: 'abc' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
  });

  it('signs out the other sessions when the password changes', async () => {
    const { email, password } = await confirmedUser();
    const changer = emulators.client();
    const bystander = emulators.client();
    await changer.auth.signInWithPassword({ email, password });
    await bystander.auth.signInWithPassword({ email, password });
    expect((await changer.auth.updateUser({ password: 'Another789!' })).error).toBeNull();
    expect((await changer.auth.getUser()).error).toBeNull();
    expect(isAuthSessionMissingError((await bystander.auth.getUser()).error)).toBe(true);
  });

  it('answers recovery requests for unknown addresses with success and sends nothing', async () => {
    const before = emulators.mailbox.list().length;
    const { error } = await emulators.client('pkce').auth.resetPasswordForEmail(uniqueEmail('unknown'));
    expect(error).toBeNull();
    expect(emulators.mailbox.list()).toHaveLength(before);
  });
});

describe('sign-up under PKCE', () => {
  it('confirms through ?code= and signs in with the exchange', async () => {
    const email = uniqueEmail('pkce-signup');
    const client = emulators.client('pkce');
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => {
      events.push(event);
    });
    await client.auth.signUp({
      email,
      password: 'Secret123!',
      options: { emailRedirectTo: `${SITE_URL}/Landing` },
    });
    const { location } = await redirectOf(verifyLinkIn(await latestMailTo(emulators.mailUrl, email)));
    expect(location.pathname).toBe('/Landing');
    const { code, flowId } = codeAndFlow(location);
    const { data, error } = await client.auth.exchangeCodeForSession(code, flowId ? { flowId } : undefined);
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(events).toContain('SIGNED_IN');
  });
});

describe('POST /token?grant_type=pkce', () => {
  const verifier = 'v'.repeat(64);
  const challenge = createHash('sha256').update(verifier).digest('base64url');

  async function postToken(body: Record<string, unknown>) {
    const response = await fetch(`${emulators.authUrl}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: {
        apikey: ANON_KEY,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** Starts a recovery flow by hand and answers the code the e-mail link yields. */
  async function codeFor(method: 's256' | 'plain' = 's256'): Promise<string> {
    const { email } = await confirmedUser();
    const response = await fetch(`${emulators.authUrl}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        code_challenge: method === 's256' ? challenge : verifier,
        code_challenge_method: method,
      }),
    });
    expect(response.status).toBe(200);
    const { location } = await redirectOf(verifyLinkIn(await latestMailTo(emulators.mailUrl, email)));
    return location.searchParams.get('code') ?? '';
  }

  it('exchanges a code once; a second exchange finds no flow', async () => {
    const code = await codeFor();
    const first = await postToken({ auth_code: code, code_verifier: verifier });
    expect(first.status).toBe(200);
    expect(first.body.access_token).toBeTruthy();
    const second = await postToken({ auth_code: code, code_verifier: verifier });
    expect(second).toMatchObject({ status: 404, body: { code: 'flow_state_not_found' } });
  });

  it('accepts the plain method', async () => {
    const code = await codeFor('plain');
    expect((await postToken({ auth_code: code, code_verifier: verifier })).status).toBe(200);
  });

  it('refuses a verifier that does not match the challenge', async () => {
    const code = await codeFor();
    const wrong = await postToken({ auth_code: code, code_verifier: 'w'.repeat(64) });
    expect(wrong).toMatchObject({
      status: 400,
      body: { code: 'bad_code_verifier' },
    });
  });

  it('refuses a code exchanged more than five minutes after it was issued', async () => {
    const code = await codeFor();
    clock += 301_000;
    const late = await postToken({ auth_code: code, code_verifier: verifier });
    expect(late).toMatchObject({ status: 422, body: { code: 'flow_state_expired' } });
  });

  it('requires both the code and the verifier', async () => {
    expect(await postToken({ auth_code: 'x' })).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
  });

  it('refuses half a PKCE pair when a flow starts', async () => {
    const response = await fetch(`${emulators.authUrl}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'customer@example.com', code_challenge: challenge }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: 'validation_failed' });
  });
});

describe('implicit recovery link', () => {
  it('redirects with the session in the fragment and type=recovery', async () => {
    const { email } = await confirmedUser();
    await emulators.client().auth.resetPasswordForEmail(email, { redirectTo: `${SITE_URL}/Reset` });
    const link = verifyLinkIn(await latestMailTo(emulators.mailUrl, email));
    expect(new URL(link).searchParams.get('token')).not.toMatch(/^pkce_/);
    const { location } = await redirectOf(link);
    expect(location.pathname).toBe('/Reset');
    expect(fragmentOf(location).get('type')).toBe('recovery');
    expect(fragmentOf(location).get('access_token')).toBeTruthy();
  });
});
