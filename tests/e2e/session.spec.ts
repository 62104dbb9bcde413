import { customer, expect, expectAccessible, signInThroughUi, test } from './fixtures';

test.describe('a returning customer', () => {
  test('signs in, reaches a guarded page, stays signed in across a reload, and signs out', async ({
    page,
  }) => {
    await page.goto('/Landing');
    await expectAccessible(page);

    await signInThroughUi(page, customer);

    await page.goto('/profile');
    await expect(page).toHaveURL(/\/profile$/i);
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await expectAccessible(page);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
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
