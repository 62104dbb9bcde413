import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import { authUrl, inboxUrl } from './addresses';
import { fieldEdgeFailures } from './field-edges';
import { unstyledMantineParts } from './mantine-styles';

/** Seeded, local-only demo accounts (see README). */
export const customer = { email: 'customer@example.com', password: 'Customer123!' };
export const admin = { email: 'admin@example.com', password: 'Admin123!' };

/** A fresh address per test, so tests never depend on each other's accounts or e-mails. */
export function newAccount(label: string): { email: string; password: string } {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { email: `e2e-${label}-${unique}@example.com`, password: 'Journey-Pass-1' };
}

/**
 * Fails the test with the list of WCAG A/AA violations axe finds on the current page; `soft` records the failure and
 * lets the test go on (a walk over many pages reports them all).
 */
export async function expectAccessible(page: Page, { soft = false } = {}): Promise<void> {
  // Half-faded dialogs would fail the contrast rule: let opening transitions finish first. A spinner runs forever
  // and one that stops is cancelled (its promise rejects): neither is a transition to wait for.
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished),
    ),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const check = soft ? expect.soft : expect;
  check(
    violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
  check(await fieldEdgeFailures(page), 'text fields whose edge is under 3:1').toEqual([]);
  check(await unstyledMantineParts(page), 'Mantine parts without their stylesheet').toEqual([]);
}

export function accountMenuButton(page: Page): Locator {
  return page.getByRole('button', { name: /account menu/i });
}

/** Opens the landing page's sign-in dialog, as a visitor would. */
export async function openSignInDialog(page: Page): Promise<Locator> {
  await page.goto('/Landing');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Signs in with e-mail and password through the sign-in dialog and waits for the signed-in avatar menu. */
export async function signInThroughUi(
  page: Page,
  account: { email: string; password: string },
): Promise<void> {
  const dialog = await openSignInDialog(page);
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(accountMenuButton(page)).toBeVisible();
}

/**
 * Registers an account at the auth service directly (arrange step; the sign-up dialog has its own journey).
 * The account stays unconfirmed until the link in its e-mail is followed.
 */
export async function registerAtAuthService(
  request: APIRequestContext,
  account: { email: string; password: string },
  redirectTo: string,
): Promise<void> {
  const response = await request.post(
    `${authUrl}/auth/v1/signup?redirect_to=${encodeURIComponent(redirectTo)}`,
    {
      headers: { apikey: 'local-emulator-anon-key' },
      data: { email: account.email, password: account.password, data: { full_name: 'Journey Tester' } },
    },
  );
  expect(response.status()).toBe(200);
}

/** Opens the newest e-mail to `to` with `subject` in the local inbox's web page (found through its JSON API). */
export async function openLatestMail(page: Page, to: string, subject: string): Promise<void> {
  let id: string | undefined;
  await expect(async () => {
    const response = await page.request.get(`${inboxUrl}/api/v1/messages`);
    const { messages } = (await response.json()) as {
      messages: { ID: string; Subject: string; To: { Address: string }[] }[];
    };
    id = messages.find((m) => m.Subject === subject && m.To.some((t) => t.Address === to))?.ID;
    expect(id, `an e-mail "${subject}" to ${to}`).toBeTruthy();
  }).toPass({ timeout: 5_000 });
  await page.goto(`${inboxUrl}/view/${encodeURIComponent(id!)}`);
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
}

export const test = base;
export { expect };

/** A non-GET call from the signed-in page, with the CSRF token its cookie holds (arrange steps only). */
export async function callApi(page: Page, method: string, path: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = decodeURIComponent(document.cookie.match(/beacon_csrf=([^;]+)/)?.[1] ?? '');
      const response = await fetch(`/api${path}`, {
        method,
        credentials: 'include',
        headers: {
          'Content-Type': 'application/json',
          'X-CSRF-Token': token,
          'X-Requested-With': 'XMLHttpRequest',
        },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { method, path, body },
  );
}

/**
 * Signs a new address in through the auth stand-in's Google chooser, and waits until the app has exchanged it for a
 * server session (the API is called with the browser's cookies right after).
 */
export async function signInNewCustomer(page: Page, email: string): Promise<void> {
  const dialog = await openSignInDialog(page);
  await dialog.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(new RegExp(`^${authUrl}/`));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(accountMenuButton(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
}
