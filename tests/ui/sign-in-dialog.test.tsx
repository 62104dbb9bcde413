import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SignInIO } from '../../src/machines/sign-in';
import { deferred, noServerSession, renderApp, signedIn } from './render-app';

/** The landing page with an auth service behaving as `signIn` says; answers the app once the page shows. */
async function landingWith(signIn: Partial<SignInIO>, options: { loadUser?: () => Promise<never> } = {}) {
  const app = renderApp('/Landing', { authService: true, signIn, ...options });
  await screen.findByRole('button', { name: 'Sign In' });
  await waitFor(() => expect(app.session.getSnapshot().matches('anonymous')).toBe(true));
  return app;
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
  await within(dialog).findByLabelText('Email');
  return dialog;
}

async function fillIn(dialog: HTMLElement, email: string, password?: string) {
  await userEvent.type(within(dialog).getByLabelText('Email'), email);
  if (password !== undefined) await userEvent.type(within(dialog).getByLabelText('Password'), password);
}

const button = (dialog: HTMLElement, name: string) => within(dialog).getByRole('button', { name });
const refusal = (message: string) => Object.assign(new Error(message), { status: 400 });

describe('the sign-in dialog', () => {
  it("opens from 'Sign In' with the e-mail, the password and every way in", async () => {
    await landingWith({});
    const dialog = await openDialog();

    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('type', 'password');
    // What a password manager reads to fill in the saved account.
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    for (const name of ['Sign In', 'Continue with Google', 'Forgot password?', 'Resend confirmation email']) {
      expect(button(dialog, name)).toBeEnabled();
    }
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("opens when the page receives the 'open-auth-modal' event", async () => {
    await landingWith({});

    await act(async () => {
      window.dispatchEvent(new Event('open-auth-modal'));
    });

    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('asks a signed-in customer to sign out before signing in with another address, sending nothing', async () => {
    const signInWithPassword = vi.fn(async () => ({ emailConfirmed: true }));
    renderApp('/Landing', {
      authService: true,
      signIn: { signInWithPassword },
      loadUser: async () => signedIn(),
    });
    await screen.findByRole('button', { name: 'Open account menu' });
    await act(async () => {
      window.dispatchEvent(new Event('open-auth-modal'));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
    await within(dialog).findByLabelText('Email');
    await fillIn(dialog, 'Other@Example.com', 'Secret123!');

    await userEvent.click(button(dialog, 'Sign In'));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You are currently signed in as casey@example.com. Please sign out first to continue with other@example.com.',
    );
    expect(signInWithPassword).not.toHaveBeenCalled();
  });

  it('closes with its close button', async () => {
    await landingWith({});
    const dialog = await openDialog();

    await userEvent.click(button(dialog, 'Close'));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for the e-mail first, then the password, and sends nothing until both are there', async () => {
    const signInWithPassword = vi.fn<SignInIO['signInWithPassword']>();
    await landingWith({ signInWithPassword });
    const dialog = await openDialog();

    await userEvent.click(button(dialog, 'Sign In'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter your email to sign in.');

    await fillIn(dialog, 'casey@example.com');
    await userEvent.click(button(dialog, 'Sign In'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter your password.');
    expect(signInWithPassword).not.toHaveBeenCalled();
  });

  it('handles its form itself: a submit does not load the page again', async () => {
    const signInWithPassword = vi.fn(async () => ({ emailConfirmed: true }));
    await landingWith({ signInWithPassword });
    const dialog = await openDialog();
    await fillIn(dialog, 'casey@example.com', 'Customer123!');
    const form = button(dialog, 'Sign In').closest('form');
    if (!form) throw new Error("'Sign In' is not in a form.");

    // false: the form took the submit; a browser would otherwise load the page again.
    expect(fireEvent.submit(form)).toBe(false);
    await waitFor(() => expect(signInWithPassword).toHaveBeenCalledOnce());
  });

  it('disables every button while signing in, then closes once the password is accepted', async () => {
    const answer = deferred<{ emailConfirmed: boolean }>();
    const signInWithPassword = vi.fn(() => answer.promise);
    await landingWith({ signInWithPassword });
    const dialog = await openDialog();
    await fillIn(dialog, ' Casey@Example.com', 'Customer123!');

    await userEvent.click(button(dialog, 'Sign In'));

    expect(signInWithPassword).toHaveBeenCalledWith({ email: 'casey@example.com', password: 'Customer123!' });
    for (const name of ['Sign In', 'Continue with Google', 'Forgot password?', 'Resend confirmation email']) {
      expect(button(dialog, name)).toBeDisabled();
    }

    answer.resolve({ emailConfirmed: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the account menu once the session has taken over the sign-in', async () => {
    let serverSession = false;
    const app = await landingWith(
      {
        signInWithPassword: async () => {
          // What supabase-js does on success: it reports SIGNED_IN, which the session exchanges.
          app.session.send({
            type: 'auth.signedIn',
            accessToken: 'access-1',
            authSessionId: 'auth-session-1',
          });
          return { emailConfirmed: true };
        },
      },
      {
        loadUser: async () => {
          if (!serverSession) throw noServerSession();
          return signedIn() as never;
        },
      },
    );
    const dialog = await openDialog();
    await fillIn(dialog, 'casey@example.com', 'Customer123!');
    serverSession = true;

    await userEvent.click(button(dialog, 'Sign In'));

    expect(await screen.findByRole('button', { name: 'Open account menu' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('names a wrong password and clears the message when the visitor tries again', async () => {
    const second = deferred<{ emailConfirmed: boolean }>();
    const signInWithPassword = vi
      .fn<SignInIO['signInWithPassword']>()
      .mockRejectedValueOnce(refusal('Invalid login credentials'))
      .mockReturnValueOnce(second.promise);
    await landingWith({ signInWithPassword });
    const dialog = await openDialog();
    await fillIn(dialog, 'casey@example.com', 'not-the-password');

    await userEvent.click(button(dialog, 'Sign In'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid login credentials');

    await userEvent.click(button(dialog, 'Sign In'));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    second.resolve({ emailConfirmed: true });
  });

  it.each([
    ['Email not confirmed', 'Email not confirmed yet. Please check your inbox or resend the link.'],
    ['', 'Sign in failed'],
  ])('answers the refusal %j with %j', async (message, text) => {
    await landingWith({ signInWithPassword: async () => Promise.reject(refusal(message)) });
    const dialog = await openDialog();
    await fillIn(dialog, 'casey@example.com', 'Customer123!');

    await userEvent.click(button(dialog, 'Sign In'));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
  });

  it('signs an unconfirmed account out again and says why', async () => {
    const signOut = vi.fn(async () => {});
    await landingWith({ signInWithPassword: async () => ({ emailConfirmed: false }), signOut });
    const dialog = await openDialog();
    await fillIn(dialog, 'new@example.com', 'Journey-Pass-1');

    await userEvent.click(button(dialog, 'Sign In'));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Email not confirmed. Please verify your email before signing in.',
    );
    expect(signOut).toHaveBeenCalledOnce();
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('stays busy while the browser leaves for Google', async () => {
    const startGoogleSignIn = vi.fn(async () => ({ refused: false as const }));
    await landingWith({ startGoogleSignIn });
    const dialog = await openDialog();

    await userEvent.click(button(dialog, 'Continue with Google'));

    expect(startGoogleSignIn).toHaveBeenCalledOnce();
    await waitFor(() => expect(button(dialog, 'Continue with Google')).toBeDisabled());
    expect(button(dialog, 'Sign In')).toBeDisabled();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each<[string, Partial<SignInIO>, string]>([
    [
      'a refusal',
      {
        startGoogleSignIn: async () => ({
          refused: true,
          message: 'Unsupported provider: provider is not enabled',
        }),
      },
      'Login error: Unsupported provider: provider is not enabled',
    ],
    [
      'a refusal without a message',
      { startGoogleSignIn: async () => ({ refused: true, message: null }) },
      'Login error: Supabase sign-in failed',
    ],
    [
      'an unexpected failure',
      { startGoogleSignIn: async () => Promise.reject(new TypeError('Failed to fetch')) },
      'Login error: Failed to fetch',
    ],
    [
      'an unexpected failure without a message',
      { startGoogleSignIn: async () => Promise.reject({}) },
      'Login error: Unexpected error during sign-in',
    ],
  ])('alerts about %s of Google sign-in', async (_, authService, text) => {
    await landingWith(authService);
    const dialog = await openDialog();

    await userEvent.click(button(dialog, 'Continue with Google'));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    expect(button(dialog, 'Continue with Google')).toBeEnabled();
  });

  it('sends the password-reset e-mail to the address typed so far', async () => {
    const requestPasswordReset = vi.fn(async () => {});
    await landingWith({ requestPasswordReset });
    const dialog = await openDialog();

    await userEvent.click(button(dialog, 'Forgot password?'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter your email.');

    await fillIn(dialog, 'Casey@example.com');
    await userEvent.click(button(dialog, 'Forgot password?'));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Password reset email sent. Check your inbox.',
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(requestPasswordReset).toHaveBeenCalledWith({ email: 'casey@example.com' });
  });

  it('says when the reset e-mail could not be sent', async () => {
    await landingWith({ requestPasswordReset: async () => Promise.reject(refusal('Rate limit exceeded')) });
    const dialog = await openDialog();
    await fillIn(dialog, 'casey@example.com');

    await userEvent.click(button(dialog, 'Forgot password?'));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not send reset email');
  });

  it.each<[string, Partial<SignInIO>, 'status' | 'alert', string]>([
    [
      'is resent',
      { resendConfirmation: async () => {} },
      'status',
      'Verification email resent. Please check your inbox.',
    ],
    [
      'was already confirmed',
      { resendConfirmation: async () => Promise.reject(refusal('Email address already confirmed')) },
      'status',
      'This email is already verified. You can sign in now.',
    ],
    [
      'cannot be resent',
      { resendConfirmation: async () => Promise.reject(refusal('Rate limit exceeded')) },
      'alert',
      'Could not resend verification email',
    ],
  ])('says when the confirmation e-mail %s', async (_, authService, role, text) => {
    await landingWith(authService);
    const dialog = await openDialog();
    await fillIn(dialog, 'casey@example.com');

    await userEvent.click(button(dialog, 'Resend confirmation email'));

    expect(await within(dialog).findByRole(role)).toHaveTextContent(text);
  });
});
