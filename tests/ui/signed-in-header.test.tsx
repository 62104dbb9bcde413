import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeTab, renderApp, signedIn } from './render-app';

async function header() {
  return screen.findByRole('navigation', { name: 'Account' });
}

/** happy-dom applies media queries against its window size, so the mobile bar can be seen at 375 px. */
function setViewportWidth(width: number) {
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({
    width,
    height: 800,
  });
}

describe('the shared signed-in header [product: HEAD]', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    setViewportWidth(1024);
  });

  it('shows the logo with a Beta badge, Dashboard, Profile, Billing, Settings and the static Alerts (3) [product: HEAD-1, HEAD-4, HEAD-6]', async () => {
    renderApp('/Dashboard', { loadUser: async () => signedIn() });
    const nav = await header();

    const logo = screen.getByRole('link', { name: /Beacon RMM/ });
    expect(within(logo).getByText('Beta')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/Profile');
    expect(within(nav).getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/Billing');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/Settings');
    expect(within(nav).getByRole('button', { name: 'Alerts (3)' })).toBeInTheDocument();
    expect(await within(nav).findByRole('button', { name: 'Dashboard' })).toBeEnabled();
    expect(await screen.findByRole('button', { name: 'Open account menu' })).toBeInTheDocument();
  });

  it('marks the page being shown', async () => {
    renderApp('/Settings', { loadUser: async () => signedIn() });
    const nav = await header();
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(within(nav).getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current');
  });

  it('shows Admin Tools to admins only, leading to AdminRefunds [product: HEAD-5, ROLE-4]', async () => {
    const { unmount } = renderApp('/Dashboard', { loadUser: async () => signedIn() });
    expect(within(await header()).queryByRole('link', { name: 'Admin Tools' })).not.toBeInTheDocument();
    unmount();

    renderApp('/Dashboard', { loadUser: async () => signedIn({ user: { role: 'admin' } }) });
    expect(within(await header()).getByRole('link', { name: 'Admin Tools' })).toHaveAttribute(
      'href',
      '/AdminRefunds',
    );
  });

  it('frames the admin refund page too, once the role is checked, so the admin can get back [product: HEAD, ROUTE-7]', async () => {
    renderApp('/AdminRefunds', { loadUser: async () => signedIn({ user: { role: 'admin' } }) });
    expect(await screen.findByRole('heading', { name: 'Refund Management (Admin)' })).toBeInTheDocument();
    const nav = await header();
    expect(within(nav).getByRole('link', { name: 'Admin Tools' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/Billing');
  });

  it('makes the identity call, then sends the tab opened at the click to the dashboard with the monitoring preferences [product: HEAD-2, HEAD-3, SET-33]', async () => {
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const identity = deferred<unknown>();
    renderApp('/Dashboard', {
      loadUser: async () =>
        signedIn({
          user: { settings: { defaultDashboard: 'alerts', autoRefresh: true, refreshInterval: '1m' } },
        }),
      dashboardLink: { refreshIdentity: () => identity.promise },
    });

    const dashboard = await within(await header()).findByRole('button', { name: 'Dashboard' });
    await userEvent.click(dashboard);

    // Opened at once (a pop-up blocker allows only that), cut off from this page, still blank; the button waits.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(dashboard).toBeDisabled();
    expect(tab.opener).toBeNull();
    expect(tab.location.href).toBe('about:blank');

    identity.resolve({});
    await waitFor(() =>
      expect(tab.location.href).toBe('https://dash.example/?view=alerts&autoRefresh=true&refreshInterval=1m'),
    );
    await waitFor(() => expect(dashboard).toBeEnabled());
  });

  it('opens the dashboard even when the identity call fails, and says nothing about it [product: HEAD-3]', async () => {
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderApp('/Dashboard', {
      loadUser: async () => signedIn(),
      dashboardLink: { refreshIdentity: async () => Promise.reject(new Error('Network down')) },
    });

    await userEvent.click(await within(await header()).findByRole('button', { name: 'Dashboard' }));

    await waitFor(() => expect(tab.location.href).toContain('https://dash.example/?view=overview'));
    expect(screen.queryByText('Network down')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('repeats the same entries in the mobile menu, which closes after following one [product: HEAD-8]', async () => {
    setViewportWidth(375);
    const app = renderApp('/Dashboard', { loadUser: async () => signedIn({ user: { role: 'admin' } }) });
    // At phone width the bar of entries is hidden; the burger offers them.
    await screen.findByRole('button', { name: 'Open navigation' });
    expect(screen.queryByRole('navigation', { name: 'Account' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const menu = await screen.findByRole('navigation', { name: 'Account menu' });
    expect(screen.getByRole('button', { name: 'Close navigation' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('dialog', { name: 'Menu' })).toContainElement(menu);
    for (const name of ['Profile', 'Billing', 'Settings', 'Admin Tools']) {
      expect(within(menu).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(menu).getByRole('button', { name: 'Alerts (3)' })).toBeInTheDocument();
    expect(await within(menu).findByRole('button', { name: 'Dashboard' })).toBeInTheDocument();

    await userEvent.click(within(menu).getByRole('link', { name: 'Billing' }));
    await waitFor(() => expect(app.pathname()).toBe('/Billing'));
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Account menu' })).not.toBeInTheDocument(),
    );

    // Its close button closes it too, where it stands.
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close menu' }));
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Account menu' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Open navigation' })).toHaveAttribute('aria-expanded', 'false');
    expect(app.pathname()).toBe('/Billing');
  });
});
