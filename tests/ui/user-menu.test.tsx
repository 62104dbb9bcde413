import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeTab, renderApp, signedIn } from './render-app';

async function openUserMenu() {
  await userEvent.click(await screen.findByRole('button', { name: 'Open account menu' }));
  return screen.findByRole('menu');
}

describe('the user menu', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is absent for an anonymous visitor', async () => {
    const app = renderApp('/Landing');
    await screen.findByRole('button', { name: 'Sign In' });
    await waitFor(() => expect(app.session.getSnapshot().matches('anonymous')).toBe(true));

    expect(screen.queryByRole('button', { name: 'Open account menu' })).not.toBeInTheDocument();
  });

  it("shows the user's initials and links to Profile, Billing, Settings, and the Dashboard item [product: LAND-17]", async () => {
    renderApp('/Landing', { loadUser: async () => signedIn() });

    const trigger = await screen.findByRole('button', { name: 'Open account menu' });
    expect(trigger).toHaveTextContent('CJ');
    const menu = await openUserMenu();

    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/Profile');
    expect(within(menu).getByRole('menuitem', { name: 'Billing' })).toHaveAttribute('href', '/Billing');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/Settings');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).toBeEnabled());
  });

  it('Dashboard opens a tab at the click and sends it to the dashboard with the monitoring preferences once the identity call is over, the menu closed meanwhile [product: LAND-17, HEAD-3, HEAD-9, SET-33]', async () => {
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const identity = deferred<unknown>();
    renderApp('/Landing', {
      loadUser: async () => signedIn(),
      dashboardLink: { refreshIdentity: () => identity.promise },
    });
    const menu = await openUserMenu();
    const item = within(menu).getByRole('menuitem', { name: 'Dashboard' });
    await waitFor(() => expect(item).toBeEnabled());

    await userEvent.click(item);

    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(tab.location.href).toBe('about:blank');
    identity.resolve({});
    await waitFor(() =>
      expect(tab.location.href).toBe(
        'https://dash.example/?view=overview&autoRefresh=true&refreshInterval=30s',
      ),
    );
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
    const app = renderApp('/Settings', {
      loadUser: async () => signedIn(),
      session: { signOut: () => signOut.promise },
    });
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
      session: {
        signOut: async () => {
          throw new Error('Network down');
        },
      },
    });
    const menu = await openUserMenu();

    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/Landing');
  });
});
