import { shortTokenLife } from './addresses';
import { customer, expect, signInThroughUi, test } from './fixtures';

// This product's auth stand-in issues tokens that live 91 s (AUTH_EMULATOR_JWT_EXPIRY, see playwright.config.ts):
// supabase-js refreshes them every 30 s, so a customer who stays on a page sees a token refresh every 30 s.
test.use({ baseURL: shortTokenLife.appUrl });

test.describe('staying signed in past token refreshes [product: SESSION-12]', () => {
  test('Billing keeps its Cancel dialog and the typed comment open through two refreshes', async ({
    context,
    page,
  }) => {
    // Two refreshes take up to a minute of real time: one every 30 s.
    test.setTimeout(150_000);
    const exchanges: number[] = [];
    /** Refreshed tokens from the auth service (supabase-js's own calls), and what our server made of them. */
    const refreshes: number[] = [];
    const extensions: number[] = [];
    context.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname === '/api/auth/sso/supabase') exchanges.push(response.status());
      if (url.pathname === '/api/auth/refresh') extensions.push(response.status());
      if (url.pathname === '/auth/v1/token' && url.searchParams.get('grant_type') === 'refresh_token')
        refreshes.push(response.status());
    });

    await signInThroughUi(page, customer);
    await page.goto('/Billing');
    await page
      .getByRole('region', { name: 'Current Plan' })
      .getByRole('button', { name: 'Cancel Subscription' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Subscription' });
    await dialog.getByLabel('Reason').selectOption('missing_features');
    const comment = dialog.getByLabel('Comment (optional)');
    await comment.fill('Waiting for the reports module before we commit.');
    const typedInto = await comment.elementHandle();

    // Two refreshes while the dialog is open (the page load itself may have refreshed a token already).
    const before = refreshes.length;
    await expect
      .poll(() => refreshes.length - before, { timeout: 100_000, intervals: [1_000] })
      .toBeGreaterThanOrEqual(2);

    // The same dialog, the same text box (never unmounted), what was typed and chosen, and still signed in.
    expect(await typedInto?.evaluate((element) => element.isConnected)).toBe(true);
    await expect(comment).toHaveValue('Waiting for the reports module before we commit.');
    await expect(dialog.getByLabel('Reason')).toHaveValue('missing_features');
    await expect(page.getByLabel('Loading billing')).toHaveCount(0);
    // Refreshes are not sign-ins: each extended the server session instead.
    expect(exchanges).toEqual([200]);
    await expect.poll(() => extensions.length).toBeGreaterThanOrEqual(refreshes.length);
    expect([...refreshes, ...extensions].every((status) => status === 200)).toBe(true);
    expect((await page.request.get('/api/auth/me')).status()).toBe(200);
  });
});
