import { appUrl } from './addresses';
import {
  accountMenuButton,
  customer,
  expect,
  expectAccessible,
  newAccount,
  openLatestMail,
  openSignInDialog,
  registerAtAuthService,
  signInThroughUi,
  test,
} from './fixtures';

/** Opens the sign-up dialog from the landing page's 'Join Beta'. */
async function openSignupDialog(page: import('@playwright/test').Page) {
  await page.goto('/Landing');
  await page.getByRole('button', { name: 'Join Beta' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Join Beta' });
  await expect(dialog.getByLabel('Full name')).toBeVisible();
  return dialog;
}

async function fillSignup(
  dialog: import('@playwright/test').Locator,
  account: { email: string; password: string },
) {
  await dialog.getByLabel('Full name').fill('Journey Tester');
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByLabel('Confirm password').fill(account.password);
  await dialog.getByLabel('Company name').fill('Journey IT');
  await dialog.getByLabel('Company size').selectOption('11-50');
  await dialog.getByLabel('Plan').selectOption('pro');
  await dialog.getByRole('button', { name: 'Create account' }).click();
}

test.describe('getting in', () => {
  test('a new customer signs up, confirms by the e-mailed link, onboards and lands on /Dashboard', async ({
    page,
  }) => {
    // Two e-mails, four accessibility scans and three pages: more than the suite's default 30 s on a busy machine.
    test.slow();
    const account = newAccount('signup');
    const dialog = await openSignupDialog(page);
    await expectAccessible(page);
    await fillSignup(dialog, account);
    await expect(dialog.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    // The confirmation goes out again right after sign-up: scanned once 'Resend email' has stopped spinning.
    await expect(dialog.getByRole('button', { name: 'Resend email' })).toBeEnabled();
    await expectAccessible(page);

    // Same tab: the PKCE verifier (local storage) and the pending onboarding item (session storage) are here.
    await openLatestMail(page, account.email, 'Confirm your signup');
    await page.getByRole('link', { name: 'Confirm your email' }).click();
    await expect(page).toHaveURL(new RegExp(`^${appUrl}/Landing`));

    // Verified, signed in, no signup record yet: the way on is onboarding [product: LAND-5].
    await page.getByRole('link', { name: 'Continue setup' }).click();
    await expect(page).toHaveURL(`${appUrl}/Onboarding`);
    await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveValue('Journey Tester');
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    await expect(page.getByLabel('Plan')).toHaveValue('pro');
    await expectAccessible(page);
    await page.getByRole('button', { name: "See what's included" }).click();
    const picker = page.getByRole('dialog', { name: 'Choose your plan' });
    await expect(picker).toBeVisible();
    await expectAccessible(page);
    // One device count per plan, the landing cards' [product: PLAN-10]; the button names the plan [product: PICK-5].
    await expect(picker.getByRole('region', { name: "Founders' Tier" })).toContainText('Up to 50 devices');
    await picker.getByRole('button', { name: "Select Founders' Tier" }).click();

    await page.getByRole('button', { name: 'Get started' }).click();
    await expect(page).toHaveURL(`${appUrl}/Dashboard`);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open Dashboard' })).toBeVisible();

    const me = await (await page.request.get('/api/auth/me?include_flags=true')).json();
    expect(me).toMatchObject({ email: account.email, has_signup: true, onboarding_required: false });
    // The 14-day trial shows right after onboarding [product: LIMIT-1, CHECK-6].
    expect(me.trial_ends_at).toBeTruthy();
    await expect(page.getByText('Trial: 14 days left')).toBeVisible();

    // Back does not return to the finished form: the history entry was replaced.
    await page.goBack();
    await expect(page).not.toHaveURL(`${appUrl}/Onboarding`);
  });

  test('the same e-mail cannot sign up twice', async ({ page }) => {
    const dialog = await openSignupDialog(page);
    await fillSignup(dialog, customer);
    await expect(dialog.getByText('This email is already registered. Please sign in instead.')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Verify your email' })).toHaveCount(0);
  });

  test('a customer resets a forgotten password by e-mail and signs in with the new one', async ({
    page,
    browser,
    request,
  }) => {
    // Three browser contexts and two e-mails: more steps than the suite's default 30 s allows for.
    test.slow();
    const account = newAccount('reset');
    await registerAtAuthService(request, account, `${appUrl}/Landing`);
    await openLatestMail(page, account.email, 'Confirm your signup');
    await page.getByRole('link', { name: 'Confirm your email' }).click();
    await expect(page).toHaveURL(new RegExp(`^${appUrl}/Landing`));

    const forgetful = await browser.newContext({ baseURL: appUrl });
    const tab = await forgetful.newPage();
    const dialog = await openSignInDialog(tab);
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(dialog.getByText('Password reset email sent. Check your inbox.')).toBeVisible();

    await openLatestMail(tab, account.email, 'Reset your password');
    await tab.getByRole('link', { name: 'Reset password' }).click();
    await expect(tab.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    // The link's code leaves the address [product: RESET-3].
    await expect(tab).toHaveURL(`${appUrl}/Reset`);
    await expectAccessible(tab);
    await tab.getByLabel('New password', { exact: true }).fill('Brand-New-Pass-2');
    await tab.getByLabel('Confirm new password').fill('Brand-New-Pass-2');
    await tab.getByRole('button', { name: 'Update password' }).click();
    await expect(tab.getByText('Your password has been updated.')).toBeVisible();
    await expect(tab).toHaveURL(`${appUrl}/Landing`);
    await forgetful.close();

    const later = await browser.newContext({ baseURL: appUrl });
    const signInTab = await later.newPage();
    await signInThroughUi(signInTab, { email: account.email, password: 'Brand-New-Pass-2' });
    await expect(accountMenuButton(signInTab)).toBeVisible();
    await later.close();
  });
});
