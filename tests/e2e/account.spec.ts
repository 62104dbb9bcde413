import type { Page } from '@playwright/test';
import { defaultSettings } from '../../contract/settings';
import { dashboardUrl } from './addresses';
import { customer, expect, expectAccessible, signInThroughUi, test } from './fixtures';

/** The seeded customer's profile and settings as the seed leaves them, so the other journeys find them so. */
const SEEDED = {
  company: '',
  bio: '',
  phone: '',
  location: '',
  settings: defaultSettings,
};

/** Puts the customer's record back through the API, as the signed-in browser would (CSRF header included). */
async function restoreCustomer(page: Page): Promise<void> {
  const status = await page.evaluate(async (body) => {
    const csrf = document.cookie
      .split('; ')
      .find((cookie) => cookie.startsWith('beacon_csrf='))
      ?.slice('beacon_csrf='.length);
    const response = await fetch('/api/auth/me', {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': decodeURIComponent(csrf ?? ''),
        'x-requested-with': 'XMLHttpRequest',
      },
      body: JSON.stringify(body),
    });
    return response.status;
  }, SEEDED);
  expect(status).toBe(200);
}

const colorScheme = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

test.describe('a customer on the account pages', () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughUi(page, customer);
  });
  test.afterEach(async ({ page }) => {
    await restoreCustomer(page);
  });

  test('edits the profile and finds it after a reload [product: PROF]', async ({ page }) => {
    await page.goto('/Profile');
    const form = page.getByRole('region', { name: 'Personal Information' });
    await expect(form.getByLabel('Email')).toHaveValue(customer.email);
    await expectAccessible(page);

    await form.getByLabel('Company').fill('Journey Networks');
    await form.getByLabel('Phone').fill('+1 (555) 010-0100');
    await form.getByLabel('Location').fill('Berlin');
    await form.getByLabel('Bio').fill('Keeps 300 endpoints patched.');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(form.getByText('Profile updated successfully!')).toBeVisible();

    await page.reload();
    const reloaded = page.getByRole('region', { name: 'Personal Information' });
    await expect(reloaded.getByLabel('Company')).toHaveValue('Journey Networks');
    await expect(reloaded.getByLabel('Phone')).toHaveValue('+1 (555) 010-0100');
    await expect(reloaded.getByLabel('Location')).toHaveValue('Berlin');
    await expect(reloaded.getByLabel('Bio')).toHaveValue('Keeps 300 endpoints patched.');
    await expect(page.getByText('Organization: Journey Networks')).toBeVisible();
  });

  test("saves settings: 'Settings saved successfully!' goes after about 3 s and a reload keeps them [product: SET]", async ({
    page,
  }) => {
    await page.goto('/Settings');
    await expect(page.getByRole('button', { name: 'Save Settings' })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Timezone').selectOption('PST');
    await page.getByLabel('Date format').selectOption('YYYY-MM-DD');
    await page.getByRole('switch', { name: 'Auto refresh' }).click({ force: true });
    await expect(page.getByLabel('Refresh interval')).toBeDisabled();
    await page.getByRole('button', { name: 'Save Settings' }).click();

    const banner = page.getByText('Settings saved successfully!');
    await expect(banner).toBeVisible();
    const shownAt = Date.now();
    await expect(banner).toBeHidden({ timeout: 6_000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(2_000);
    expect(shownFor).toBeLessThan(4_500);

    await page.reload();
    await expect(page.getByLabel('Timezone')).toHaveValue('PST');
    await expect(page.getByLabel('Date format')).toHaveValue('YYYY-MM-DD');
    await expect(page.getByRole('switch', { name: 'Auto refresh' })).not.toBeChecked();

    // The monitoring choices travel with the header's Dashboard button [product: SET-33, HEAD-2].
    const [dashboard] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Dashboard' }).click(),
    ]);
    await expect.poll(() => dashboard.url()).toContain(`${dashboardUrl}/?view=overview&autoRefresh=false`);
    await dashboard.close();
  });

  test('switches to the dark theme and sees it applied, also after a reload [product: SET-34]', async ({
    page,
  }) => {
    await page.goto('/Settings');
    await page.getByLabel('Theme').selectOption('dark');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved successfully!')).toBeVisible();
    await expect.poll(() => colorScheme(page)).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
    await expectAccessible(page);

    await page.goto('/Profile');
    await expect(page.getByRole('region', { name: 'Personal Information' })).toBeVisible();
    expect(await colorScheme(page)).toBe('dark');
    await expectAccessible(page);
  });

  test('uses the mobile bar at 375 px, by keyboard too [product: HEAD-8]', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/Profile');
    await expect(page.getByRole('region', { name: 'Personal Information' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Account' })).toBeHidden();
    await expectAccessible(page);

    const burger = page.getByRole('button', { name: 'Open navigation' });
    await burger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Account menu' });
    await expect(menu).toBeVisible();
    for (const name of ['Profile', 'Billing', 'Settings']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    await expect(menu.getByRole('button', { name: 'Alerts (3)' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Admin Tools' })).toHaveCount(0);
    await expectAccessible(page);

    await menu.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/Settings$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Save Settings' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
