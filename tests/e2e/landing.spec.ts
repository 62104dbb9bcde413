import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Script errors and console errors, except the browser's own line for an expected 401 (nobody is signed in). */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  return errors;
}

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

  test('the app takes over the prerendered page in place, without errors: Sign In opens the dialog', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    // Hydration keeps the painted nodes; a re-render from scratch would remove and repaint the heading.
    await page.addInitScript(() => {
      const removed: string[] = [];
      Object.assign(window, { removedHeadings: removed });
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (node instanceof Element && (node.matches('h1') || node.querySelector('h1')))
              removed.push(node.outerHTML);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/Landing');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { removedHeadings: string[] }).removedHeadings),
    ).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('fits a 360 px phone: one row for the brand and both actions, no sideways scrolling', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto('/');
    expect((await page.getByRole('banner').boundingBox())?.height).toBeLessThanOrEqual(65);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Join Beta' })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('a recovery link that arrives at / still reaches the reset page', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto('/#access_token=not-a-real-token&refresh_token=x&type=recovery');
    await expect(page).toHaveURL(/\/Reset/);
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
