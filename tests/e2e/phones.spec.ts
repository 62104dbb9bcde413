import type { Page } from '@playwright/test';
import { customer, expect, signInThroughUi, test } from './fixtures';

/** Phones (issue 21 item 3): everything reachable at 375 px, without sideways scrolling. */

const PHONE = { width: 375, height: 740 };

async function noSidewaysScrolling(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** How far the section's top is from where a section button puts it (under the sticky bar). */
async function distanceFromTop(page: Page, id: string): Promise<number> {
  return page.evaluate((id) => {
    const section = document.getElementById(id);
    if (!section) return Number.POSITIVE_INFINITY;
    const margin = Number.parseFloat(getComputedStyle(section).scrollMarginTop) || 0;
    return Math.abs(section.getBoundingClientRect().top - margin);
  }, id);
}

test.describe('at 375 px', () => {
  test.use({ viewport: PHONE });

  test('the landing top bar has a menu with Features, Pricing and Contact, each reaching its section [product: LAND-44]', async ({
    page,
  }) => {
    await page.goto('/Landing');
    await page.waitForLoadState('networkidle');
    for (const [label, id] of [
      ['Features', 'features'],
      ['Pricing', 'pricing'],
      ['Contact', 'contact'],
    ] as const) {
      const menuButton = page.getByRole('button', { name: 'Sections menu' });
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
      await menuButton.click();
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      const menu = page.getByRole('navigation', { name: 'Sections' });
      await menu.getByRole('button', { name: label }).click();
      await expect(menu).toBeHidden();
      await expect.poll(() => distanceFromTop(page, id), { message: label }).toBeLessThanOrEqual(2);
    }
    await noSidewaysScrolling(page);
  });

  test('Billing History shows every column of every invoice as a card, without sideways scrolling [product: BILL-21]', async ({
    page,
  }) => {
    await signInThroughUi(page, customer);
    await page.goto('/Billing');
    const history = page.getByRole('region', { name: 'Billing History' });
    // The seeded customer has two paid invoices.
    const cards = history.getByRole('listitem');
    await expect(cards).toHaveCount(2);
    for (const card of await cards.all()) {
      await expect(card).toContainText('$');
      await expect(card).toContainText('paid');
      await expect(card).toContainText(/\d\d\/\d\d\/\d{4}/);
      const link = card.getByRole('link', { name: /^Invoice / });
      await link.scrollIntoViewIfNeeded();
      await expect(link).toBeInViewport({ ratio: 1 });
      const box = await card.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    }
    await expect(history.getByRole('table')).toBeHidden();
    await noSidewaysScrolling(page);
  });
});
