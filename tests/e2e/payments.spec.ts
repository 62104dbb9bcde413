import type { Page } from '@playwright/test';
import { appUrl, paymentsUrl } from './addresses';
import { accountMenuButton, expect, expectAccessible, newAccount, signInNewCustomer, test } from './fixtures';

// The payment provider's half of billing as `npm start` runs it: the server's billing API on the official SDK, the
// stand-in's hosted Checkout and portal pages in Chromium, and webhooks delivered to the app with the shared
// secret. (The SPA's billing page drives the same calls once it exists; here the test makes them.)

/**
 * Back in the app, the SPA restores the auth session and exchanges it for a fresh server session (the cookie is
 * renewed at every sign-in): wait for that before calling the API with the browser's cookies.
 */
async function settled(page: Page): Promise<void> {
  await expect(accountMenuButton(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** A call as the SPA makes it: session cookie, CSRF token from its cookie, X-Requested-With. */
async function api(page: Page, path: string, data?: unknown) {
  const csrf = (await page.context().cookies(appUrl)).find((cookie) => cookie.name.endsWith('beacon_csrf'));
  const response = data
    ? await page.request.post(path, {
        data,
        headers: { 'x-csrf-token': csrf?.value ?? '', 'x-requested-with': 'XMLHttpRequest' },
      })
    : await page.request.get(path);
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return response.json();
}

test('a customer pays on the hosted checkout page, returns, and later schedules cancellation in the portal', async ({
  page,
}) => {
  await signInNewCustomer(page, newAccount('billing').email);

  const { url } = await api(page, '/api/billing/checkout-session', { planName: 'pro_monthly' });
  expect(url.startsWith(`${paymentsUrl}/checkout/`)).toBe(true);
  await page.goto(url);
  await expect(page.getByRole('heading', { name: /Subscribe to Professional monthly/ })).toBeVisible();
  await expectAccessible(page);

  const pay = async (number: string) => {
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Robin Example');
    await page.getByRole('button', { name: 'Subscribe' }).click();
  };
  await pay('4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  // The hosted page sends the browser back to /Billing with the session id (the SPA may then move a user without
  // a signup record on to onboarding, so the request is what is checked, not where the page ends up).
  const returned = page.waitForRequest((request) =>
    request.url().startsWith(`${appUrl}/Billing?session_id=`),
  );
  await pay('4242 4242 4242 4242');
  const sessionId = new URL((await returned).url()).searchParams.get('session_id');
  expect(sessionId).toMatch(/^cs_test_\w+$/);
  await settled(page);
  const { subscription } = await api(page, '/api/billing/sync', { sessionId });
  expect(subscription).toMatchObject({ plan: 'pro', status: 'active' });
  const info = await api(page, '/api/billing/info');
  expect(info.invoices).toEqual([expect.objectContaining({ amount_paid: 5900, status: 'paid' })]);

  // The stand-in delivered the checkout's events to the app, signed with the secret the server verifies.
  await expect(async () => {
    expect(await api(page, '/api/billing/health')).toMatchObject({
      ok: true,
      last_event_id: expect.any(String),
    });
  }).toPass({ timeout: 10_000 });

  const portal = await api(page, '/api/billing/portal', { return_url: `${appUrl}/Billing` });
  await page.goto(portal.url);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Your subscription will be canceled at the end of the billing period.',
  );
  const back = page.getByRole('link', { name: 'Return to Beacon RMM' });
  await expect(back).toHaveAttribute('href', `${appUrl}/Billing`);
  // (A Google account without a signup record is sent on to onboarding by the SPA; the link itself is ours.)
  await back.click();
  await expect(page).toHaveURL(new RegExp(`^${appUrl}/`));
  await settled(page);

  // What the billing page's polling sees: the change arrives by webhook, without a provider call per poll.
  await expect(async () => {
    const after = await api(page, '/api/billing/info');
    expect(after.subscription).toMatchObject({ cancel_at_period_end: true, status: 'active' });
  }).toPass({ timeout: 10_000 });
});
