import type { Browser, Locator, Page } from '@playwright/test';
import { appUrl, authUrl } from './addresses';
import { accountMenuButton, expect, newAccount, openLatestMail, signInThroughUi, test } from './fixtures';

// Issue 18 items 5 and 6: what a customer chose and owns belongs to their account, not to a tab or an address.

type Account = { email: string; password: string };

/** The sign-up dialog from 'Join Beta', filled and sent. */
async function signUpThroughDialog(
  page: Page,
  account: Account,
  choices: { company: string; plan: string; interval: string },
): Promise<Locator> {
  await page.goto('/Landing');
  await page.getByRole('button', { name: 'Join Beta' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Join Beta' });
  await dialog.getByLabel('Full name').fill('Record Keeper');
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByLabel('Confirm password').fill(account.password);
  await dialog.getByLabel('Company name').fill(choices.company);
  await dialog.getByLabel('Company size').selectOption('51-200');
  await dialog.getByLabel('Plan').selectOption(choices.plan);
  await dialog.getByLabel('Interval').selectOption(choices.interval);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  return dialog;
}

/**
 * Follows the confirmation link in a browser that never saw the sign-up (as a mail client on another device
 * would), then signs in there: the PKCE verifier and the tab's storage are elsewhere, so only the account carries
 * what was chosen.
 */
async function confirmElsewhereAndSignIn(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL: appUrl });
  const page = await context.newPage();
  await openLatestMail(page, account.email, 'Confirm your signup');
  await page.getByRole('link', { name: 'Confirm your email' }).click();
  await expect(page).toHaveURL(new RegExp(`^${appUrl}/Landing`));
  if ((await accountMenuButton(page).count()) === 0) await signInThroughUi(page, account);
  return page;
}

/** Onboarding as the customer finishes it, from the landing page's 'Continue setup'. */
async function finishOnboarding(page: Page) {
  await page.getByRole('link', { name: 'Continue setup' }).click();
  await expect(page).toHaveURL(`${appUrl}/Onboarding`);
  await page.getByRole('button', { name: 'Get started' }).click();
  await expect(page).toHaveURL(`${appUrl}/Dashboard`);
}

const api = async (page: Page, path: string) => (await page.request.get(path)).json();

/** The auth service changes the signed-in customer's address (any supabase-js client can), confirmed by mail. */
async function changeAddress(page: Page, to: string) {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('beacon-auth') ?? '{}') as { access_token?: string }).access_token,
  );
  const response = await page.request.put(`${authUrl}/auth/v1/user`, {
    headers: { apikey: 'local-emulator-anon-key', authorization: `Bearer ${token}` },
    data: { email: to },
  });
  expect(response.status()).toBe(200);
  await openLatestMail(page, to, 'Confirm email change');
  await page.getByRole('link', { name: 'Change email address' }).click();
}

test.describe('records belong to the account [issue 18]', () => {
  test("the confirmation link opened in a fresh browser shows the Founders' Tier, annual, and the company chosen at sign-up", async ({
    browser,
    page,
  }) => {
    test.slow();
    const account = newAccount('elsewhere');
    const dialog = await signUpThroughDialog(page, account, {
      company: 'Elsewhere Networks',
      plan: 'pro',
      interval: 'annual',
    });
    await expect(dialog.getByRole('heading', { name: 'Verify your email' })).toBeVisible();

    const elsewhere = await confirmElsewhereAndSignIn(browser, account);
    await elsewhere.getByRole('link', { name: 'Continue setup' }).click();
    await expect(elsewhere.getByLabel('Plan')).toHaveValue('pro');
    await expect(elsewhere.getByLabel('Billing')).toHaveValue('annual');
    await expect(elsewhere.getByLabel('Company', { exact: true })).toHaveValue('Elsewhere Networks');
    await expect(elsewhere.getByLabel('Company size')).toHaveValue('51-200');
    await elsewhere.getByRole('button', { name: 'Get started' }).click();
    await expect(elsewhere).toHaveURL(`${appUrl}/Dashboard`);

    // The trial started on what was chosen; the organisation typed is the one shown everywhere.
    await expect
      .poll(async () => (await api(elsewhere, '/api/billing/info')).subscription)
      .toMatchObject({ plan: 'pro', interval: 'yearly', status: 'trialing' });
    expect(await api(elsewhere, '/api/org/')).toEqual({ name: 'Elsewhere Networks' });
    await elsewhere.goto('/Landing');
    await expect(elsewhere.getByText('Elsewhere Networks')).toBeVisible();
    await elsewhere.goto('/Profile');
    await expect(elsewhere.getByText('Organization: Elsewhere Networks')).toBeVisible();
    await elsewhere.context().close();
  });

  test('after an address change, whoever registers the old address gets none of the first account’s records', async ({
    browser,
    page,
  }) => {
    test.setTimeout(120_000);
    const first = newAccount('first');
    const dialog = await signUpThroughDialog(page, first, {
      company: 'First Holdings',
      plan: 'pro',
      interval: 'monthly',
    });
    await expect(dialog.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    const firstPage = await confirmElsewhereAndSignIn(browser, first);
    await finishOnboarding(firstPage);
    await expect
      .poll(async () => (await api(firstPage, '/api/billing/info')).subscription?.status)
      .toBe('trialing');

    // The first customer moves to a new address and signs in with it (the next exchange carries it).
    const moved = { ...newAccount('moved'), password: first.password };
    await changeAddress(firstPage, moved.email);
    const again = await (await browser.newContext({ baseURL: appUrl })).newPage();
    await signInThroughUi(again, moved);

    // Somebody else registers the freed address through the sign-up dialog: not "already registered".
    const secondDialog = await signUpThroughDialog(page, first, {
      company: 'Second Start',
      plan: 'starter',
      interval: 'monthly',
    });
    await expect(secondDialog.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    await expect(secondDialog.getByText('This email is already registered')).toHaveCount(0);
    const second = await confirmElsewhereAndSignIn(browser, first);

    // The new account sees nothing of the first one's: no signup record, organisation, onboarding state or billing.
    expect(await api(second, '/api/auth/me?include_flags=true')).toMatchObject({
      email: first.email,
      has_signup: false,
      onboarding_required: true,
      subscription_id: null,
      subscription_status: null,
      organization_name: 'Second Start',
    });
    expect(await api(second, '/api/billing/info')).toMatchObject({
      customerId: null,
      subscription: null,
      invoices: [],
    });
    await expect(second.getByRole('link', { name: 'Continue setup' })).toBeVisible();
    await second.goto('/Billing');
    await expect(second).toHaveURL(`${appUrl}/Onboarding`);
    await expect(second.getByLabel('Company', { exact: true })).toHaveValue('Second Start');

    // The first account still has its subscription, organisation and onboarding, under the new address.
    expect(await api(again, '/api/auth/me?include_flags=true')).toMatchObject({
      email: moved.email,
      has_signup: true,
      subscription_status: 'trialing',
      organization_name: 'First Holdings',
    });
    expect((await api(again, '/api/billing/info')).subscription).toMatchObject({
      plan: 'pro',
      status: 'trialing',
    });
    await again.goto('/Billing');
    await expect(again.getByRole('heading', { name: 'Billing', exact: true })).toBeVisible();
  });
});
