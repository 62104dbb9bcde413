import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrialResponse } from '../../contract/billing';
import { PORTAL_RETURN_KEY } from '../../src/services/storage';
import { deferred, fakeTab, renderApp, signedIn } from './render-app';

const section = async (id: string) =>
  waitFor(() => {
    const element = document.getElementById(id);
    if (!element) throw new Error(`no #${id}`);
    return element;
  });

const planCard = (name: string) => {
  const heading = screen.getByRole('heading', { level: 3, name });
  return heading.closest('li') as HTMLElement;
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the landing page for a visitor [product: LAND]', () => {
  it('shows the anonymous hero, the banner badge and the chips [product: LAND-6, LAND-9, LAND-14]', async () => {
    renderApp('/Landing');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Monitor. Manage. Maximize.' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Next-Gen RMM Platform')).toBeInTheDocument();
    expect(screen.getByText('Early Access')).toBeInTheDocument();
    expect(screen.getByText('Beta open: 14-day free trial, no card required')).toBeInTheDocument();
    expect(screen.getByText('Early Access').closest('[inert]')).toBeNull();
    expect(screen.getByRole('region', { name: 'Monitor. Manage. Maximize.' })).toBeInTheDocument();
    const chips = within(screen.getByRole('list', { name: 'Highlights' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual([
      'Advanced Security',
      '24/7 Monitoring',
      'Instant Alerts',
      'Multi-Tenant',
    ]);
  });

  it('has the four sections, 9 feature tiles, the statistics, 3 testimonials and 6 customers [product: LAND-2, LAND-31, LAND-32]', async () => {
    renderApp('/Landing');
    for (const id of ['features', 'social-proof', 'pricing', 'contact'])
      expect(await section(id)).toBeInTheDocument();
    const features = await section('features');
    await waitFor(() => expect(within(features).getAllByRole('heading', { level: 3 })).toHaveLength(9));
    const proof = await section('social-proof');
    await waitFor(() => expect(proof.querySelectorAll('figure')).toHaveLength(3));
    expect(
      within(proof)
        .getAllByRole('listitem')
        .filter((item) => item.closest('[aria-label="Customers"]') && !item.querySelector('figure')),
    ).toHaveLength(6);
    for (const [label, value] of [
      ['Devices Monitored', '500K+'],
      ['Uptime', '99.9%'],
      ['Response Time', '<30s'],
      ['Happy Customers', '2000+'],
    ]) {
      expect(within(proof).getByText(label as string).nextElementSibling?.textContent).toBe(value);
    }
  });

  it("opens the signup dialog from 'Start 14-Day Free Trial' and scrolls to contact from 'Book a Demo' [product: LAND-7, LAND-8]", async () => {
    renderApp('/Landing');
    const contact = await section('contact');
    const scrolled = vi.fn();
    contact.scrollIntoView = scrolled;

    await userEvent.click(await screen.findByRole('button', { name: 'Book a Demo' }));
    expect(scrolled).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Start 14-Day Free Trial' }));
    expect(await screen.findByRole('dialog', { name: 'Join Beta' })).toBeInTheDocument();
  });

  it('prices the plans from the domain, monthly and annual per month [product: LAND-20, PLAN-7, PLAN-8]', async () => {
    renderApp('/Landing');
    await screen.findByRole('heading', { level: 3, name: 'Starter' });
    expect(within(planCard('Starter')).getByText('$19')).toBeInTheDocument();
    expect(within(planCard("Founders' Tier")).getByText('$59')).toBeInTheDocument();
    expect(within(planCard('Business')).getByText('$199')).toBeInTheDocument();
    expect(within(planCard('Starter')).getByText('Billed monthly')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    // Each card's button says which plan it is for.
    expect(within(planCard('Starter')).getByRole('button')).toHaveAccessibleDescription('Starter');

    await userEvent.click(screen.getByRole('radio', { name: /Annual/ }));

    expect(within(planCard('Starter')).getByText('$15.17')).toBeInTheDocument();
    expect(within(planCard('Starter')).getByText('Billed $182 yearly')).toBeInTheDocument();
    expect(within(planCard("Founders' Tier")).getByText('$47.17')).toBeInTheDocument();
    expect(within(planCard('Business')).getByText('$159.17')).toBeInTheDocument();
  });

  it('scales up the selected card: Founders’ Tier first, then the one picked [product: LAND-21, LAND-37]', async () => {
    renderApp('/Landing');
    await screen.findByRole('heading', { level: 3, name: 'Starter' });
    expect(planCard("Founders' Tier")).toHaveAttribute('data-selected');
    expect(planCard('Starter')).not.toHaveAttribute('data-selected');

    within(planCard('Starter')).getByRole('button').focus();

    await waitFor(() => expect(planCard('Starter')).toHaveAttribute('data-selected'));
    expect(planCard("Founders' Tier")).not.toHaveAttribute('data-selected');
  });

  it('gives a visitor the signup dialog for a plan, without a checkout call [product: LAND-35]', async () => {
    const createCheckoutSession = vi.fn();
    renderApp('/Landing', { pricingAction: { createCheckoutSession } });
    await screen.findByRole('heading', { level: 3, name: 'Starter' });

    await userEvent.click(within(planCard('Starter')).getByRole('button', { name: 'Start Free Trial' }));

    expect(await screen.findByRole('dialog', { name: 'Join Beta' })).toBeInTheDocument();
    expect(createCheckoutSession).not.toHaveBeenCalled();
  });

  it('scrolls to contact from Business [product: LAND-23]', async () => {
    renderApp('/Landing');
    const contact = await section('contact');
    const scrolled = vi.fn();
    contact.scrollIntoView = scrolled;
    await screen.findByRole('heading', { level: 3, name: 'Business' });

    await userEvent.click(within(planCard('Business')).getByRole('button', { name: 'Contact Sales' }));

    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
  });
});

describe('the pricing action of a signed-in customer [product: MSG-PRICING-1, MSG-PRICING-2]', () => {
  it('goes to checkout with the plan name of the card and interval [product: SUB-6]', async () => {
    const checkout = deferred<{ existingSubscription: false; url: string }>();
    const createCheckoutSession = vi.fn(() => checkout.promise);
    const app = renderApp('/Landing', {
      loadUser: async () => signedIn(),
      pricingAction: { createCheckoutSession },
    });
    await screen.findByRole('button', { name: 'Open account menu' });
    await userEvent.click(screen.getByRole('radio', { name: /Annual/ }));

    await userEvent.click(
      within(planCard("Founders' Tier")).getByRole('button', { name: 'Start Free Trial' }),
    );

    // While the checkout is asked for, the chosen card says so and no card takes another choice.
    const waiting = await within(planCard("Founders' Tier")).findByRole('button', { name: 'Please wait...' });
    expect(waiting).toHaveAttribute('aria-busy', 'true');
    expect(within(planCard('Starter')).getByRole('button')).not.toHaveAttribute('aria-busy');
    for (const plan of ['Starter', "Founders' Tier", 'Business'])
      expect(within(planCard(plan)).getByRole('button')).toBeDisabled();
    checkout.resolve({ existingSubscription: false, url: 'https://checkout.example/cs_1' });

    await waitFor(() => expect(app.leftTo).toEqual(['https://checkout.example/cs_1']));
    expect(createCheckoutSession).toHaveBeenCalledWith({ planName: 'pro_yearly' });
  });

  it('opens the signup dialog when checkout answers 401', async () => {
    const app = renderApp('/Landing', {
      loadUser: async () => signedIn(),
      pricingAction: {
        createCheckoutSession: async () => {
          throw Object.assign(new Error('Session expired'), { status: 401 });
        },
      },
    });
    await screen.findByRole('button', { name: 'Open account menu' });

    await userEvent.click(within(planCard('Starter')).getByRole('button', { name: 'Start Free Trial' }));

    expect(await screen.findByRole('dialog', { name: 'Join Beta' })).toBeInTheDocument();
    expect(app.leftTo).toEqual([]);
  });

  // Where the portal returns to (/Billing) is the portal I/O's: tests/services/billing-io.test.ts.
  it('tries the portal for a customer who has a subscription already, marking the way back', async () => {
    const openPortal = vi.fn(async () => 'https://portal.example/p_1');
    const app = renderApp('/Landing', {
      loadUser: async () => signedIn(),
      pricingAction: { createCheckoutSession: async () => ({ existingSubscription: true }) },
      portal: { openPortal },
    });
    await screen.findByRole('button', { name: 'Open account menu' });

    await userEvent.click(within(planCard('Starter')).getByRole('button', { name: 'Start Free Trial' }));

    await waitFor(() => expect(app.leftTo).toEqual(['https://portal.example/p_1']));
    expect(openPortal).toHaveBeenCalledOnce();
    // Back at /Billing, the page polls for what changed in the portal [product: BILL-8].
    expect(sessionStorage.getItem(PORTAL_RETURN_KEY)).toBe('1');
    sessionStorage.removeItem(PORTAL_RETURN_KEY);
  });

  it('goes to /Billing when the portal fails too (the billing server is not built yet)', async () => {
    const app = renderApp('/Landing', { loadUser: async () => signedIn() });
    await screen.findByRole('button', { name: 'Open account menu' });

    await userEvent.click(within(planCard('Starter')).getByRole('button', { name: 'Start Free Trial' }));

    await waitFor(() => expect(app.pathname()).toBe('/Billing'));
  });

  it('sends a customer who still needs onboarding to /Onboarding [product: LAND-36, ROLE-3]', async () => {
    const createCheckoutSession = vi.fn();
    const app = renderApp('/Landing', {
      loadUser: async () => signedIn({ onboardingRequired: true }),
      pricingAction: { createCheckoutSession },
    });
    await screen.findByRole('link', { name: 'Continue setup' });

    await userEvent.click(within(planCard('Starter')).getByRole('button', { name: 'Start Free Trial' }));

    await waitFor(() => expect(app.pathname()).toBe('/Onboarding'));
    expect(createCheckoutSession).not.toHaveBeenCalled();
  });

  it('marks the current plan only when plan and interval both match [product: LAND-22]', async () => {
    renderApp('/Landing', {
      loadUser: async () => signedIn({ user: { plan: 'pro', billing_interval: 'monthly' } }),
    });
    await screen.findByRole('button', { name: 'Open account menu' });

    expect(within(planCard("Founders' Tier")).getByText('Current Plan')).toBeInTheDocument();
    expect(screen.getAllByText('Current Plan')).toHaveLength(1);

    await userEvent.click(screen.getByRole('radio', { name: /Annual/ }));
    expect(screen.queryByText('Current Plan')).not.toBeInTheDocument();
  });
});

describe('the contact form [product: LAND-24, LAND-25, LAND-34]', () => {
  it('says what is missing and sends nothing', async () => {
    const sendContact = vi.fn();
    renderApp('/Landing', { contact: { sendContact } });
    const send = await screen.findByRole('button', { name: 'Send Message' });
    for (const label of ['Name', 'Email', 'Company (optional)', 'Message'])
      expect(screen.getByLabelText(label)).toHaveValue('');

    await userEvent.click(send);

    expect(await screen.findByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a message.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Please enter your name.');
    // Company is the one optional field; the browser may fill each in from what it knows of the visitor.
    expect(
      ['Name', 'Email', 'Company (optional)', 'Message'].map((label) => {
        const field = screen.getByLabelText(label);
        return [
          label,
          field.getAttribute('type'),
          field.getAttribute('autocomplete'),
          (field as HTMLInputElement).required,
        ];
      }),
    ).toEqual([
      ['Name', 'text', 'name', true],
      ['Email', 'email', 'email', true],
      ['Company (optional)', 'text', 'organization', false],
      ['Message', null, null, true],
    ]);
    expect(sendContact).not.toHaveBeenCalled();
  });

  it('sends the message and thanks the visitor', async () => {
    const sendContact = vi.fn(async () => ({ id: 'c_1', created_date: '2026-11-23T10:00:00Z' }));
    renderApp('/Landing', { contact: { sendContact } });

    await userEvent.type(await screen.findByLabelText('Name'), ' Ada Lovelace ');
    await userEvent.type(screen.getByLabelText('Email'), 'Ada@Example.com');
    await userEvent.type(screen.getByLabelText(/Company/), 'Analytical Engines');
    await userEvent.type(screen.getByLabelText('Message'), 'A demo, please.');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Message Sent Successfully!')).toBeInTheDocument();
    expect(screen.getByText("We'll get back to you within 24 hours.")).toBeInTheDocument();
    expect(sendContact).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      company: 'Analytical Engines',
      message: 'A demo, please.',
    });
  });

  it('holds a message sent before the page has loaded its flows, and sends it once they are there', async () => {
    const chunk = deferred<void>();
    const sendContact = vi.fn(async () => ({ id: 'c_2', created_date: '2026-11-23T10:00:00Z' }));
    renderApp('/Landing', { contact: { sendContact }, sessionChunk: chunk.promise });

    await userEvent.type(await screen.findByLabelText('Name'), 'Grace');
    await userEvent.type(screen.getByLabelText('Email'), 'grace@example.com');
    await userEvent.type(screen.getByLabelText('Message'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(sendContact).not.toHaveBeenCalled();

    chunk.resolve();
    expect(await screen.findByText('Message Sent Successfully!')).toBeInTheDocument();
    expect(sendContact).toHaveBeenCalledTimes(1);
  });

  it('only logs a failed send and keeps what was typed [product: MSG-SILENT-1, LAND-40]', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/Landing');

    await userEvent.type(await screen.findByLabelText('Name'), 'Grace');
    await userEvent.type(screen.getByLabelText('Email'), 'grace@example.com');
    await userEvent.type(screen.getByLabelText('Message'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('The contact message could not be sent.', expect.any(Error)),
    );
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(screen.getByLabelText('Name')).toHaveValue('Grace');
    expect(screen.queryByText('Message Sent Successfully!')).not.toBeInTheDocument();
  });
});

describe('the signed-in hero [product: LAND-10, LAND-11, LAND-12, LAND-13, LAND-15]', () => {
  const customer = signedIn({
    user: {
      full_name: 'Casey Jones',
      plan: 'pro',
      created_date: '2026-01-05T12:00:00Z',
      organization_name: 'Jones IT',
    },
  });

  it('greets the customer by first name with plan, member-since date, organization and badges', async () => {
    renderApp('/Landing', { loadUser: async () => customer });

    expect(
      await screen.findByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), Casey$/ }),
    ).toBeInTheDocument();
    const hero = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
    expect(within(hero).getByText("Founders' Tier")).toBeInTheDocument();
    expect(within(hero).getByText('01/05/2026')).toBeInTheDocument();
    expect(screen.getByText('Jones IT')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Account status' }))
        .getAllByRole('listitem')
        .map((badge) => badge.textContent),
    ).toEqual(['Account Active', 'Full Access', 'Founding Member']);
    expect(within(hero).getByText('Thanks for building Beacon RMM with us')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /, Casey$/ })).toBe(hero.closest('section'));
    expect(screen.getByRole('link', { name: 'Manage Account' })).toHaveAttribute('href', '/Profile');
    // The visitor's hero stays in its cell, unseen, so that the page below keeps its place.
    expect(screen.getByText('Early Access')).not.toBeVisible();
    // Nor reached by keyboard or pointer.
    expect(screen.getByText('Early Access').closest('[inert]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Start 14-Day Free Trial' })).not.toBeInTheDocument();
  });

  it('shows the trial days the lookup answers [product: LAND-16]', async () => {
    const inThreeDays = new Date(Date.now() + 2.5 * 24 * 60 * 60 * 1000).toISOString();
    renderApp('/Landing', {
      loadUser: async () => customer,
      landingAccount: {
        lookupTrial: async () => ({ trial_ends_at: inThreeDays, subscription_status: 'trialing' }),
      },
    });
    expect(await screen.findByText('Trial: 3 days left')).toBeInTheDocument();
  });

  it.each([
    // The provider knows of a paid subscription the account's own copy has not caught up with: no trial is claimed.
    ['active', 'Active Member'],
    // Nothing anywhere: the 14 days are counted from the account's creation [product: LIMIT-2].
    [null, 'Trial: 14 days left'],
  ] as const)(
    'counts a new account without a trial date by the subscription the lookup reports (%s) [product: LAND-15]',
    async (status, badge) => {
      const newcomer = signedIn({
        user: { created_date: new Date().toISOString(), subscription_status: null },
      });
      const answer = deferred<TrialResponse>();
      renderApp('/Landing', {
        loadUser: async () => newcomer,
        landingAccount: { lookupTrial: () => answer.promise },
      });
      await screen.findByRole('heading', { level: 1, name: /, Casey$/ });

      // While the lookup runs the badge keeps its place, unseen.
      expect(screen.getByText('Active Member')).not.toBeVisible();
      expect(screen.getByText('Thanks for building Beacon RMM with us').parentElement).toHaveAttribute(
        'aria-busy',
        'true',
      );

      await act(async () => answer.resolve({ trial_ends_at: null, subscription_status: status }));
      expect(screen.getByText(badge)).toBeInTheDocument();
      expect(screen.queryByText(status ? /^Trial: / : 'Active Member')).not.toBeInTheDocument();
    },
  );

  it("reads 'Active Member' when the trial lookup fails [product: MSG-SILENT-2]", async () => {
    renderApp('/Landing', { loadUser: async () => customer });
    await waitFor(() => expect(screen.getByText('Active Member')).toBeVisible());
  });

  it('opens a tab at the click and sends it to the dashboard after the identity check, even when it fails [product: LAND-11, HEAD-3, MSG-SILENT-3]', async () => {
    const tab = fakeTab();
    const opened = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const identity = deferred<unknown>();
    const refreshIdentity = vi.fn(() => identity.promise);
    renderApp('/Landing', { loadUser: async () => customer, dashboardLink: { refreshIdentity } });

    const button = await screen.findByRole('button', { name: 'Open Dashboard' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);

    // Reserved at the click, as pop-up blockers require, and busy until the identity call answers.
    expect(opened).toHaveBeenCalledWith('', '_blank');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();
    identity.reject(Object.assign(new Error('Expired'), { status: 401 }));
    await waitFor(() =>
      expect(tab.location.href).toBe(
        'https://dash.example/?view=overview&autoRefresh=true&refreshInterval=30s',
      ),
    );
    expect(refreshIdentity).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).not.toHaveAttribute('aria-busy');
  });
});

