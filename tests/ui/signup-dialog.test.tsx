import { fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SignupIO } from '../../src/machines/signup';
import { useAppContext } from '../../src/ui/app-context';
import { SIGNUP_NEEDS_AUTH_SERVICE } from '../../src/ui/signup/SignupDialog';
import { renderApp, testServices } from './render-app';

/** The landing page with an auth service; the sign-up requests behave as `signup` says. */
async function openSignup(signup: Partial<SignupIO>, options: { authService?: boolean } = {}) {
  renderApp('/Landing', {
    ...(options.authService === false ? {} : { authService: true }),
    signup: { rememberPendingOnboarding: () => {}, ...signup },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Join Beta' }));
  return screen.findByRole('dialog', { name: 'Join Beta' });
}

async function fillIn(dialog: HTMLElement, overrides: Record<string, string> = {}) {
  const values: Record<string, string> = {
    'Full name': 'Casey Jones',
    Email: ' Casey@Example.com',
    Password: 'Journey-Pass-1',
    'Confirm password': 'Journey-Pass-1',
    'Company name': 'Acme IT',
    ...overrides,
  };
  await within(dialog).findByLabelText('Full name');
  for (const [label, value] of Object.entries(values)) {
    if (value !== '') await userEvent.type(within(dialog).getByLabelText(label), value);
  }
}

const submit = (dialog: HTMLElement) =>
  userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));

