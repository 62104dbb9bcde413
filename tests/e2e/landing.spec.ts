import type { Page } from '@playwright/test';
import { dashboardUrl } from './addresses';
import { customer, expect, expectAccessible, signInThroughUi, test } from './fixtures';

const SETTINGS_NOTE =
  'Alerts and digests are sent by the Beacon monitoring platform, which reads these choices.';

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

    test('paints from one response: its styles are in the HTML, styled as the app styles it', async ({
      page,
    }) => {
      const requests: string[] = [];
      page.on('request', (request) => requests.push(new URL(request.url()).pathname));
      await page.goto('/Landing');
      expect(requests.filter((path) => path.endsWith('.css'))).toEqual([]);
      // The app's stylesheet, not the browser's defaults: the primary button is filled with the theme's indigo.
      await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCSS(
        'background-color',
        'rgb(66, 99, 235)',
      );
    });

    test("paints a signed-in page's frame from one response too, styled as the app styles it", async ({
      page,
    }) => {
      const requests: string[] = [];
      page.on('request', (request) => requests.push(new URL(request.url()).pathname));
      await page.goto('/Billing');
      expect(requests.filter((path) => path.endsWith('.css'))).toEqual([]);
      // Mantine's badge, not a plain span: its label is in capitals.
      await expect(page.getByText('Beta', { exact: true })).toHaveCSS('text-transform', 'uppercase');
    });

    test('is not what a guarded page paints', async ({ page }) => {
      await page.goto('/Billing');
      await expect(page.getByRole('heading', { name: 'Monitor. Manage. Maximize.' })).toHaveCount(0);
    });

    test("a signed-in page paints its frame, its heading and 'Loading…' in the page's place, from the HTML", async ({
      page,
    }) => {
      for (const [address, name] of [
        ['/Billing', 'Billing'],
        ['/settings', 'Settings'],
        ['/Profile', 'Profile'],
      ] as const) {
        await page.goto(address);
        const account = page.getByRole('navigation', { name: 'Account' });
        await expect(account).toBeVisible();
        // The header marks the page it is on.
        await expect(account.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
        await expect(page.getByRole('link', { name: /Beacon RMM/ })).toBeVisible();
        await expect(page.getByRole('main').getByRole('heading', { level: 1, name })).toBeVisible();
        await expect(page.getByRole('main').getByText('Loading…')).toBeVisible();
      }
      await page.goto('/Billing');
      await expect(page.getByText('Your plan, payments and invoices')).toBeVisible();
      // Settings' first section, its heading and note, stands where the form shows it.
      await page.goto('/Settings');
      const notifications = page.getByRole('region', { name: 'Notifications' });
      await expect(notifications.getByText(SETTINGS_NOTE)).toBeVisible();
      await expect(notifications.getByText('Loading…')).toBeVisible();
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

  test('a click made before the app has loaded is not lost: Sign In opens the dialog once it has', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    let releaseApp = () => {};
    const appRequested = new Promise<void>((requested) => {
      void page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        requested();
        await new Promise<void>((release) => {
          releaseApp = release;
        });
        await route.continue();
      });
    });
    await page.goto('/Landing');
    await appRequested;
    await page.getByRole('button', { name: 'Sign In' }).click();
    releaseApp();
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
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

/** The page's layout shifts so far, as the browser scores them (CLS), from the start of the load. */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

test.describe("the visitor's landing page", () => {
  for (const width of [375, 1440]) {
    test(`is complete, accessible and still at ${width} px [product: LAND]`, async ({ page }) => {
      const errors = collectPageErrors(page);
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/Landing');
      await expect(page.getByRole('heading', { level: 1, name: 'Monitor. Manage. Maximize.' })).toBeVisible();
      // The flows have loaded: the address handling and the forms are live.
      await page.waitForLoadState('networkidle');

      await expect(page.locator('#features h3')).toHaveCount(9);
      await expect(page.locator('#social-proof figure')).toHaveCount(3);
      await expect(page.getByText('500K+')).toBeVisible();
      await expect(page.getByText('Early Access')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await layoutShift(page)).toBe(0);
      await expectAccessible(page);
      expect(errors).toEqual([]);
    });
  }

  test('keeps the read-only sections as the build rendered them [product: LAND-32]', async ({ page }) => {
    await page.addInitScript(() => {
      const removed: string[] = [];
      Object.assign(window, { removedHeadings: removed });
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (node instanceof Element && node.matches('h1, h2, h3')) removed.push(node.outerHTML);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/Landing');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('#features h3')).toHaveCount(9);
    expect(
      await page.evaluate(() => (window as unknown as { removedHeadings: string[] }).removedHeadings),
    ).toEqual([]);
  });

  test('reaches every action from the keyboard, and Start 14-Day Free Trial opens sign-up [product: LAND-7]', async ({
    page,
  }) => {
    await page.goto('/Landing');
    await page.waitForLoadState('networkidle');
    const reached = new Set<string>();
    for (let step = 0; step < 40 && !reached.has('Send Message'); step++) {
      await page.keyboard.press('Tab');
      reached.add(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
    }
    for (const name of ['Sign In', 'Start 14-Day Free Trial', 'Book a Demo', 'Contact Sales', 'Send Message'])
      expect([...reached]).toContain(name);

    await page.getByRole('button', { name: 'Start 14-Day Free Trial' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Join Beta' })).toBeVisible();
  });

  test('sends the contact form to the product API [product: LAND-24, LAND-25]', async ({ page }) => {
    await page.goto('/Landing#contact');
    await page.waitForLoadState('networkidle');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Please enter your name.')).toBeVisible();

    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('Message').fill('We manage 300 devices; a demo, please.');
    await form.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByText('Message Sent Successfully!')).toBeVisible();
    await expect(page.getByText("We'll get back to you within 24 hours.")).toBeVisible();
  });

  test('switches the prices to annual and offers sign-up for a plan [product: LAND-20, LAND-35]', async ({
    page,
  }) => {
    await page.goto('/Landing#pricing');
    await page.waitForLoadState('networkidle');
    await page.getByText('Annual').click();
    await expect(page.getByText('$47.17')).toBeVisible();
    await page.getByRole('button', { name: 'Start Free Trial' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Join Beta' })).toBeVisible();
  });

  test('opens sign-up for show_signup and takes it out of the address [product: LAND-26]', async ({
    page,
  }) => {
    await page.goto('/Landing?show_signup=1');
    await expect(page.getByRole('dialog', { name: 'Join Beta' })).toBeVisible();
    await expect(page).toHaveURL(/\/Landing$/);
  });
});

test.describe('a signed-in page', () => {
  test('takes its painted frame over without errors, then shows the page', async ({ page }) => {
    await signInThroughUi(page, customer);
    const errors = collectPageErrors(page);

    await page.goto('/Billing');
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Account' })).toBeVisible();
    await expect(page.getByText('Loading…')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("paints the customer's card on Profile from the HTML the server sends, before any of the app's code", async ({
    page,
  }) => {
    await signInThroughUi(page, customer);
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/Profile');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: 'Casey Customer' })).toBeVisible();
    await expect(main.getByText(customer.email)).toBeVisible();
    await expect(main.getByLabel('Role: user')).toBeVisible();
  });

  // Each page's largest text (its LCP element) where the HTML painted it, before any of the app's code has run.
  for (const { address, text, arrived } of [
    { address: '/Billing', text: 'Your plan, payments and invoices', arrived: 'Current Plan' },
    { address: '/Settings', text: SETTINGS_NOTE, arrived: 'Security' },
    { address: '/Profile', text: 'Casey Customer', arrived: 'Personal Information' },
  ])
    test(`keeps '${text.slice(0, 30)}…' where the HTML painted it while ${address} arrives, on a phone`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await signInThroughUi(page, customer);
      await page.addInitScript((painted) => {
        const state = { shifts: 0, painted: null as { top: number; left: number } | null };
        Object.assign(window, { frameState: state });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
            if (!entry.hadRecentInput) state.shifts += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        document.addEventListener('DOMContentLoaded', () => {
          const element = [...document.querySelectorAll('main p, main h2')].find(
            (candidate) => candidate.textContent === painted,
          );
          const rect = element?.getBoundingClientRect();
          state.painted = rect ? { top: rect.top, left: rect.left } : null;
        });
      }, text);

      await page.goto(address);
      await expect(page.getByRole('region', { name: arrived })).toBeVisible();
      const { painted, shifts } = await page.evaluate(
        () =>
          (window as unknown as { frameState: { shifts: number; painted: { top: number; left: number } } })
            .frameState,
      );
      expect(painted).not.toBeNull();
      const now = await page.getByRole('main').getByText(text, { exact: true }).boundingBox();
      expect({ top: now?.y, left: now?.x }).toEqual({ top: painted.top, left: painted.left });
      expect(shifts).toBeLessThan(0.02);
    });
});

test.describe("the signed-in customer's landing page", () => {
  test('greets the customer, shows the account and stays accessible [product: LAND-10, LAND-13, LAND-15]', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await signInThroughUi(page, customer);

    await expect(
      page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), / }),
    ).toBeVisible();
    for (const badge of ['Account Active', 'Full Access', 'Founding Member'])
      await expect(page.getByText(badge)).toBeVisible();
    // The seeded customer pays for Professional: no trial days, so the badge reads 'Active Member' [product: LAND-15].
    await expect(page.getByText('Active Member', { exact: true })).toBeVisible();
    await expectAccessible(page);

    // The external dashboard opens in a new tab, with the customer's monitoring preferences [product: LAND-11, SET-33].
    const tab = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Open Dashboard' }).click();
    await expect(await tab).toHaveURL(
      new RegExp(`^${dashboardUrl}/?\\?view=overview&autoRefresh=true&refreshInterval=30s$`),
    );

    await page.getByRole('link', { name: 'Manage Account' }).click();
    await expect(page).toHaveURL(/\/Profile$/);
    expect(errors).toEqual([]);
  });

  test("moves nothing when the customer's hero replaces the prerendered visitor's, on a phone", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await signInThroughUi(page, customer);
    // Every layout shift of the next load, as Chromium reports them (the CLS Lighthouse reads).
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });

    await page.goto('/Landing');
    await expect(
      page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), / }),
    ).toBeVisible();
    await expect(page.getByText('Account Active')).toBeVisible();

    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.02);
  });
});
