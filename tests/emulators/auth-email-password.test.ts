import { AuthApiError, AuthWeakPasswordError, isAuthSessionMissingError } from '@supabase/supabase-js';
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

beforeAll(async () => {
  emulators = await startEmulators();
});

afterAll(async () => {
  await emulators?.close();
});

async function signUp(email: string, password = 'Secret123!') {
  return emulators.client().auth.signUp({
    email,
    password,
    options: { data: { full_name: 'Nova Newcomer' }, emailRedirectTo: `${SITE_URL}/Landing` },
  });
}

describe('sign-up with e-mail confirmation', () => {
  it('creates an unconfirmed user, mails a link, and lets the user in once the link is followed', async () => {
    const email = uniqueEmail('signup');
    const client = emulators.client();

    const { data, error } = await signUp(email);
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.user_metadata.full_name).toBe('Nova Newcomer');
    expect(data.user?.identities).toHaveLength(1);

    const early = await client.auth.signInWithPassword({ email, password: 'Secret123!' });
    expect(early.error).toBeInstanceOf(AuthApiError);
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(early.error?.status).toBe(400);

    const mail = await latestMailTo(emulators.mailUrl, email);
    expect(mail.Subject).toBe('Confirm your signup');
    expect(mail.HTML).toContain('>Confirm your email</a>');
    const { status, location } = await redirectOf(verifyLinkIn(mail));
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE_URL}/Landing`);
    const fragment = fragmentOf(location);
    expect([...fragment.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'sb',
      'token_type',
      'type',
    ]);
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('expires_in')).toBe('3600');

    // The tokens from the link are a working session, as detectSessionInUrl would use them.
    const fromLink = await client.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(fromLink.error).toBeNull();
    expect(fromLink.data.user?.email_confirmed_at).toBeTruthy();

    const { data: signedIn, error: signInError } = await emulators
      .client()
      .auth.signInWithPassword({ email, password: 'Secret123!' });
    expect(signInError).toBeNull();
    expect(signedIn.session?.user.email).toBe(email);
    expect(signedIn.user?.user_metadata).toMatchObject({ full_name: 'Nova Newcomer', email_verified: true });
  });

  it('sends the browser back with otp_expired when a link is used twice', async () => {
    const email = uniqueEmail('twice');
    await signUp(email);
    const link = verifyLinkIn(await latestMailTo(emulators.mailUrl, email));
    await redirectOf(link);

    const { status, location } = await redirectOf(link);
    expect(status).toBe(303);
    expect(location.search).toBe('');
    const fragment = fragmentOf(location);
    expect(fragment.get('error')).toBe('access_denied');
    expect(fragment.get('error_code')).toBe('otp_expired');
    expect(fragment.get('error_description')).toBe('Email link is invalid or has expired');
    expect(location.hash).toContain('error_description=Email+link+is+invalid+or+has+expired');
  });

  it('answers a repeated sign-up of a confirmed address with a decoy user and no e-mail', async () => {
    const before = emulators.mailbox.list().length;
    const { data, error } = await signUp('customer@example.com');
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.id).not.toBe((await signedInCustomer()).id);
    expect(emulators.mailbox.list()).toHaveLength(before);
  });

  it('rejects passwords shorter than six characters as weak', async () => {
    const { error } = await signUp(uniqueEmail('weak'), '12345');
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('weak_password');
    expect((error as AuthWeakPasswordError).reasons).toEqual(['length']);
    expect(error?.message).toBe('Password should be at least 6 characters.');
  });

  it('sends the confirmation again on resend, and the newest link is the one that works', async () => {
    const email = uniqueEmail('resend');
    await signUp(email);
    const first = verifyLinkIn(await latestMailTo(emulators.mailUrl, email));

    const { error } = await emulators
      .client()
      .auth.resend({ type: 'signup', email, options: { emailRedirectTo: `${SITE_URL}/Landing` } });
    expect(error).toBeNull();
    const second = verifyLinkIn(await latestMailTo(emulators.mailUrl, email));
    expect(second).not.toBe(first);

    expect(fragmentOf((await redirectOf(first)).location).get('error_code')).toBe('otp_expired');
    expect(fragmentOf((await redirectOf(second)).location).get('type')).toBe('signup');
  });

  it('answers resend for unknown or confirmed addresses with success and sends nothing', async () => {
    const before = emulators.mailbox.list().length;
    const client = emulators.client();
    expect((await client.auth.resend({ type: 'signup', email: uniqueEmail('nobody') })).error).toBeNull();
    expect((await client.auth.resend({ type: 'signup', email: 'customer@example.com' })).error).toBeNull();
    expect(emulators.mailbox.list()).toHaveLength(before);
  });

  it('confirms through verifyOtp with the token hash, for templates that link to the app', async () => {
    const email = uniqueEmail('otp');
    await signUp(email);
    const link = new URL(verifyLinkIn(await latestMailTo(emulators.mailUrl, email)));
    const { data, error } = await emulators
      .client()
      .auth.verifyOtp({ type: 'signup', token_hash: link.searchParams.get('token') ?? '' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeTruthy();
  });

  it('confirms through verifyOtp with the six-digit code from the e-mail', async () => {
    const email = uniqueEmail('code');
    await signUp(email);
    const code =
      /enter the code: (\d{6})/.exec((await latestMailTo(emulators.mailUrl, email)).Text)?.[1] ?? '';
    const wrong = await emulators
      .client()
      .auth.verifyOtp({ type: 'email', email, token: '000000' === code ? '111111' : '000000' });
    expect(wrong.error?.code).toBe('otp_expired');
    const { data, error } = await emulators.client().auth.verifyOtp({ type: 'email', email, token: code });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });
});

async function signedInCustomer() {
  const { data, error } = await emulators
    .client()
    .auth.signInWithPassword({ email: 'customer@example.com', password: 'Customer123!' });
  if (error || !data.user) throw error ?? new Error('no user');
  return data.user;
}

describe('password sign-in', () => {
  it('signs the seeded customer in with a full session', async () => {
    const { data, error } = await emulators
      .client()
      .auth.signInWithPassword({ email: 'customer@example.com', password: 'Customer123!' });
    expect(error).toBeNull();
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.user?.user_metadata.full_name).toBe('Casey Customer');
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
  });

  it('refuses a wrong password with invalid_credentials', async () => {
    const { data, error } = await emulators
      .client()
      .auth.signInWithPassword({ email: 'customer@example.com', password: 'wrong-password' });
    expect(data.session).toBeNull();
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
  });

  it('refuses an unknown address the same way as a wrong password', async () => {
    const { error } = await emulators
      .client()
      .auth.signInWithPassword({ email: uniqueEmail('ghost'), password: 'Customer123!' });
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });
});

describe('sessions', () => {
  it('rotates the refresh token at every refresh', async () => {
    const client = emulators.client();
    const { data } = await client.auth.signInWithPassword({
      email: 'admin@example.com',
      password: 'Admin123!',
    });
    const first = data.session?.refresh_token ?? '';

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session?.refresh_token;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect(refreshed.data.session?.user.email).toBe('admin@example.com');
    // Reuse, the reuse interval and unknown tokens: tests/emulators/auth-contract.test.ts (item 15).
  });

  it('answers getUser with the signed-in user', async () => {
    const client = emulators.client();
    await client.auth.signInWithPassword({ email: 'customer@example.com', password: 'Customer123!' });
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.email).toBe('customer@example.com');
    expect((await client.auth.getSession()).data.session?.user.email).toBe('customer@example.com');
  });

  it('revokes the session on sign-out, so the old access token stops working', async () => {
    const client = emulators.client();
    const { data } = await client.auth.signInWithPassword({
      email: 'customer@example.com',
      password: 'Customer123!',
    });
    const accessToken = data.session?.access_token ?? '';

    expect((await client.auth.signOut()).error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();

    // The client turns session_not_found into AuthSessionMissingError (auth-js fetch.ts handleError).
    const { error } = await emulators.client().auth.getUser(accessToken);
    expect(isAuthSessionMissingError(error)).toBe(true);
    const raw = await fetch(`${emulators.authUrl}/auth/v1/user`, {
      headers: { apikey: ANON_KEY, authorization: `Bearer ${accessToken}` },
    });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toMatchObject({ code: 403, error_code: 'session_not_found' });
  });

  it('signs out only the other sessions with scope others', async () => {
    const mine = emulators.client();
    const other = emulators.client();
    await mine.auth.signInWithPassword({ email: 'admin@example.com', password: 'Admin123!' });
    await other.auth.signInWithPassword({ email: 'admin@example.com', password: 'Admin123!' });

    expect((await mine.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await mine.auth.getUser()).error).toBeNull();
    expect(isAuthSessionMissingError((await other.auth.getUser()).error)).toBe(true);
  });

  it('adopts tokens with setSession and emits SIGNED_IN', async () => {
    const { data } = await emulators
      .client()
      .auth.signInWithPassword({ email: 'customer@example.com', password: 'Customer123!' });
    const client = emulators.client();
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => {
      events.push(event);
    });
    const { data: adopted, error } = await client.auth.setSession({
      access_token: data.session?.access_token ?? '',
      refresh_token: data.session?.refresh_token ?? '',
    });
    expect(error).toBeNull();
    expect(adopted.user?.email).toBe('customer@example.com');
    expect(events).toContain('SIGNED_IN');
  });

  it('updates user metadata by merging, and removes keys set to null', async () => {
    const email = uniqueEmail('meta');
    await emulators
      .client()
      .auth.signUp({ email, password: 'Secret123!', options: { data: { full_name: 'M', plan: 'pro' } } });
    await redirectOf(verifyLinkIn(await latestMailTo(emulators.mailUrl, email)));
    const client = emulators.client();
    await client.auth.signInWithPassword({ email, password: 'Secret123!' });
    const { data, error } = await client.auth.updateUser({ data: { company: 'Acme', plan: null } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'M', company: 'Acme' });
    expect(data.user?.user_metadata).not.toHaveProperty('plan');
  });
});

describe('e-mail change', () => {
  it('mails a confirmation to the new address and switches once it is followed', async () => {
    const email = uniqueEmail('before');
    const newEmail = uniqueEmail('after');
    await signUp(email);
    await redirectOf(verifyLinkIn(await latestMailTo(emulators.mailUrl, email)));
    const client = emulators.client();
    await client.auth.signInWithPassword({ email, password: 'Secret123!' });

    const { data, error } = await client.auth.updateUser(
      { email: newEmail },
      { emailRedirectTo: `${SITE_URL}/Settings` },
    );
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.new_email).toBe(newEmail);

    const mail = await latestMailTo(emulators.mailUrl, newEmail);
    expect(mail.Subject).toBe('Confirm email change');
    const { location } = await redirectOf(verifyLinkIn(mail));
    expect(location.pathname).toBe('/Settings');
    expect(fragmentOf(location).get('type')).toBe('email_change');

    const { data: after } = await client.auth.getUser();
    expect(after.user?.email).toBe(newEmail);
    expect(after.user?.new_email).toBeUndefined();
    expect(
      (await emulators.client().auth.signInWithPassword({ email: newEmail, password: 'Secret123!' })).error,
    ).toBeNull();
  });

  it('refuses an address that another account already has', async () => {
    const client = emulators.client();
    await client.auth.signInWithPassword({ email: 'customer@example.com', password: 'Customer123!' });
    const { error } = await client.auth.updateUser({ email: 'admin@example.com' });
    expect(error).toMatchObject({ status: 422, code: 'email_exists' });
  });
});
