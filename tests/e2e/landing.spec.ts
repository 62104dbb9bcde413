import { expect, test } from './fixtures';

test.describe('the landing page', () => {
  test.describe('before any JavaScript runs', () => {
    test.use({ javaScriptEnabled: false });

    test('is already painted from the HTML the build prerendered, at / and /Landing in any case', async ({
      page,
    }) => {
      for (const address of ['/', '/landing']) {
        await page.goto(address);
        await expect(
          page.getByRole('heading', { level: 1, name: 'Monitor. Manage. Maximize.' }),
        ).toBeVisible();
        await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
        await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
      }
    });

    test('is not what a guarded page paints', async ({ page }) => {
      await page.goto('/Billing');
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    });
  });

  test('the app takes over the prerendered page: Sign In opens the dialog', async ({ page }) => {
    await page.goto('/Landing');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  });
});
