import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LoadedUser } from '../../src/machines/session';
import { noServerSession, renderApp, signedIn } from './render-app';

async function fillIn(password: string, confirmPassword: string) {
  await userEvent.type(await screen.findByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirmPassword);
}

describe('the Reset page [product: RESET]', () => {
  it('picks the session up from the link, cleans the address, updates the password, refreshes the user and goes to Landing [product: RESET-1, RESET-2, RESET-3, RESET-4, RESET-7]', async () => {
    const pickUpSession = vi.fn(async () => ({ hasSession: true }));
    const updatePassword = vi.fn(async () => {});
    const loadUser = vi.fn(async (): Promise<LoadedUser> => signedIn());
    const app = renderApp('/Reset?code=pkce-code-123', {
      loadUser,
      passwordReset: { pickUpSession, updatePassword },
    });

    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    await waitFor(() => expect(pickUpSession).toHaveBeenCalledWith({ href: '/Reset?code=pkce-code-123' }));
    await waitFor(() => expect(app.router.state.location.href).toBe('/Reset'));

    const loadsBefore = loadUser.mock.calls.length;
    await fillIn('New-Pass-123', 'New-Pass-123');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been updated.');
    expect(updatePassword).toHaveBeenCalledWith({ password: 'New-Pass-123' });
    await waitFor(() => expect(loadUser.mock.calls.length).toBeGreaterThan(loadsBefore));
    await waitFor(() => expect(app.pathname()).toBe('/Landing'), { timeout: 3000 });
  });

  it('says what is wrong with the passwords and sends nothing [product: RESET-5]', async () => {
    const updatePassword = vi.fn();
    renderApp('/Reset', {
      loadUser: async () => Promise.reject(noServerSession()),
      passwordReset: { pickUpSession: async () => ({ hasSession: true }), updatePassword },
    });
    await fillIn('short', 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password must be at least 8 characters long.',
    );
    await userEvent.type(screen.getByLabelText('New password'), '-longer');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(updatePassword).not.toHaveBeenCalled();
  });

  it("without the link's session asks to open the link again [product: RESET-6]", async () => {
    const updatePassword = vi.fn();
    renderApp('/Reset', {
      loadUser: async () => Promise.reject(noServerSession()),
      passwordReset: { pickUpSession: async () => ({ hasSession: false }), updatePassword },
    });
    await fillIn('New-Pass-123', 'New-Pass-123');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Auth session missing. Please open the link from your email again, or request a new reset email.',
    );
    expect(updatePassword).not.toHaveBeenCalled();
  });

  it("reads 'Updating…' while the password is set [product: RESET-1]", async () => {
    renderApp('/Reset', {
      loadUser: async () => Promise.reject(noServerSession()),
      passwordReset: {
        pickUpSession: async () => ({ hasSession: true }),
        updatePassword: () => new Promise(() => {}),
      },
    });
    await fillIn('New-Pass-123', 'New-Pass-123');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByRole('button', { name: 'Updating…' })).toBeDisabled();
  });

  it('sent empty, says the password is too short, sends nothing and stays on the page [product: RESET-5]', async () => {
    const updatePassword = vi.fn();
    renderApp('/Reset', {
      loadUser: async () => Promise.reject(noServerSession()),
      passwordReset: { pickUpSession: async () => ({ hasSession: true }), updatePassword },
    });
    const form = (await screen.findByLabelText('New password')).closest('form');
    if (!form) throw new Error('The Reset page has no form.');
    // false: the page handled the submit itself; a browser would otherwise load the page again.
    expect(fireEvent.submit(form)).toBe(false);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password must be at least 8 characters long.',
    );
    expect(updatePassword).not.toHaveBeenCalled();
  });
});
