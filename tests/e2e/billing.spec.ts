import type { Page } from '@playwright/test';
import { paymentsUrl } from './addresses';
import { callApi, expect, newAccount, signInNewCustomer, test } from './fixtures';

/**
 * Billing end to end [product: BILL]: the real SPA, server and payments stand-in. A new customer whose beta trial
 * is over pays on the hosted Checkout page, changes plan, schedules cancellation, resumes in the portal and sees
 * the page pick the change up by polling; the webhook card shows the last event.
 */

const currentPlan = (page: Page) => page.getByRole('region', { name: 'Current Plan' });

test('a customer pays on Checkout, changes plan, schedules cancellation and resumes in the portal', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const account = newAccount('billing');
  await signInNewCustomer(page, account.email);
  // Arrange: the signup record starts the beta trial; it is then ended, so the customer has nothing live.
  expect(await callApi(page, 'POST', '/signups', { name: 'Billing Journey', email: account.email })).toBe(
    201,
  );
  expect(
    await callApi(page, 'POST', '/billing/cancel', { reason: 'other', comment: '', cancelNow: true }),
  ).toBe(200);

  // Picks a plan: with no subscription to change, the dialog goes to the hosted Checkout page.
  await page.goto('/Billing');
  await currentPlan(page).getByRole('button', { name: 'Change Plan' }).click();
  const changeDialog = page.getByRole('dialog', { name: 'Change Plan' });
  await changeDialog.getByRole('radio', { name: /^Starter/ }).check();
  await changeDialog.getByRole('button', { name: 'Confirm Change' }).click();

  await expect(page).toHaveURL(new RegExp(`^${paymentsUrl}/checkout/`));
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Billing Journey');
  await page.getByRole('button', { name: 'Subscribe' }).click();

  // Back on the Billing page: the plan is active with its paid invoice.
  await expect(page).toHaveURL(/\/Billing\?session_id=/);
  await expect(currentPlan(page).getByText('Starter', { exact: true })).toBeVisible();
  await expect(currentPlan(page).getByText('active', { exact: true })).toBeVisible();
  const history = page.getByRole('region', { name: 'Billing History' });
  await expect(history.getByRole('row').nth(1)).toContainText('$19.00');
  await expect(history.getByRole('row').nth(1)).toContainText('paid');

  // Changes plan directly.
  await currentPlan(page).getByRole('button', { name: 'Change Plan' }).click();
  await changeDialog.getByRole('radio', { name: /^Business/ }).check();
  await changeDialog.getByRole('button', { name: 'Confirm Change' }).click();
  await expect(changeDialog.getByRole('status')).toHaveText('Plan updated. Refreshing...');
  await changeDialog.getByRole('button', { name: 'Done' }).click();
  await expect(currentPlan(page).getByText('Business', { exact: true })).toBeVisible();

  // Schedules cancellation at the end of the period.
  await currentPlan(page).getByRole('button', { name: 'Cancel Subscription' }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel Subscription' });
  await cancelDialog.getByLabel('Reason').selectOption('too_expensive');
  await cancelDialog.getByRole('button', { name: 'Cancel at Period End' }).click();
  await expect(cancelDialog.getByRole('status')).toHaveText('Cancellation processed.');
  await cancelDialog.getByRole('button', { name: 'Done' }).click();
  await expect(currentPlan(page).getByRole('button', { name: 'Cancellation Scheduled' })).toBeDisabled();

  // Resumes in the portal; back on the page, polling picks the change up.
  await currentPlan(page).getByRole('button', { name: 'Manage Payment' }).click();
  await expect(page).toHaveURL(new RegExp(`^${paymentsUrl}/portal/`));
  await page.getByRole('button', { name: 'Resume subscription' }).click();
  await page.getByRole('link', { name: 'Return to Beacon RMM' }).click();
  await expect(page).toHaveURL(/\/Billing$/);
  await expect(currentPlan(page).getByRole('button', { name: 'Cancel Subscription' })).toBeEnabled({
    timeout: 30_000,
  });

  // The webhook card shows this customer's own last event, in words and in the default format and zone (UTC).
  await page.reload();
  const webhooks = page.getByRole('region', { name: 'Webhooks Health' });
  await expect(webhooks).toContainText(/Last event: (Subscription updated|Invoice \w+|Payment received)/);
  await expect(webhooks).toContainText(/Received: \d\d\/\d\d\/\d{4} \d{1,2}:\d\d [AP]M UTC/);
  await expect(webhooks).not.toContainText('evt_');
});
