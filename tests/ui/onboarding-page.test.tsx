import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SignupCreateInput } from '../../contract/signup';
import { renderApp, signedIn } from './render-app';

const pending = {
  plan: 'pro',
  interval: 'annual',
  name: 'Casey Jones',
  company: 'Acme IT',
  company_size: '11-50',
} as const;

/** /Onboarding for a verified account whose signup record is missing; `loadUser` answers in turn. */
function onboardingWith(options: {
  createSignup?: (signup: SignupCreateInput) => Promise<unknown>;
  afterCreate?: 'done' | 'still required';
  forgetPendingOnboarding?: () => void;
}) {
  let created = false;
  const createSignup = vi.fn(async (signup: SignupCreateInput) => {
    const answer = await (options.createSignup ?? (async () => ({ id: 1 })))(signup);
    created = true;
    return answer;
  });
  const app = renderApp('/Onboarding', {
    loadUser: async () =>
      signedIn({
        onboardingRequired: !created || options.afterCreate === 'still required',
        user: { email: 'Casey@Example.com', full_name: 'Casey Jones' },
      }),
    onboarding: {
      readPendingOnboarding: async () => pending,
      createSignup,
      forgetPendingOnboarding: options.forgetPendingOnboarding ?? (() => {}),
    },
  });
  return { app, createSignup };
}

describe('onboarding [product: ONB]', () => {
  it('welcomes the user and prefills the form from the pending item, the e-mail read-only [product: ONB-1, ONB-2, ONB-6]', async () => {
    onboardingWith({});
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey!' })).toBeInTheDocument();
    expect(screen.getByText('Complete your setup')).toBeInTheDocument();
    expect(await screen.findByLabelText(/Full name/)).toHaveValue('Casey Jones');
    expect(screen.getByLabelText('Email')).toHaveValue('casey@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Company')).toHaveValue('Acme IT');
    expect(screen.getByLabelText('Company size')).toHaveValue('11-50');
    expect(screen.getByLabelText('Plan')).toHaveValue('pro');
    expect(screen.getByLabelText('Billing')).toHaveValue('annual');
  });

  it("'Get started' creates the record, then goes to /Dashboard in place of onboarding [product: SIGNUP-15, ONB-7]", async () => {
    const forgetPendingOnboarding = vi.fn();
    const { app, createSignup } = onboardingWith({ forgetPendingOnboarding });
    await userEvent.click(await screen.findByRole('button', { name: 'Get started' }));
    await waitFor(() => expect(app.pathname()).toBe('/Dashboard'));
    expect(createSignup).toHaveBeenCalledWith({
      name: 'Casey Jones',
      email: 'casey@example.com',
      normalized_email: 'casey@example.com',
      company: 'Acme IT',
      company_size: '11-50',
      plan: 'pro',
      interval: 'annual',
    });
    expect(forgetPendingOnboarding).toHaveBeenCalledTimes(1);
    // The history entry was replaced: going back does not return to onboarding.
    expect(app.router.history.length).toBe(1);
  });

  it("says 'Submitting…' while it runs, and the onboarding-incomplete error if the flags still ask for it [product: ONB-4, SIGNUP-16]", async () => {
    let finish!: () => void;
    const { app } = onboardingWith({
      createSignup: () => new Promise((resolve) => (finish = () => resolve({ id: 1 }))),
      afterCreate: 'still required',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Get started' }));
    expect(await screen.findByRole('button', { name: 'Submitting…' })).toBeDisabled();
    // Nothing to change while the record is created.
    expect(screen.getByLabelText(/Full name/)).toBeDisabled();
    expect(screen.getByLabelText('Company')).toBeDisabled();
    finish();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not complete onboarding. Please try again.',
    );
    expect(app.pathname()).toBe('/Onboarding');
  });

  it('shows 400/422 field errors as field: messages [product: MSG-SIGNUP-3]', async () => {
    onboardingWith({
      createSignup: async () => {
        throw Object.assign(new Error('Validation failed'), {
          status: 422,
          data: { errors: { company: ['Company is too long.'], name: ['Name is too short.', 'Too plain.'] } },
        });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Get started' }));
    const alert = await screen.findByRole('alert');
    // One line a field: the line breaks are shown, not folded into spaces.
    expect(alert.textContent).toBe('company: Company is too long.\nname: Name is too short., Too plain.');
    expect(alert).toHaveStyle({ whiteSpace: 'pre-line' });
  });

  it("'See what's included' opens the plan picker, whose choice fills plan and billing [product: ONB-3, PICK]", async () => {
    const { createSignup } = onboardingWith({});
    await userEvent.click(await screen.findByRole('button', { name: "See what's included" }));
    const picker = await screen.findByRole('dialog', { name: 'Choose your plan' });
    expect(within(picker).getByRole('heading', { name: "Founders' Beta" })).toBeInTheDocument();
    expect(within(picker).getByText('Save 20%')).toBeInTheDocument();
    expect(
      within(picker)
        .getAllByRole('button', { name: /^Select / })
        .map((button) => button.textContent),
    ).toEqual(['Select Starter', "Select Founders' Tier", 'Select Business']);
    // It opens at the form's interval (annual): the per-month price with the yearly charge [product: PLAN-10].
    const founders = within(picker).getByRole('region', { name: "Founders' Tier" });
    expect(within(founders).getByText('$47.17').textContent).toBe('$47.17 / month, $566 billed yearly');
    expect(founders).toHaveTextContent('Up to 50 devices');
    expect(founders).toHaveTextContent('Lifetime pricing locked (beta)');
    expect(within(picker).getByRole('region', { name: 'Business' })).toHaveTextContent(
      'Up to 250 devices plus white-label',
    );
    expect(within(picker).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await userEvent.click(within(picker).getByText('Monthly'));
    expect(within(founders).getByText('$59').textContent).toBe('$59 / month');
    await userEvent.click(within(picker).getByText('Annual'));
    expect(within(founders).getByText('$47.17').textContent).toBe('$47.17 / month, $566 billed yearly');
    await userEvent.click(within(picker).getByText('Monthly'));
    await userEvent.click(within(picker).getByRole('button', { name: 'Select Business' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Choose your plan' })).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Plan')).toHaveValue('business');
    expect(screen.getByLabelText('Billing')).toHaveValue('monthly');
    await userEvent.click(screen.getByRole('button', { name: 'Get started' }));
    await waitFor(() =>
      expect(createSignup).toHaveBeenCalledWith(
        expect.objectContaining({ plan: 'business', interval: 'monthly' }),
      ),
    );
  });

  it("handles its form itself: 'Get started' does not load the page again [product: ONB-7]", async () => {
    const { createSignup } = onboardingWith({});
    const form = (await screen.findByRole('button', { name: 'Get started' })).closest('form');
    if (!form) throw new Error("'Get started' is not in a form.");
    // false: the page took the submit; a browser would otherwise load the page again.
    expect(fireEvent.submit(form)).toBe(false);
    await waitFor(() => expect(createSignup).toHaveBeenCalledTimes(1));
  });
});
