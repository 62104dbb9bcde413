import { appUrl, authUrl } from './addresses';
import {
  accountMenuButton,
  admin,
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

test.describe('signing in', () => {
  test('the sign-in dialog is accessible and names a wrong password', async ({ page }) => {
    const dialog = await openSignInDialog(page);
    await expectAccessible(page);
    await dialog.getByLabel('Email').fill(customer.email);
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(dialog.getByText('Invalid login credentials')).toBeVisible();
    await expect(accountMenuButton(page)).toHaveCount(0);
  });

  test('an unconfirmed account is refused until the link from the inbox is followed', async ({
    page,
    request,
  }) => {
    const account = newAccount('confirm');
    await registerAtAuthService(request, account, `${appUrl}/Landing`);

    const dialog = await openSignInDialog(page);
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    // The auth service refuses the password of an unconfirmed account; its message names 'confirm'
    // [product: MSG-SIGNIN-2].
    await expect(
      dialog.getByText('Email not confirmed yet. Please check your inbox or resend the link.'),
    ).toBeVisible();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);

    // The link was requested outside this browser (no PKCE verifier here), as when it is opened on another
    // device: it confirms the account, and the customer then signs in with the password.
    await openLatestMail(page, account.email, 'Confirm your signup');
    await page.getByRole('link', { name: 'Confirm your email' }).click();
    await expect(page).toHaveURL(new RegExp(`^${appUrl}/Landing`));

    await signInThroughUi(page, account);
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ email: account.email, role: 'user' });
  });

  test('Google sign-in goes through the account chooser and comes back signed in', async ({ page }) => {
    const account = newAccount('google');
    const dialog = await openSignInDialog(page);
    await dialog.getByRole('button', { name: 'Continue with Google' }).click();

    await expect(page).toHaveURL(new RegExp(`^${authUrl}/`));
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(new RegExp(`^${appUrl}/`));
    await expect(accountMenuButton(page)).toBeVisible();
    const me = await page.request.get('/api/auth/me');
    expect(await me.json()).toMatchObject({ email: account.email });
  });

  test('a forgotten password: the reset e-mail leads to the reset page', async ({ page }) => {
    const dialog = await openSignInDialog(page);
    await dialog.getByLabel('Email').fill(customer.email);
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByText('Password reset email sent. Check your inbox.')).toBeVisible();

    await openLatestMail(page, customer.email, 'Reset your password');
    await page.getByRole('link', { name: 'Reset password' }).click();
    await expect(page).toHaveURL(new RegExp(`^${appUrl}/Reset`, 'i'));
  });

  test('the role comes from the server: the admin is an admin, the customer is not', async ({ page }) => {
    await signInThroughUi(page, admin);
    expect(await (await page.request.get('/api/auth/me')).json()).toMatchObject({ role: 'admin' });

    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign In' }).first()).toBeVisible();

    await signInThroughUi(page, customer);
    expect(await (await page.request.get('/api/auth/me')).json()).toMatchObject({ role: 'user' });
  });
});
