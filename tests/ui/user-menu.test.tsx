import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, renderApp, signedIn } from './render-app';

async function openUserMenu() {
  await userEvent.click(await screen.findByRole('button', { name: 'Open account menu' }));
  return screen.findByRole('menu');
}

describe('the user menu', () => {
  it('is absent for an anonymous visitor', async () => {
    const app = renderApp('/Landing');
    await screen.findByRole('button', { name: 'Sign In' });
    await waitFor(() => expect(app.session.getSnapshot().matches('anonymous')).toBe(true));

    expect(screen.queryByRole('button', { name: 'Open account menu' })).not.toBeInTheDocument();
  });

  it("shows the user's initials and links to Profile, Billing, Settings and the external Dashboard", async () => {
    renderApp('/Landing', { loadUser: async () => signedIn() });

    const trigger = await screen.findByRole('button', { name: 'Open account menu' });
    expect(trigger).toHaveTextContent('CJ');
    const menu = await openUserMenu();

    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/Profile');
    expect(within(menu).getByRole('menuitem', { name: 'Billing' })).toHaveAttribute('href', '/Billing');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/Settings');
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute(
        'href',
        'https://dash.example/?view=overview&autoRefresh=true&refreshInterval=30s',
      ),
    );
    expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('target', '_blank');
  });

  it('opens the Billing page from the menu', async () => {
    const app = renderApp('/Landing', { loadUser: async () => signedIn() });
    const menu = await openUserMenu();

    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Billing' }));

    expect(await screen.findByRole('heading', { name: 'Billing' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/Billing');
  });

  it("reads 'Signing out...' and is disabled while signing out, then lands on /Landing signed out", async () => {
    const signOut = deferred<void>();
    const app = renderApp('/Settings', { loadUser: async () => signedIn(), signOut: () => signOut.promise });
    const menu = await openUserMenu();

    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));

    const item = await within(menu).findByRole('menuitem', { name: 'Signing out...' });
    expect(item).toBeDisabled();

    signOut.resolve();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/Landing');
    expect(screen.queryByRole('button', { name: 'Open account menu' })).not.toBeInTheDocument();
  });

  it('still ends signed out on /Landing when signing out fails', async () => {
    const app = renderApp('/Profile', {
      loadUser: async () => signedIn(),
      signOut: async () => {
        throw new Error('Network down');
      },
    });
    const menu = await openUserMenu();

    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/Landing');
  });
});
