import { expect, type Page, test } from '@playwright/test';
import { appUrl, authUrl, paymentsUrl, shortTokenLife } from './addresses';
import {
  accountMenuButton,
  admin,
  customer,
  expectAccessible,
  newAccount,
  openSignInDialog,
  signInThroughUi,
} from './fixtures';

// Admin refund reversal [product: REFUND, ROLE-5]: an admin reverses a real payment that a customer made on the
// hosted Checkout page, and anyone else is refused, by the page and by the server.

/** A mutating API call from the page, as the SPA sends it: same origin, the CSRF cookie echoed in the header. */
async function apiPost(page: Page, path: string, body: unknown): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ path, body }) => {
      const token = /(?:^|;\s*)beacon_csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const response = await fetch(path, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-CSRF-Token': decodeURIComponent(token),
          'X-Requested-With': 'XMLHttpRequest',
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, json: await response.json() };
    },
    { path, body },
  );
}

/** A new customer (Google sign-in at the stand-in) who pays for Professional monthly with 4242 4242 4242 4242. */
async function customerWhoPaid(page: Page): Promise<{ email: string; sessionId: string }> {
  const account = newAccount('refunded');
  const dialog = await openSignInDialog(page);
  await dialog.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(new RegExp(`^${authUrl}/`));
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(accountMenuButton(page)).toBeVisible();

  const checkout = await apiPost(page, '/api/billing/checkout-session', { planName: 'pro_monthly' });
  expect(checkout.status).toBe(200);
  await page.goto((checkout.json as { url: string }).url);
  await expect(page).toHaveURL(new RegExp(`^${paymentsUrl}/checkout/`));
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Robin Refunded');
  const back = page.waitForRequest((request) => request.url().startsWith(`${appUrl}/Billing?session_id=`));
  await page.getByRole('button', { name: 'Subscribe' }).click();
  const sessionId = new URL((await back).url()).searchParams.get('session_id') ?? '';
  expect(sessionId).toMatch(/^cs_/);
  // Back in the app, which renews its server session on arrival: let that settle before calling the API.
  await expect(accountMenuButton(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect((await apiPost(page, '/api/billing/sync', { sessionId })).status).toBe(200);
  return { email: account.email, sessionId };
}

async function subscriptionStatus(page: Page): Promise<string | undefined> {
  const info = await page.request.get('/api/billing/info');
  expect(info.status()).toBe(200);
  return ((await info.json()) as { subscription: { status: string } | null }).subscription?.status;
}

test('an admin reverses a customer payment from Checkout: processed, then already processed, and the access is gone', async ({
  page,
  browser,
}) => {
  const paid = await customerWhoPaid(page);
  expect(await subscriptionStatus(page)).toBe('active');

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInThroughUi(adminPage, admin);
  await adminPage.goto('/AdminRefunds');
  await expect(adminPage.getByRole('heading', { name: 'Refund Management (Admin)' })).toBeVisible();
  await expect(adminPage.getByText('Admin-only action')).toBeVisible();
  await expectAccessible(adminPage);

  await adminPage.getByLabel('Payment provider ID').fill(paid.sessionId);
  await adminPage.getByLabel('Notes (optional)').fill('Refund requested by e-mail.');
  await adminPage.getByRole('button', { name: 'Process Refund Reversal' }).click();
  await expect(adminPage.getByText('Refund reversal processed and access updated.')).toBeVisible();
  const recent = adminPage.getByRole('table', { name: 'Recent refund reversals' });
  await expect(recent).toContainText(paid.email);
  await expect(recent).toContainText('Refund requested by e-mail.');

  await adminPage.getByRole('button', { name: 'Process Refund Reversal' }).click();
  await expect(adminPage.getByText('Already processed previously.')).toBeVisible();
  await adminContext.close();

  // The customer's billing info shows the subscription over.
  expect(await subscriptionStatus(page)).toBe('canceled');
});

test('the seeded customer is refused: the page sends them to Landing and the server answers 403', async ({
  page,
}) => {
  await signInThroughUi(page, customer);
  await page.goto('/AdminRefunds');
  await expect(page).toHaveURL(new RegExp(`^${appUrl}/Landing`, 'i'));
  await expect(page.getByRole('heading', { name: 'Refund Management (Admin)' })).toHaveCount(0);

  const refused = await apiPost(page, '/api/admin/refunds/reverse', { paymentIntentId: 'pi_anything' });
  expect(refused.status).toBe(403);
  expect(refused.json).toMatchObject({ message: 'Admin access required.' });
});

test.describe('step-up: a reversal wants a recent sign-in [product: REFUND-16, MSG-REFUND-4, MSG-REFUND-5]', () => {
  // This product wants a sign-in of the last 10 s (STEP_UP_MAX_AGE, playwright.config.ts); the default is 5 min.
  test.use({ baseURL: shortTokenLife.appUrl });

  test("an admin signed in earlier types the password again, beside the page's own sign-in, and the reversal goes on", async ({
    context,
    page,
  }) => {
    const exchanges: number[] = [];
    const stepUps: number[] = [];
    context.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname === '/api/auth/sso/supabase') exchanges.push(response.status());
      if (pathname === '/api/auth/step-up') stepUps.push(response.status());
    });
    await signInThroughUi(page, admin);
    await page.goto('/AdminRefunds');
    await expect(page.getByRole('heading', { name: 'Refund Management (Admin)' })).toBeVisible();
    // The sign-in grows older than this product's window.
    await page.waitForTimeout((shortTokenLife.stepUpSeconds + 2) * 1000);

    await page.getByLabel('Payment provider ID').fill('pi_step_up_missing');
    await page.getByRole('button', { name: 'Process Refund Reversal' }).click();
    const prompt = page.getByRole('form', { name: 'Confirm it is you' });
    await expect(prompt).toContainText(
      'Reversing a refund moves money, and your last sign-in was more than 10 seconds ago. Please enter your password again to continue.',
    );
    await expectAccessible(page);

    await prompt.getByLabel('Password').fill('not-the-password');
    await prompt.getByRole('button', { name: 'Confirm and reverse' }).click();
    await expect(prompt.getByText('Invalid login credentials')).toBeVisible();

    await prompt.getByLabel('Password').fill(admin.password);
    await prompt.getByRole('button', { name: 'Confirm and reverse' }).click();
    // The same reversal went to the server again, past the step-up: the payment lookup answers.
    await expect(page.getByText('No payment pi_step_up_missing was found.')).toBeVisible();
    await expect(prompt).toHaveCount(0);
    expect(stepUps).toEqual([200]);
    // The page's own sign-in is the one it had: no new exchange, still signed in.
    expect(exchanges).toEqual([200]);
    await expect(accountMenuButton(page)).toBeVisible();
  });
});
