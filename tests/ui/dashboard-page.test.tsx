import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoadedUser } from '../../src/machines/session';
import { deferred, fakeTab, noServerSession, renderApp, signedIn, testServices } from './render-app';

describe('the session-check page [product: CHECK]', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("says 'Checking session…' while the session is checked [product: CHECK-1]", async () => {
    const answer = deferred<LoadedUser>();
    renderApp('/Dashboard', { loadUser: () => answer.promise });
    expect(await screen.findByText('Checking session…')).toBeInTheDocument();
    answer.resolve(signedIn());
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('sends a visitor without a session to the landing page with the sign-up dialog asked for [product: CHECK-2]', async () => {
    const app = renderApp('/Dashboard', { loadUser: async () => Promise.reject(noServerSession()) });
    await waitFor(() => expect(app.pathname()).toBe('/Landing'));
    // `show_signup=1` is honoured with the sign-up dialog, then taken out of the address [product: LAND-26].
    expect(await screen.findByRole('dialog', { name: 'Join Beta' })).toBeInTheDocument();
  });

  it("'Open Dashboard' opens a tab at the click, refreshes the session, then sends the tab to the external dashboard, a failed refresh ignored [product: CHECK-3, CHECK-5, MSG-SILENT-3]", async () => {
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const refresh = deferred<unknown>();
    renderApp('/Dashboard', {
      loadUser: async () => signedIn(),
      dashboardLink: { refreshIdentity: () => refresh.promise },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Open Dashboard' }));
    // Reserved at the click, as pop-up blockers require [product: HEAD-9], and still blank.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.location.href).toBe('about:blank');
    refresh.reject(noServerSession());
    await waitFor(() =>
      expect(tab.location.href).toBe(
        'https://dash.example/?view=overview&autoRefresh=true&refreshInterval=30s',
      ),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the trial the server reports [product: CHECK-6]', async () => {
    const inTwoWeeks = new Date(Date.now() + 14 * 24 * 3600 * 1000 - 60_000).toISOString();
    renderApp('/Dashboard', { loadUser: async () => signedIn({ user: { trial_ends_at: inTwoWeeks } }) });
    expect(await screen.findByText('Trial: 14 days left')).toBeInTheDocument();
  });

  it('shows no trial badge without a trial, nor once it has ended [product: CHECK-6]', async () => {
    for (const trial_ends_at of [null, new Date(Date.now() - 60_000).toISOString()]) {
      const view = renderApp('/Dashboard', { loadUser: async () => signedIn({ user: { trial_ends_at } }) });
      expect(await screen.findByRole('button', { name: 'Open Dashboard' })).toBeInTheDocument();
      expect(screen.queryByText(/^Trial:|^Active Member$/)).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it("offers no Open Dashboard button when the deployment's configuration cannot be read [product: CHECK-3]", async () => {
    const configured = deferred<void>();
    const inTwoWeeks = new Date(Date.now() + 14 * 24 * 3600 * 1000 - 60_000).toISOString();
    renderApp(
      '/Dashboard',
      { loadUser: async () => signedIn({ user: { trial_ends_at: inTwoWeeks } }) },
      {
        services: async () => ({
          ...testServices(),
          runtimeConfig: async () => {
            configured.resolve();
            throw new Error('The configuration could not be read.');
          },
        }),
      },
    );
    expect(await screen.findByText('Trial: 14 days left')).toBeInTheDocument();
    await configured.promise;
    // The button waits for the configuration (Suspense): give React the turn it renders in.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('button', { name: 'Open Dashboard' })).not.toBeInTheDocument();
  });
});