describe('the address and window events [product: LAND-26, LAND-27, LAND-29, LAND-30]', () => {
  it('opens the signup dialog for show_signup and removes it from the address', async () => {
    const app = renderApp('/Landing?show_signup=1&ref=mail');
    expect(await screen.findByRole('dialog', { name: 'Join Beta' })).toBeInTheDocument();
    await waitFor(() => expect(app.router.history.location.href).toBe('/Landing?ref=mail'));
  });

  it('syncs a checkout, cleans the address and opens the sign-in dialog about 400 ms later', async () => {
    const syncSubscription = vi.fn(async () => ({ subscription: null }));
    const app = renderApp('/Landing?session_id=cs_test_1', {
      landingAddress: { syncSubscription },
      authService: true,
    });

    await waitFor(() => expect(app.router.history.location.href).toBe('/Landing'));
    expect(syncSubscription).toHaveBeenCalledWith({ sessionId: 'cs_test_1' });
    expect(screen.queryByRole('dialog', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('opens the dialogs other scripts ask for with window events', async () => {
    renderApp('/Landing', { authService: true });
    await screen.findByRole('heading', { level: 1 });

    window.dispatchEvent(new CustomEvent('open-signup-modal', { detail: { plan: 'pro', annual: true } }));
    const signup = await screen.findByRole('dialog', { name: 'Join Beta' });
    // With the plan and interval the script asked for [product: PLAN-9].
    expect(await within(signup).findByLabelText('Plan')).toHaveValue('pro');
    expect(within(signup).getByLabelText('Interval')).toHaveValue('annual');
    await userEvent.click(within(signup).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    window.dispatchEvent(new Event('open-auth-modal'));
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
  });
});
