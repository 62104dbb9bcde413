import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { RefundReversal } from '../../contract/refund';
import type { AppRouter } from '../../src/routes/router';
import { deferred, renderApp, signedIn } from './render-app';

/**
 * A guarded page itself, by its heading: the frame shows the same heading above 'Loading…' while the user loads, and
 * the page's own replaces it.
 */
const findPage = (name: string | RegExp) =>
  waitFor(() => {
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    return screen.getByRole('heading', { level: 1, name });
  });

describe('guarded pages', () => {
  it("shows the header, the page's heading and 'Loading…' in the page's place while the user loads, then the page", async () => {
    const user = deferred<ReturnType<typeof signedIn>>();
    renderApp('/Billing', { loadUser: () => user.promise });

    expect(await screen.findByRole('navigation', { name: 'Account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Beacon RMM/ })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByText('Loading…')).toBeInTheDocument();
    // The heading does not depend on the user: it is there at once (and painted from the page's HTML).
    expect(main.getByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    expect(main.getByText('Your plan, payments and invoices')).toBeInTheDocument();

    user.resolve(signedIn());
    await waitFor(() => expect(screen.queryByText('Loading…')).not.toBeInTheDocument());
    expect(main.getByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
  });

  it("shows the Settings page's first section with its note around 'Loading…' while the user loads", async () => {
    const user = deferred<ReturnType<typeof signedIn>>();
    renderApp('/Settings', { loadUser: () => user.promise });

    const section = await screen.findByRole('region', { name: 'Notifications' });
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(
      within(section).getByText(
        'Alerts and digests are sent by the Beacon monitoring platform, which reads these choices.',
      ),
    ).toBeInTheDocument();
    expect(within(section).getByText('Loading…')).toBeInTheDocument();

    user.resolve(signedIn());
    await waitFor(() => expect(screen.queryByText('Loading…')).not.toBeInTheDocument());
  });

  it('sends an anonymous visitor from /Billing to /Landing', async () => {
    const app = renderApp('/Billing');

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/Landing');
    expect(screen.queryByRole('heading', { name: 'Billing' })).not.toBeInTheDocument();
  });

  it('sends a user who still has to onboard from /Profile to /Onboarding', async () => {
    const app = renderApp('/Profile', { loadUser: async () => signedIn({ onboardingRequired: true }) });

    expect(await screen.findByText('Complete your setup')).toBeInTheDocument();
    expect(app.pathname()).toBe('/Onboarding');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Welcome/);
  });

  it('lets a user who still has to onboard stay on /Onboarding', async () => {
    const app = renderApp('/Onboarding', { loadUser: async () => signedIn({ onboardingRequired: true }) });

    expect(await screen.findByText('Complete your setup')).toBeInTheDocument();
    expect(app.pathname()).toBe('/Onboarding');
  });

  it('shows the Billing page for /billing, as page names are case-insensitive', async () => {
    const app = renderApp('/billing', { loadUser: async () => signedIn() });

    expect(await findPage('Billing')).toBeInTheDocument();
    expect(app.pathname()).toBe('/billing');
  });

  it.each([
    ['/foo/Billing', '/Billing', 'Billing'],
    ['/Admin-Refunds', '/AdminRefunds', 'Refund'],
    ['/some/where/settings', '/Settings', 'Settings'],
  ])('shows the page the last segment of %s names, at %s', async (path, pagePath, title) => {
    const app = renderApp(path, { loadUser: async () => signedIn({ user: { role: 'admin' } }) });

    expect(await findPage(new RegExp(title))).toBeInTheDocument();
    expect(app.pathname()).toBe(pagePath);
  });

  it('shows the landing page for an address that names no page, keeping its query', async () => {
    const app = renderApp('/nowhere?ref=ad');

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/Landing');
    expect(app.router.state.location.searchStr).toBe('?ref=ad');
    expect(screen.queryByText(/not found/i)).not.toBeInTheDocument();
  });

  it.each([
    ['/Dashboard', 'Dashboard'],
    ['/Profile', 'Profile'],
    ['/Settings', 'Settings'],
  ])('shows %s to a signed-in user', async (path, title) => {
    renderApp(path, { loadUser: async () => signedIn() });

    expect(await findPage(title)).toBeInTheDocument();
  });

  it('leaves a guarded page for /Landing when the auth service signs the user out', async () => {
    const app = renderApp('/Settings', { loadUser: async () => signedIn() });
    await screen.findByRole('heading', { name: 'Settings' });

    app.session.send({ type: 'auth.signedOut' });

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/Landing');
  });
});

describe('the root path', () => {
  it('sends a signed-in user who still has to onboard to /Onboarding', async () => {
    const app = renderApp('/', { loadUser: async () => signedIn({ onboardingRequired: true }) });

    expect(await screen.findByText('Complete your setup')).toBeInTheDocument();
    expect(app.pathname()).toBe('/Onboarding');
  });

  it('shows the landing page to an anonymous visitor', async () => {
    const app = renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Monitor. Manage. Maximize.' })).toBeInTheDocument();
    await waitFor(() => expect(app.session.getSnapshot().matches('anonymous')).toBe(true));
    expect(app.pathname()).toBe('/');
  });

  it('keeps an onboarded user on the landing page', async () => {
    const app = renderApp('/', { loadUser: async () => signedIn() });

    expect(await screen.findByRole('button', { name: 'Open account menu' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/');
  });
});

describe('password recovery', () => {
  it('goes to /Reset when the address carries a recovery marker in the hash, keeping the tokens', async () => {
    const app = renderApp('/Landing#access_token=abc&type=recovery');

    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/Reset');
    expect(app.router.state.location.hash).toBe('access_token=abc&type=recovery');
  });

  it('goes to /Reset when the recovery marker is in the query', async () => {
    const app = renderApp('/?type=recovery&token_hash=xyz');

    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/Reset');
  });

  it('does not mistake a sign-in link with an access token for a recovery link', async () => {
    const app = renderApp('/Landing#access_token=abc&type=signup');

    expect(await screen.findByRole('heading', { name: 'Monitor. Manage. Maximize.' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/Landing');
  });

  it('goes to /Reset when the auth service reports PASSWORD_RECOVERY', async () => {
    const app = renderApp('/Landing');
    await screen.findByRole('heading', { name: 'Monitor. Manage. Maximize.' });

    app.session.send({ type: 'auth.passwordRecovery' });

    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/Reset');
  });

  it('shows /Reset to an anonymous visitor', async () => {
    renderApp('/Reset');

    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
  });
});

/** A reversal that went half through: refunded, the subscription not ended; no session, no notes. */
const HALF_DONE: RefundReversal = {
  id: 'a2b0d4c8-0000-4000-8000-000000000002',
  payment_intent_id: 'pi_half',
  session_id: null,
  customer_email: 'robin@example.com',
  refund_id: 're_2',
  subscription_id: 'sub_1',
  amount_refunded: 5900,
  currency: 'usd',
  notes: null,
  processed_by: 'admin@example.com',
  created_date: '2026-11-23T10:00:00.000Z',
  completed: false,
};

describe('AdminRefunds', () => {
  it("shows 'Checking admin access...' until verified, then sends a non-admin to /Landing", async () => {
    const user = deferred<ReturnType<typeof signedIn>>();
    const app = renderApp('/AdminRefunds', { loadUser: () => user.promise });

    expect(await screen.findByText('Checking admin access...')).toBeInTheDocument();

    user.resolve(signedIn({ user: { role: 'user' } }));
    await waitFor(() => expect(app.pathname()).toBe('/Landing'));
    expect(screen.queryByRole('heading', { name: 'Refund Management (Admin)' })).not.toBeInTheDocument();
  });

  it('sends an anonymous visitor to /Landing', async () => {
    const app = renderApp('/AdminRefunds');

    await waitFor(() => expect(app.pathname()).toBe('/Landing'));
  });

  it('shows the refund tool to an admin', async () => {
    renderApp('/AdminRefunds', { loadUser: async () => signedIn({ user: { role: 'admin' } }) });

    expect(await screen.findByRole('heading', { name: 'Refund Management (Admin)' })).toBeInTheDocument();
  });

  it('takes its forms itself, keeps the list while refreshing, and says a failure as an alert [product: REFUND-16]', async () => {
    const reload = deferred<RefundReversal[]>();
    const loadReversals = vi.fn().mockResolvedValueOnce([HALF_DONE]).mockReturnValueOnce(reload.promise);
    const confirmIdentity = vi
      .fn()
      .mockRejectedValueOnce(new Error('Invalid login credentials'))
      .mockResolvedValueOnce(undefined);
    const reverse = vi
      .fn()
      .mockResolvedValueOnce({
        processed: false,
        alreadyProcessed: false,
        error: 'Please enter your password again.',
        reauthenticate: true,
      })
      .mockResolvedValueOnce({
        processed: false,
        alreadyProcessed: false,
        error: 'No payment pi_half was found.',
      });
    renderApp('/AdminRefunds', {
      loadUser: async () => signedIn({ user: { role: 'admin' } }),
      refund: { loadReversals, reverse, confirmIdentity },
    });
    const id = await screen.findByLabelText('Payment provider ID');
    expect(id).toHaveValue('');
    // An ID is no word: the browser marks no spelling mistakes in it.
    expect(id).toHaveAttribute('spellcheck', 'false');
    expect(screen.getByLabelText('Notes (optional)')).toHaveValue('');
    // A reversal without notes leaves its Notes cell empty.
    const row = (await screen.findByText('pi_half')).closest('tr');
    expect(row?.lastElementChild).toHaveTextContent(/^$/);

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(screen.getByText('pi_half')).toBeInTheDocument();
    expect(screen.queryByText('Loading recent reversals...')).not.toBeInTheDocument();
    reload.resolve([HALF_DONE]);

    await userEvent.type(id, 'pi_half');
    const form = screen.getByRole('button', { name: 'Process Refund Reversal' }).closest('form');
    if (!form) throw new Error("'Process Refund Reversal' is not in a form.");
    // false: the page took the submit; a browser would otherwise load the page again.
    expect(fireEvent.submit(form)).toBe(false);

    const prompt = await screen.findByRole('form', { name: 'Confirm it is you' });
    const password = within(prompt).getByLabelText('Password');
    expect(password).toHaveValue('');
    await userEvent.type(password, 'Wrong123!');
    expect(fireEvent.submit(prompt)).toBe(false);
    // A refused password is not kept for the next try.
    expect(await within(prompt).findByText('Invalid login credentials')).toBeInTheDocument();
    expect(password).toHaveValue('');
    await userEvent.type(password, 'Secret123!');
    fireEvent.submit(prompt);
    await waitFor(() => expect(confirmIdentity).toHaveBeenLastCalledWith({ password: 'Secret123!' }));
    await waitFor(() => expect(reverse).toHaveBeenCalledTimes(2));
    const failure = await screen.findByText('No payment pi_half was found.');
    expect(failure.closest('[role="alert"], [role="status"]')).toHaveAttribute('role', 'alert');
  });

  it('shows the refund tool for /adminrefunds too', async () => {
    renderApp('/adminrefunds', { loadUser: async () => signedIn({ user: { role: 'admin' } }) });

    expect(await screen.findByRole('heading', { name: 'Refund Management (Admin)' })).toBeInTheDocument();
  });
});

describe('navigation while the session reloads', () => {
  it('decides on the next guarded page with the reloaded flags, not the stale ones', async () => {
    const reload = deferred<ReturnType<typeof signedIn>>();
    let calls = 0;
    const app = renderApp('/Profile', {
      loadUser: () => (calls++ === 0 ? Promise.resolve(signedIn()) : reload.promise),
    });
    await screen.findByRole('heading', { name: 'Profile' });

    app.session.send({ type: 'session.reload' });
    const navigation = app.router.navigate({ to: '/Billing' });
    reload.resolve(signedIn({ onboardingRequired: true }));
    await navigation;

    // Decided by the navigation itself: Billing was never committed with the stale flags.
    expect(app.pathname()).toBe('/Onboarding');
    expect(await screen.findByText('Complete your setup')).toBeInTheDocument();
  });

  it('sends the user to /Onboarding when the reload says onboarding is required', async () => {
    let calls = 0;
    const app = renderApp('/Settings', {
      loadUser: async () => signedIn({ onboardingRequired: calls++ > 0 }),
    });
    await screen.findByRole('heading', { name: 'Settings' });

    app.session.send({ type: 'session.reload' });

    expect(await screen.findByText('Complete your setup')).toBeInTheDocument();
    expect(app.pathname()).toBe('/Onboarding');
  });
});

describe('while the session chunk loads', () => {
  it('shows the landing page with its sign-in actions, then the account menu of the signed-in user', async () => {
    const chunk = deferred<void>();
    renderApp('/Landing', { loadUser: async () => signedIn(), sessionChunk: chunk.promise });

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();

    chunk.resolve();
    expect(await screen.findByRole('button', { name: /account menu/i })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it("holds a guarded page at 'Loading…' and then decides with the loaded session", async () => {
    const chunk = deferred<void>();
    const app = renderApp('/Billing', { sessionChunk: chunk.promise });

    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(app.pathname()).toBe('/Billing');

    chunk.resolve();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/Landing');
  });
});

describe("the window's scroll", () => {
  it('goes to the top for a new address only (a link, back), not on the first render nor when the guards re-run as the session settles', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    onTestFinished(() => scrollTo.mockRestore());
    const user = deferred<ReturnType<typeof signedIn>>();
    const app = renderApp('/Landing', { loadUser: () => user.promise });
    const renders = renderCount(app.router);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    await waitFor(() => expect(renders()).toBe(1));

    // The session settles: the guards re-run, and the router renders the same page again.
    user.resolve(signedIn());
    expect(await screen.findByRole('button', { name: /account menu/i })).toBeInTheDocument();
    await waitFor(() => expect(renders()).toBe(2));
    expect(scrollTo).not.toHaveBeenCalled();

    await app.router.navigate({ to: '/Profile' });
    await waitFor(() => expect(renders()).toBe(3));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ top: 0, left: 0 }));

    app.router.history.back();
    await waitFor(() => expect(renders()).toBe(4));
    expect(app.pathname()).toBe('/Landing');
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});

/** How many renders the router has finished from now on. */
function renderCount(router: AppRouter) {
  let count = 0;
  router.subscribe('onRendered', () => {
    count += 1;
  });
  return () => count;
}
