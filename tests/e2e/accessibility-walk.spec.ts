import type { Page } from '@playwright/test';
import {
  accountMenuButton,
  admin,
  callApi,
  customer,
  expect,
  expectAccessible,
  signInThroughUi,
  test,
} from './fixtures';

/**
 * Every page in every state passes axe, WCAG 2.2 A and AA (issue 21 item 2): every route, with its dialogs open, its
 * pending, empty, error and success states and its toasts, at 375 and 1440 px. One test walks them all and names, in
 * its report, what it scanned.
 */

const SIZES = [375, 1440] as const;
/**
 * The dark scheme is not walked yet: the landing page's own styles and the signed-in header fail contrast there (issue
 * 21 item 2 is open for it); add 'dark' here once they pass.
 */
const SCHEMES = ['light'] as const;
type Scheme = (typeof SCHEMES)[number];

/** The scheme as a visitor's browser asks for it and as this browser remembers it [product: SET-34]. */
async function applyScheme(page: Page, scheme: Scheme) {
  await page.emulateMedia({ colorScheme: scheme });
  await page.addInitScript((value) => window.localStorage.setItem('beacon.colorScheme', value), scheme);
}

/** Holds the next identity calls for `ms`, so the page's pending state stays on screen long enough to scan. */
async function holdIdentity(page: Page, ms: number): Promise<() => Promise<void>> {
  const pattern = /\/api\/auth\/me(\?|$)/;
  await page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue().catch(() => {});
  });
  return () => page.unroute(pattern);
}