describe('the sign-up dialog [product: SIGNUP]', () => {
  it('offers every field with starter and monthly chosen, company size optional [product: SIGNUP-5, PLAN-9]', async () => {
    const dialog = await openSignup({});
    for (const label of ['Full name', 'Email', 'Password', 'Confirm password', 'Company name']) {
      expect(await within(dialog).findByLabelText(label)).toBeInTheDocument();
    }
    expect(within(dialog).getByLabelText('Company size')).toHaveValue('');
    expect(within(dialog).getByLabelText('Plan')).toHaveValue('starter');
    expect(within(dialog).getByLabelText('Interval')).toHaveValue('monthly');
    const options = (label: string) =>
      within(within(dialog).getByLabelText(label))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(options('Company size')).toEqual(['Not specified', '1-10', '11-50', '51-200', '201-500', '500+']);
    expect(options('Plan')).toEqual(['Starter', "Founders' Tier", 'Business']);
    expect(options('Interval')).toEqual(['Monthly', 'Annual']);
    // What a browser or password manager reads to fill in the new account.
    expect(
      ['Full name', 'Email', 'Password', 'Confirm password', 'Company name'].map((label) =>
        within(dialog).getByLabelText(label).getAttribute('autocomplete'),
      ),
    ).toEqual(['name', 'email', 'new-password', 'new-password', 'organization']);
  });

  it('handles its form itself: a submit does not load the page again', async () => {
    const findSignup = vi.fn(async () => true);
    const dialog = await openSignup({ findSignup });
    await fillIn(dialog);
    const form = within(dialog).getByRole('button', { name: 'Create account' }).closest('form');
    if (!form) throw new Error("'Create account' is not in a form.");

    // false: the form took the submit; a browser would otherwise load the page again.
    expect(fireEvent.submit(form)).toBe(false);
    await waitFor(() => expect(findSignup).toHaveBeenCalledOnce());
  });

  it('says what is wrong and sends nothing [product: SIGNUP-8]', async () => {
    const findSignup = vi.fn(async () => false);
    const dialog = await openSignup({ findSignup });
    await fillIn(dialog, { 'Confirm password': 'Journey-Pass-2' });
    await submit(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(findSignup).not.toHaveBeenCalled();
  });

  it('refuses an address that already has a signup record [product: SIGNUP-10]', async () => {
    const signUp = vi.fn();
    const dialog = await openSignup({ findSignup: async () => true, signUp });
    await fillIn(dialog);
    await submit(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This email is already registered. Please sign in instead.',
    );
    expect(signUp).not.toHaveBeenCalled();
  });

  it("signs up, asks to verify, resends, then 'I verified my email' signs in and closes [product: SIGNUP-1, SIGNUP-2, SIGNUP-3, SIGNUP-12]", async () => {
    const signUp = vi.fn(async () => ({ emailConfirmed: false }));
    const resendConfirmation = vi.fn(async () => {});
    const signIn = vi.fn(async () => {});
    const rememberPendingOnboarding = vi.fn();
    const dialog = await openSignup({
      findSignup: async () => false,
      signUp,
      resendConfirmation,
      signIn,
      rememberPendingOnboarding,
    });
    await fillIn(dialog);
    await userEvent.selectOptions(within(dialog).getByLabelText('Plan'), 'pro');
    await userEvent.selectOptions(within(dialog).getByLabelText('Interval'), 'annual');
    await userEvent.selectOptions(within(dialog).getByLabelText('Company size'), '11-50');
    await submit(dialog);

    expect(await within(dialog).findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        "We sent a confirmation link to casey@example.com. Open it, then come back and press 'I verified my email'.",
      ),
    ).toBeInTheDocument();
    // The choices travel with the account (its user metadata), so onboarding opened from the mail in any tab shows them.
    const choices = {
      plan: 'pro',
      interval: 'annual',
      name: 'Casey Jones',
      company: 'Acme IT',
      company_size: '11-50',
    };
    expect(signUp).toHaveBeenCalledWith({
      email: 'casey@example.com',
      password: 'Journey-Pass-1',
      fullName: 'Casey Jones',
      choices,
    });
    expect(rememberPendingOnboarding).toHaveBeenCalledWith(choices);
    expect(resendConfirmation).toHaveBeenCalledTimes(1);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Resend email' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Verification email resent. Please check your inbox.',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'I verified my email' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Join Beta' })).not.toBeInTheDocument());
    expect(signIn).toHaveBeenCalledWith({ email: 'casey@example.com', password: 'Journey-Pass-1' });
  });

  it("'I verified my email' without an address asks for one [product: SIGNUP-4]", async () => {
    const signIn = vi.fn();
    const dialog = await openSignup({
      findSignup: async () => false,
      signUp: async () => ({ emailConfirmed: false }),
      resendConfirmation: async () => {},
      signIn,
    });
    await fillIn(dialog);
    await submit(dialog);
    await within(dialog).findByRole('heading', { name: 'Verify your email' });
    await userEvent.clear(within(dialog).getByLabelText('Email'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'I verified my email' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please enter your email to sign in.');
    expect(signIn).not.toHaveBeenCalled();
  });

  it("treats the auth service's 'already registered' like a duplicate [product: SIGNUP-11]", async () => {
    const dialog = await openSignup({
      findSignup: async () => false,
      signUp: async () => {
        throw new Error('User already registered');
      },
    });
    await fillIn(dialog);
    await submit(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This email is already registered. Please sign in instead.',
    );
  });

  it('says clearly that sign-up needs the auth service when there is none [product: SIGNUP-13, SIGNUP-20]', async () => {
    const dialog = await openSignup({}, { authService: false });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Sign-up is not available: it needs the auth service, and this deployment has none configured.',
    );
    expect(within(dialog).queryByLabelText('Email')).not.toBeInTheDocument();
  });

  it.each([
    ['names the auth service without its key', false],
    ['could not be loaded', true],
  ])(
    'says sign-up is not available when the configuration %s [product: SIGNUP-13]',
    async (_, unreachable) => {
      renderApp(
        '/Landing',
        {},
        {
          services: async () => ({
            ...testServices(),
            runtimeConfig: async () => {
              if (unreachable) throw new TypeError('Failed to fetch');
              return {
                supabaseUrl: 'https://auth.example',
                supabaseAnonKey: null,
                dashboardUrl: 'https://dash.example',
              };
            },
          }),
        },
      );
      await userEvent.click(await screen.findByRole('button', { name: 'Join Beta' }));
      const dialog = await screen.findByRole('dialog', { name: 'Join Beta' });
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(SIGNUP_NEEDS_AUTH_SERVICE);
    },
  );

  it('is a view of the app: outside it, it says where it must be rendered', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAppContext())).toThrow(
      'App views must be rendered inside AppContextProvider',
    );
    vi.mocked(console.error).mockRestore();
  });
});
