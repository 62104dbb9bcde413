import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulators, fragmentOf, redirectOf, SITE_URL, startEmulators, uniqueEmail } from './harness';

let emulators: Emulators;

beforeAll(async () => {
  emulators = await startEmulators();
});

afterAll(async () => {
  await emulators?.close();
});

/** The form fields the chooser page renders, as a browser would submit them. */
function formFieldsOf(html: string): URLSearchParams {
  const fields = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields.set(match[1] ?? '', (match[2] ?? '').replaceAll('&amp;', '&'));
  }
  return fields;
}

async function startGoogleSignIn(flowType: 'implicit' | 'pkce') {
  const client = emulators.client(flowType);
  const { data, error } = await client.auth.signInWithOAuth({
    provider: 'google',
    options: {
      redirectTo: `${SITE_URL}/Landing`,
      skipBrowserRedirect: true,
      queryParams: { prompt: 'select_account' },
    },
  });
  if (error) throw error;
  const page = await fetch(data.url);
  return { client, url: new URL(data.url), page, html: await page.text() };
}

async function choose(html: string, fields: Record<string, string>) {
  const form = formFieldsOf(html);
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return redirectOf(new URL('/auth/v1/authorize', emulators.authUrl).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
}

describe('Google sign-in (local account chooser)', () => {
  it('renders an accessible chooser that says it is a local stand-in', async () => {
    const { page, html, url } = await startGoogleSignIn('implicit');
    expect(url.pathname).toBe('/auth/v1/authorize');
    expect(url.searchParams.get('provider')).toBe('google');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<label for="email">Email<\/label>\s*<input id="email"/);
    expect(html).toMatch(/<button type="submit"[^>]*>Continue<\/button>/);
    expect(html).toContain('local stand-in for Google');
  });

  it('signs a new address in with tokens in the fragment and creates a confirmed Google user', async () => {
    const { client, html } = await startGoogleSignIn('implicit');
    const email = uniqueEmail('google');
    const { status, location } = await choose(html, { email, full_name: 'Gina Google' });
    expect(status).toBe(302);
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE_URL}/Landing`);
    const fragment = fragmentOf(location);
    expect(fragment.get('type')).toBeNull();
    expect(fragment.get('provider_token')).toBeTruthy();
    expect(fragment.get('token_type')).toBe('bearer');

    const { data, error } = await client.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.app_metadata).toEqual({ provider: 'google', providers: ['google'] });
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Gina Google', email_verified: true });
  });

  it('links Google to an existing e-mail account instead of creating another', async () => {
    const { client, html } = await startGoogleSignIn('implicit');
    const { location } = await choose(html, { email: 'customer@example.com' });
    const fragment = fragmentOf(location);
    const { data } = await client.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(data.user?.user_metadata.full_name).toBe('Casey Customer');
    expect(data.user?.app_metadata.providers).toEqual(['email', 'google']);
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['email', 'google']);
  });

  it('answers ?code= under PKCE, which the client exchanges for a session', async () => {
    const { client, html, url } = await startGoogleSignIn('pkce');
    expect(url.searchParams.get('code_challenge_method')).toBe('s256');
    const email = uniqueEmail('google-pkce');
    const { status, location } = await choose(html, { email });
    expect(status).toBe(302);
    expect(location.hash).toBe('');
    const code = location.searchParams.get('code') ?? '';
    const flowId = location.searchParams.get('sb_flow_id') ?? undefined;
    const { data, error } = await client.auth.exchangeCodeForSession(code, flowId ? { flowId } : undefined);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect(data.session?.provider_token).toBeTruthy();
  });

  it('re-renders the chooser with an alert for an invalid address', async () => {
    const { html } = await startGoogleSignIn('implicit');
    const form = formFieldsOf(html);
    form.set('email', 'not-an-address');
    const response = await fetch(new URL('/auth/v1/authorize', emulators.authUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('role="alert"');
  });

  it('returns an access_denied error when the user cancels', async () => {
    const { html } = await startGoogleSignIn('implicit');
    const { location } = await choose(html, { action: 'cancel' });
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(fragmentOf(location).get('error')).toBe('access_denied');
  });

  it('refuses providers other than Google', async () => {
    const response = await fetch(`${emulators.authUrl}/auth/v1/authorize?provider=github`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: 'validation_failed' });
  });

  it('sends disallowed redirect targets to the site URL instead', async () => {
    const response = await fetch(
      `${emulators.authUrl}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent('https://evil.example/steal')}`,
    );
    const html = await response.text();
    expect(formFieldsOf(html).get('redirect_to')).toBe(SITE_URL);
    const { location } = await choose(html, { email: uniqueEmail('redirect') });
    expect(location.origin).toBe(SITE_URL);
  });

  it('allows the configured extra origin, such as the Vite dev server', async () => {
    const target = 'http://localhost:5173/Landing';
    const response = await fetch(
      `${emulators.authUrl}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(target)}`,
    );
    const { location } = await choose(await response.text(), { email: uniqueEmail('vite') });
    expect(`${location.origin}${location.pathname}`).toBe(target);
  });
});