test('every page in every state passes axe at 375 and 1440 px [product: ROUTE, LAND, BILL, SET, PROF, REFUND]', async ({
  browser,
}) => {
  test.setTimeout(900_000);
  const scanned: string[] = [];

  for (const scheme of SCHEMES) {
    for (const width of SIZES) {
      const where = `${width} px, ${scheme}`;
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        baseURL: test.info().project.use.baseURL,
      });
      const page = await context.newPage();
      await applyScheme(page, scheme);
      const scan = async (what: string) => {
        await test.step(`axe: ${what} (${where})`, () => expectAccessible(page, { soft: true }));
        scanned.push(`${what} (${where})`);
      };

      // The visitor.
      await page.goto('/Landing');
      await expect(page.getByRole('heading', { level: 1, name: 'Monitor. Manage. Maximize.' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await scan('Landing, visitor');
      if (width === 375) {
        await page.getByRole('button', { name: 'Sections menu' }).click();
        await scan('Landing, sections menu open');
        await page.getByRole('button', { name: 'Sections menu' }).click();
      }
      const contact = page.getByRole('form', { name: 'Contact us' });
      await contact.getByRole('button', { name: 'Send Message' }).click();
      await expect(contact.getByText('Please enter your name.')).toBeVisible();
      await scan('Landing, contact form with errors');
      await page.route(/\/api\/contact$/, (route) =>
        route.fulfill({ status: 500, json: { message: 'Down' } }),
      );
      await contact.getByLabel('Name').fill('Ada Lovelace');
      await contact.getByLabel('Email').fill('ada@example.com');
      await contact.getByLabel('Message').fill('A demo, please.');
      await contact.getByRole('button', { name: 'Send Message' }).click();
      await expect(contact.getByRole('alert')).toBeVisible();
      await scan('Landing, contact send failed');
      await page.unroute(/\/api\/contact$/);
      await contact.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByText('Message Sent Successfully!')).toBeVisible();
      await scan('Landing, contact sent');

      await page.getByRole('button', { name: 'Sign In' }).first().click();
      const signIn = page.getByRole('dialog', { name: 'Sign In' });
      await expect(signIn).toBeVisible();
      await scan('Sign-in dialog');
      await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(signIn.locator('[aria-invalid="true"], [role="alert"]').first()).toBeVisible();
      await scan('Sign-in dialog with errors');
      await page.keyboard.press('Escape');

      await page.goto('/Landing?show_signup=1');
      const signup = page.getByRole('dialog', { name: 'Join Beta' });
      await expect(signup).toBeVisible();
      await scan('Sign-up dialog');
      await signup.getByRole('button', { name: 'Create account' }).click();
      await expect(signup.getByText('Please enter your full name.')).toBeVisible();
      await scan('Sign-up dialog with errors');

      await page.goto('/Reset');
      await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await scan('Reset, without a link');

      // Pending: a guarded page while the session is checked.
      const release = await holdIdentity(page, 3_000);
      await page.goto('/Billing');
      await expect(page.getByText('Loading…')).toBeVisible();
      await scan('Billing, pending (Loading…)');
      await release();

      // The customer, in the scheme of their settings [product: SET-34].
      await signInThroughUi(page, customer);
      expect(await callApi(page, 'PATCH', '/auth/me', { settings: { theme: scheme } })).toBe(200);
      await page.reload();
      await expect(accountMenuButton(page)).toBeVisible();
      await page.waitForLoadState('networkidle');
      await scan('Landing, signed in');

      await page.goto('/Dashboard');
      await expect(page.getByRole('button', { name: 'Open Dashboard' })).toBeVisible();
      await scan('Dashboard');

      await page.goto('/Profile');
      // The page itself, not its frame (which shows the same heading while the session loads).
      await expect(page.getByRole('region', { name: 'Personal Information' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await scan('Profile');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Profile updated successfully!')).toBeVisible();
      await scan('Profile, saved');

      await page.goto('/Billing');
      const currentPlan = page.getByRole('region', { name: 'Current Plan' });
      await expect(currentPlan.getByRole('button', { name: 'Change Plan' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await scan('Billing');
      await currentPlan.getByRole('button', { name: 'Change Plan' }).click();
      await expect(page.getByRole('dialog', { name: 'Change Plan' })).toBeVisible();
      await scan('Billing, change-plan dialog');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await currentPlan.getByRole('button', { name: 'Cancel Subscription' }).click();
      const cancel = page.getByRole('dialog', { name: 'Cancel Subscription' });
      await expect(cancel).toBeVisible();
      await cancel.getByLabel(/comment/i).fill('x'.repeat(301));
      await scan('Billing, cancel dialog over the comment limit');
      await page.keyboard.press('Escape');

      await page.goto('/Settings');
      await expect(page.getByRole('button', { name: 'Save Settings' })).toBeVisible();
      await scan('Settings');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expect(page.getByText('Settings saved successfully!')).toBeVisible();
      await scan('Settings, saved');

      // A toast: the identity call hangs past the 7 s cap [product: MSG-SESSION-6].
      await holdIdentity(page, 9_000);
      await page.goto('/Profile');
      await expect(page.getByText('The server could not be reached. Trying again…')).toBeVisible({
        timeout: 10_000,
      });
      await scan('Profile, pending, with the session toast');
      await page.unrouteAll({ behavior: 'ignoreErrors' });

      expect(await callApi(page, 'PATCH', '/auth/me', { settings: { theme: 'light' } })).toBe(200);
      await context.close();

      // The admin.
      const adminContext = await browser.newContext({
        viewport: { width, height: 900 },
        baseURL: test.info().project.use.baseURL,
      });
      const adminPage = await adminContext.newPage();
      await applyScheme(adminPage, scheme);
      await signInThroughUi(adminPage, admin);
      expect(await callApi(adminPage, 'PATCH', '/auth/me', { settings: { theme: scheme } })).toBe(200);
      await adminPage.goto('/AdminRefunds');
      await expect(adminPage.getByRole('heading', { name: 'Refund Management (Admin)' })).toBeVisible();
      await adminPage.waitForLoadState('networkidle');
      await test.step(`axe: AdminRefunds (${where})`, () => expectAccessible(adminPage, { soft: true }));
      scanned.push(`AdminRefunds (${where})`);
      await adminPage.getByRole('button', { name: 'Process Refund Reversal' }).click();
      await expect(
        adminPage.getByText('Enter a Checkout Session ID (cs_...) or Payment Intent ID (pi_...).'),
      ).toBeVisible();
      await test.step(`axe: AdminRefunds with errors (${where})`, () =>
        expectAccessible(adminPage, { soft: true }));
      scanned.push(`AdminRefunds with errors (${where})`);
      expect(await callApi(adminPage, 'PATCH', '/auth/me', { settings: { theme: 'light' } })).toBe(200);
      await adminContext.close();
    }
  }

  test.info().annotations.push({ type: 'scanned', description: scanned.join('; ') });
  await test.info().attach('scanned', { body: scanned.join('\n'), contentType: 'text/plain' });
  process.stdout.write(`axe scanned ${scanned.length} page states:\n${scanned.join('\n')}\n`);
});
