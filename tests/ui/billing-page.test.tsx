import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PORTAL_RETURN_KEY } from '../../src/services/storage';
import { billingInfo, noSubscription, scheduledToCancel, trialEnded } from './billing-fixtures';
import { type AppDoubles, renderApp, signedIn } from './render-app';

const card = (name: string) => screen.getByRole('region', { name });

/** The billing page, its requests as `billing` says, and its dialogs' and the portal's as `others` does. */
async function openBilling(
  billing: AppDoubles['billing'],
  others: Pick<AppDoubles, 'changePlan' | 'cancellation' | 'portal'> = {},
  path = '/Billing',
) {
  const app = renderApp(path, { loadUser: async () => signedIn(), billing, ...others });
  // The first render loads the page's chunk and the flows: slower than the default second.
  await screen.findByRole('region', { name: 'Current Plan' }, { timeout: 5000 });
  return app;
}

describe('the billing page [product: BILL]', () => {
  it('shows the five cards with the plan, the next billing date and the invoices [product: BILL-1, DATA-13]', async () => {
    await openBilling({ loadInfo: async () => billingInfo() });

    for (const name of [
      'Current Plan',
      'Billing History',
      'Next Billing',
      'Founder Benefits',
      'Webhooks Health',
    ]) {
      expect(within(card(name)).getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(within(card('Current Plan')).getByText("Founders' Tier")).toBeInTheDocument();
    expect(within(card('Current Plan')).getByText('active')).toBeInTheDocument();
    expect(within(card('Current Plan')).getByText('Billed monthly')).toBeInTheDocument();
    expect(within(card('Next Billing')).getByText('12/20/2026')).toBeInTheDocument();

    const rows = within(card('Billing History')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('INV-0002');
    expect(rows[1]).toHaveTextContent('$59.00');
    expect(rows[1]).toHaveTextContent('paid');
    expect(rows[1]).toHaveTextContent('11/20/2025');
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Invoice INV-0002' })).toHaveAttribute(
      'href',
      'https://pay.example/invoices/in_2/pdf',
    );
    // No amount paid yet: the amount due; no PDF: the hosted page.
    expect(rows[2]).toHaveTextContent('$19.00');
    expect(within(rows[2] as HTMLElement).getByRole('link', { name: 'Invoice INV-0001' })).toHaveAttribute(
      'href',
      'https://pay.example/invoices/in_1',
    );
    // The link says what it opens: the PDF, else the hosted page.
    expect(within(rows[1] as HTMLElement).getByRole('link')).toHaveTextContent(/^PDF$/);
    expect(within(rows[2] as HTMLElement).getByRole('link')).toHaveTextContent(/^View$/);
    // On a phone, a card per invoice with every column's content (the table is hidden there).
    const cards = within(card('Billing History')).getAllByRole('listitem', { hidden: true });
    expect(cards.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Invoice INV-0002',
      'Invoice INV-0001',
    ]);
    expect(cards[0]).toHaveTextContent(/INV-0002.*\$59\.00.*paid.*PDF/);
    expect(cards[1]).toHaveTextContent(/INV-0001.*\$19\.00.*View/);

    expect(
      within(card('Founder Benefits'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Advanced monitoring and alerts',
      'Priority support',
      'Integrations access',
      'Lifetime pricing locked (beta)',
    ]);
  });

  it("shows '—' for what an invoice does not say, and its id when it has no number [product: DATA-13]", async () => {
    await openBilling({
      loadInfo: async () =>
        billingInfo({
          invoices: [{ id: 'in_9', created: 1_763_640_000, amount_paid: null, amount_due: null }],
        }),
    });
    const row = within(card('Billing History')).getAllByRole('row')[1] as HTMLElement;
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'in_9',
      '11/20/2025',
      '—',
      '—',
      '—',
    ]);
  });

  it("says 'No webhook status available…' when no health address answers [product: BILL-13, MSG-WEBHOOK-1]", async () => {
    await openBilling({ loadInfo: async () => billingInfo(), loadWebhookHealth: async () => null });
    expect(
      await within(card('Webhooks Health')).findByText(
        'No webhook status available. Ensure your endpoint is configured and reachable.',
      ),
    ).toBeInTheDocument();
  });

  it("shows the account's own last event in words, in the customer's date format and time zone [product: DATA-14, BILL-20]", async () => {
    renderApp('/Billing', {
      loadUser: async () => signedIn({ user: { settings: { dateFormat: 'DD/MM/YYYY', timezone: 'EST' } } }),
      billing: {
        loadInfo: async () => billingInfo(),
        loadWebhookHealth: async () => ({
          ok: true,
          scope: 'account',
          last_event_id: 'evt_123',
          last_event_type: 'invoice.payment_failed',
          last_received_at: '2026-11-23T10:00:00.000Z',
          message: null,
        }),
      },
    });
    const webhooks = await screen.findByRole('region', { name: 'Webhooks Health' }, { timeout: 5000 });
    expect(await within(webhooks).findByText('Last event: Payment failed')).toBeInTheDocument();
    expect(within(webhooks).getByText('Received: 23/11/2026 5:00 AM EST')).toBeInTheDocument();
    // Filled in a dark shade, so its white text keeps 4.5:1 [product: BILL-22].
    expect(within(webhooks).getByText('Receiving events').closest('.mantine-Badge-root')).toHaveAttribute(
      'style',
      expect.stringContaining('teal-9'),
    );
    expect(webhooks).not.toHaveTextContent('Events that could not be applied');
    // No raw provider id, event type or ISO time, and nothing about other accounts.
    expect(webhooks).not.toHaveTextContent(/evt_|invoice\.payment_failed|2026-11-23T|All customers/);
  });

  it('says calmly when the account has had no event yet [product: BILL-20]', async () => {
    await openBilling({
      loadInfo: async () => billingInfo(),
      loadWebhookHealth: async () => ({
        ok: false,
        scope: 'account',
        last_event_id: null,
        last_event_type: null,
        last_received_at: null,
        message: 'No payment events for your account yet.',
      }),
    });
    const webhooks = card('Webhooks Health');
    expect(await within(webhooks).findByText('No payment events for your account yet.')).toBeInTheDocument();
    expect(within(webhooks).getByText('No events yet').closest('.mantine-Badge-root')).toHaveAttribute(
      'style',
      expect.stringContaining('gray-7'),
    );
  });

  it("shows an admin the system's last event, marked so [product: BILL-20]", async () => {
    await openBilling({
      loadInfo: async () => billingInfo(),
      loadWebhookHealth: async () => ({
        ok: true,
        scope: 'system',
        last_event_id: 'evt_9',
        last_event_type: 'customer.subscription.created',
        last_received_at: '2026-11-23T10:00:00.000Z',
        message: null,
      }),
    });
    const webhooks = card('Webhooks Health');
    expect(await within(webhooks).findByText('All customers')).toBeInTheDocument();
    expect(within(webhooks).getByText('Last event: Subscription started')).toBeInTheDocument();
    expect(within(webhooks).getByText('Received: 11/23/2026 10:00 AM UTC')).toBeInTheDocument();
  });

  it('shows an admin the events that could not be applied, with why (issue 18 item 5)', async () => {
    await openBilling({
      loadInfo: async () => billingInfo(),
      loadWebhookHealth: async () => ({
        ok: true,
        scope: 'system',
        last_event_id: 'evt_9',
        last_event_type: 'customer.updated',
        last_received_at: '2026-11-23T10:00:00.000Z',
        message: null,
        unapplied_events: [
          {
            id: 'evt_bad',
            type: 'customer.created',
            failure: '22021 invalid byte sequence',
            received_at: '2026-11-23T09:00:00.000Z',
          },
        ],
      }),
    });
    const webhooks = card('Webhooks Health');
    expect(
      (await within(webhooks).findByText('Attention needed')).closest('.mantine-Badge-root'),
    ).toHaveAttribute('style', expect.stringContaining('red-9'));
    expect(within(webhooks).getByText('Events that could not be applied: 1')).toBeInTheDocument();
    expect(
      within(webhooks).getByText(
        'evt_bad (Billing account created), received 11/23/2026 9:00 AM UTC: 22021 invalid byte sequence',
      ),
    ).toBeInTheDocument();
  });

  it("shows 'Your trial has ended' and 'Add Payment Method' when payment is required [product: BILL-3, BILL-4]", async () => {
    await openBilling({ loadInfo: async () => trialEnded() });
    expect(screen.getByText('Your trial has ended')).toBeInTheDocument();
    expect(within(card('Current Plan')).getByRole('button', { name: 'Add Payment Method' })).toBeEnabled();
  });

  it("reads 'Manage Payment' otherwise, and no banner", async () => {
    await openBilling({ loadInfo: async () => billingInfo() });
    expect(screen.queryByText('Your trial has ended')).not.toBeInTheDocument();
    expect(within(card('Current Plan')).getByRole('button', { name: 'Manage Payment' })).toBeEnabled();
  });

  it("disables the cancel button reading 'Cancellation Scheduled' once scheduled [product: BILL-6, BILL-7]", async () => {
    await openBilling({ loadInfo: async () => scheduledToCancel() });
    expect(
      within(card('Current Plan')).getByRole('button', { name: 'Cancellation Scheduled' }),
    ).toBeDisabled();
    expect(
      within(card('Next Billing')).getByText('Your subscription ends on 12/20/2026.'),
    ).toBeInTheDocument();
  });

  it('disables cancelling without a subscription, and says there is none and no payment is due [product: BILL-6]', async () => {
    await openBilling({ loadInfo: async () => noSubscription() });
    expect(within(card('Current Plan')).getByRole('button', { name: 'Cancel Subscription' })).toBeDisabled();
    expect(within(card('Billing History')).getByText('No invoices yet.')).toBeInTheDocument();
    expect(within(card('Current Plan')).getByText('No subscription yet')).toBeInTheDocument();
    expect(within(card('Next Billing')).getByText('No upcoming payment.')).toBeInTheDocument();
  });

  it('says a scheduled cancellation without its own date ends with the period [product: BILL-7]', async () => {
    await openBilling({
      loadInfo: async () =>
        billingInfo({
          subscription: { ...scheduledToCancel().subscription, cancel_at: null },
          nextBillingDate: null,
        }),
    });
    expect(
      within(card('Next Billing')).getByText('Your subscription ends on 12/20/2026.'),
    ).toBeInTheDocument();
  });

  it('says a yearly plan is billed yearly, and a cancelled one without an end date has ended [product: BILL-1, BILL-7]', async () => {
    await openBilling({
      loadInfo: async () =>
        billingInfo({
          subscription: {
            ...scheduledToCancel().subscription,
            interval: 'annual',
            billing_interval: 'annual',
            cancel_at: null,
            current_period_end: null,
          },
          nextBillingDate: null,
        }),
    });
    expect(within(card('Current Plan')).getByText('Billed yearly')).toBeInTheDocument();
    expect(within(card('Next Billing')).getByText('Your subscription has ended.')).toBeInTheDocument();
  });

  it('opens the portal returning to /Billing and sets the return flag on the way [product: BILL-8, API-11]', async () => {
    const app = await openBilling(
      { loadInfo: async () => billingInfo() },
      { portal: { openPortal: async () => 'https://pay.example/portal/ps_1' } },
    );
    await userEvent.click(within(card('Current Plan')).getByRole('button', { name: 'Manage Payment' }));
    await waitFor(() => expect(app.leftTo).toEqual(['https://pay.example/portal/ps_1']));
    expect(sessionStorage.getItem(PORTAL_RETURN_KEY)).toBe('1');
    sessionStorage.removeItem(PORTAL_RETURN_KEY);
  });

  it('says why the portal did not open [product: MSG-BILL-5, MSG-BILL-6]', async () => {
    await openBilling({ loadInfo: async () => billingInfo() }, { portal: { openPortal: async () => null } });
    await userEvent.click(within(card('Current Plan')).getByRole('button', { name: 'Manage Payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not open the billing portal. Please try again later.',
    );
  });

  it('syncs the Checkout session the provider returned with, then shows the plan [product: CLIENT-4]', async () => {
    const syncSubscription = vi.fn(async () => {});
    await openBilling({
      loadInfo: async () => billingInfo(),
      syncSubscription,
      detectArrival: async () => ({ from: 'checkout', sessionId: 'cs_test_42' }),
    });
    expect(syncSubscription).toHaveBeenCalledWith({ sessionId: 'cs_test_42' });
  });

  it('offers to try again when the info could not be loaded', async () => {
    const loadInfo = vi.fn().mockRejectedValueOnce(new Error('502')).mockResolvedValue(billingInfo());
    renderApp('/Billing', { loadUser: async () => signedIn(), billing: { loadInfo } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load billing information. Please try again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Current Plan' })).toBeInTheDocument();
  });
});

describe('the dialogs', () => {
  it('cancel: the default reason is unused, the comment has a counter [product: BILL-10, BILL-11]', async () => {
    await openBilling({ loadInfo: async () => billingInfo() });
    await userEvent.click(within(card('Current Plan')).getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Subscription' });
    expect(within(dialog).getByLabelText('Reason')).toHaveDisplayValue("I don't use it enough");
    expect(
      [...(within(dialog).getByLabelText('Reason') as HTMLSelectElement).options].map(
        (option) => option.text,
      ),
    ).toEqual([
      "I don't use it enough",
      'Too expensive',
      'Missing features',
      'Switched to another service',
      'Other',
    ]);
    expect(within(dialog).getByText('0/300')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Comment (optional)'), 'Too pricey');
    expect(within(dialog).getByText('10/300')).toBeInTheDocument();
    // Red once over the limit, not at it [product: BILL-10].
    const comment = within(dialog).getByLabelText('Comment (optional)');
    fireEvent.change(comment, { target: { value: 'x'.repeat(300) } });
    expect(within(dialog).getByText('300/300').getAttribute('style') ?? '').not.toContain('error');
    fireEvent.change(comment, { target: { value: 'x'.repeat(301) } });
    expect(within(dialog).getByText('301/300')).toHaveAttribute(
      'style',
      expect.stringContaining('var(--mantine-color-error)'),
    );
  });

  it('cancel: once it went through, the page reloads and shows Cancellation Scheduled [product: BILL-7]', async () => {
    const loadInfo = vi.fn().mockResolvedValueOnce(billingInfo()).mockResolvedValue(scheduledToCancel());
    const cancel = vi.fn(async () => ({ canceled: true, canceledImmediately: false }));
    await openBilling({ loadInfo }, { cancellation: { cancelSubscription: cancel } });
    await userEvent.click(within(card('Current Plan')).getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Subscription' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Reason'), 'too_expensive');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel at Period End' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Cancellation processed.');
    expect(cancel).toHaveBeenCalledWith({ reason: 'too_expensive', comment: '', cancelNow: false });
    // Done: nothing left to change.
    expect(within(dialog).getByLabelText('Reason')).toBeDisabled();
    expect(within(dialog).getByLabelText('Comment (optional)')).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(
      await within(card('Current Plan')).findByRole('button', { name: 'Cancellation Scheduled' }),
    ).toBeDisabled();
  });

  it('cancel: while it is sent, Escape does not close the dialog, and the answer shows in it [product: BILL-23]', async () => {
    let answer!: (value: { canceled: true; canceledImmediately: true }) => void;
    const cancel = vi.fn(
      () => new Promise<{ canceled: true; canceledImmediately: true }>((r) => (answer = r)),
    );
    await openBilling(
      { loadInfo: async () => billingInfo() },
      { cancellation: { cancelSubscription: cancel } },
    );
    await userEvent.click(within(card('Current Plan')).getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Subscription' });
    expect(within(dialog).getByRole('button', { name: 'Keep Subscription' })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Now' }));
    await waitFor(() => expect(cancel).toHaveBeenCalledWith(expect.objectContaining({ cancelNow: true })));
    // Nothing to change while it is sent.
    expect(within(dialog).getByLabelText('Reason')).toBeDisabled();
    expect(within(dialog).getByLabelText('Comment (optional)')).toBeDisabled();

    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Cancel Subscription' })).toBe(dialog);
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();
    answer({ canceled: true, canceledImmediately: true });
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Subscription canceled immediately.');
    // Answered: Escape closes it again.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel Subscription' })).toBeNull());
  });

  it('change plan: confirm is disabled for the current plan on the monthly view [product: BILL-9]', async () => {
    const changePlan = vi.fn(async () => ({ noSubscription: false as const, changed: true }));
    const loadInfo = vi.fn(async () => billingInfo());
    await openBilling({ loadInfo }, { changePlan: { changePlan } });
    await userEvent.click(within(card('Current Plan')).getByRole('button', { name: 'Change Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Plan' });
    expect(within(dialog).getByRole('button', { name: 'Confirm Change' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Keep Current Plan' })).toBeEnabled();
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual([
      'Monthly',
      'Annual (Save 20%)',
      'Starter: $19/month',
      "Founders' Tier: $59/month (current plan)",
      'Business: $199/month',
    ]);

    // The current plan is named so on its own interval only (Professional, monthly).
    const current = () => within(dialog).queryAllByRole('radio', { name: /\(current plan\)$/ });
    expect(current().map((radio) => radio.getAttribute('value'))).toEqual(['pro']);
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Annual/ }));
    expect(current()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Monthly' }));
    expect(current().map((radio) => radio.getAttribute('value'))).toEqual(['pro']);

    await userEvent.click(within(dialog).getByRole('radio', { name: /^Business/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Change' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Plan updated. Refreshing...');
    expect(changePlan).toHaveBeenCalledWith({ planName: 'business_monthly' });
    // Changed: the page loads its billing info again.
    await waitFor(() => expect(loadInfo).toHaveBeenCalledTimes(2));
    // Done: nothing left to choose.
    for (const radio of within(dialog).getAllByRole('radio')) expect(radio).toBeDisabled();
  });

  it('change plan with no subscription yet: Starter is chosen, no plan is current, and it can be confirmed [product: BILL-16]', async () => {
    await openBilling({ loadInfo: async () => noSubscription() });
    await userEvent.click(within(card('Current Plan')).getByRole('button', { name: 'Change Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Plan' });
    expect(within(dialog).getByRole('radio', { name: /^Starter/ })).toBeChecked();
    expect(within(dialog).queryAllByRole('radio', { name: /\(current plan\)$/ })).toEqual([]);
    expect(within(dialog).getByRole('button', { name: 'Confirm Change' })).toBeEnabled();
  });

  it('change plan without a subscription goes to Checkout [product: BILL-16]', async () => {
    const createCheckoutSession = vi.fn(async () => ({
      existingSubscription: false as const,
      url: 'https://pay.example/c/1',
    }));
    const app = await openBilling(
      { loadInfo: async () => billingInfo() },
      { changePlan: { changePlan: async () => ({ noSubscription: true }), createCheckoutSession } },
    );
    await userEvent.click(within(card('Current Plan')).getByRole('button', { name: 'Change Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Plan' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Annual (Save 20%)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Change' }));
    await waitFor(() => expect(app.leftTo).toEqual(['https://pay.example/c/1']));
    expect(createCheckoutSession).toHaveBeenCalledWith({ planName: 'pro_yearly' });
  });
});
