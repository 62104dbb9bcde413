import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { appUrl, authUrl } from './addresses';
import { accountMenuButton, customer, expect, expectAccessible, signInThroughUi, test } from './fixtures';

test.describe('a returning customer', () => {
  test('signs in, reaches a guarded page, stays signed in across a reload, and signs out', async ({
    page,
  }) => {
    await page.goto('/Landing');
    await expectAccessible(page);

    await signInThroughUi(page, customer);

    await page.goto('/profile');
    await expect(page).toHaveURL(/\/profile$/i);
    await expect(page.getByRole('region', { name: 'Personal Information' })).toBeVisible();
    await expectAccessible(page);

    await page.reload();
    await expect(page.getByRole('region', { name: 'Personal Information' })).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/i);

    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/Landing$/);
    await expect(page.getByRole('button', { name: 'Sign In' }).first()).toBeVisible();

    // The server session is gone: a guarded page sends the visitor back to the landing page.
    await page.goto('/Billing');
    await expect(page).toHaveURL(/\/Landing$/);
  });

  test('an anonymous visitor asking for a guarded page lands on the landing page', async ({ page }) => {
    await page.goto('/Settings');
    await expect(page).toHaveURL(/\/Landing$/);
  });
});

/** Counts the token exchanges (POST /api/auth/sso/supabase) every page of a browser context sends. */
function countExchanges(context: BrowserContext) {
  const exchanges: string[] = [];
  context.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/auth/sso/supabase')
      exchanges.push(request.frame().page().url());
  });
  return exchanges;
}

/** A signed-in page whose auth service has started and reported its session (INITIAL_SESSION, SIGNED_IN). */
async function expectSignedInAndSettled(page: Page) {
  await expect(accountMenuButton(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test.describe('one sign-in, one exchange [product: SESSION-11, SESSION-13]', () => {
  test('twelve page loads and two more tabs make no token exchange after the sign-in', async ({
    context,
    page,
  }) => {
    // Fourteen page loads, each waited on until the auth service has reported its session (network idle).
    test.setTimeout(120_000);
    const exchanges = countExchanges(context);
    await signInThroughUi(page, customer);
    await expect.poll(() => exchanges.length).toBe(1);

    const pages = ['/Landing', '/Profile', '/Billing', '/Settings', '/Landing', '/Profile'];
    for (const path of [...pages, ...pages]) {
      await page.goto(path);
      await expectSignedInAndSettled(page);
    }
    // Focus and visibility changes make supabase-js report SIGNED_IN again: not a sign-in either.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.waitForLoadState('networkidle');
    const afterTwelveLoads = exchanges.length;

    const [first, second] = await Promise.all([context.newPage(), context.newPage()]);
    await Promise.all([first.goto('/Billing'), second.goto('/Settings')]);
    await Promise.all([expectSignedInAndSettled(first), expectSignedInAndSettled(second)]);
    await page.bringToFront();
    await page.waitForLoadState('networkidle');

    // The measurement, in the run's output.
    process.stdout.write(
      `token exchanges: sign-in + 12 page loads = ${afterTwelveLoads}; + 2 tabs = ${exchanges.length}\n`,
    );
    expect(afterTwelveLoads).toBe(1);
    expect(exchanges).toHaveLength(1);
    await expect(first.getByRole('heading', { name: 'Billing', exact: true })).toBeVisible();
    await expect(second.getByText('Loading settings...')).toHaveCount(0);
  });

  test('a sign-in in one tab shows the others signed in, and a sign-out signs them all out', async ({
    context,
    page,
  }) => {
    const exchanges = countExchanges(context);
    const other = await context.newPage();
    await other.goto('/Landing');
    await expect(other.getByRole('button', { name: 'Sign In' }).first()).toBeVisible();

    await signInThroughUi(page, customer);
    // The other tab never loaded the auth service: it hears of the sign-in from this one, at once.
    await expect(accountMenuButton(other)).toBeVisible({ timeout: 1_000 });
    expect(exchanges).toHaveLength(1);

    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/Landing$/);
    await expect(other.getByRole('button', { name: 'Sign In' }).first()).toBeVisible({ timeout: 1_000 });
    await expect(accountMenuButton(other)).toHaveCount(0);
  });

  test('a sign-out in another tab while a signed-in page loads its code signs that page out too', async ({
    context,
    page,
  }) => {
    await signInThroughUi(page, customer);
    const other = await context.newPage();
    // The other tab's page has arrived, with the customer written in by the server, but not yet its services (and
    // with them its channel to the other tabs) when this tab signs out.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    await other.route(/\/assets\/app-services-[^/]*\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await other.goto('/Profile', { waitUntil: 'commit' });
    await expect.poll(() => asked).toBe(true);
    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/Landing/);
    release();
    await expect(other).toHaveURL(/\/Landing/);
    await expect(accountMenuButton(other)).toHaveCount(0);
  });

  test('twelve sign-ins of one account in a minute are all accepted [product: LIMIT-25]', async ({
    playwright,
  }) => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const signedIn = await playwright.request.newContext({ baseURL: appUrl });
      const token = await passwordSignIn(signedIn, customer);
      const { csrfToken } = (await (await signedIn.get('/api/auth/csrf')).json()) as { csrfToken: string };
      const exchange = await signedIn.post('/api/auth/sso/supabase', {
        data: { token },
        headers: { 'X-CSRF-Token': csrfToken, 'X-Requested-With': 'XMLHttpRequest' },
      });
      statuses.push(exchange.status());
      await signedIn.dispose();
    }
    expect(statuses).toEqual(Array(12).fill(200));
  });
});

/** The auth stand-in's password grant, as supabase-js sends it; answers the access token. */
async function passwordSignIn(
  request: APIRequestContext,
  account: { email: string; password: string },
): Promise<string> {
  const response = await request.post(`${authUrl}/auth/v1/token?grant_type=password`, {
    headers: { apikey: 'local-emulator-anon-key' },
    data: { email: account.email, password: account.password },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}
