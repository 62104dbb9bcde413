import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LoadedUser, SessionEvent } from '../../src/machines/session';
import {
  aUser,
  createTestRoot,
  deferred,
  noServerSession,
  renderApp,
  signedIn,
  testServices,
} from './render-app';

// Issue 24 item 5: the composition root's actions (src/app/root.ts, the page every flow's I/O acts on), seen where a
// user sees them: the address the app lands on after each one, query and all.

async function openUserMenu() {
  await userEvent.click(await screen.findByRole('button', { name: 'Open account menu' }));
  return screen.findByRole('menu');
}

describe("the composition root's page actions", () => {
  it('navigate: sign-out from /Dashboard lands on exactly /Landing, signed out, no sign-up offered', async () => {
    const app = renderApp('/Dashboard', { loadUser: async () => signedIn() });
    const menu = await openUserMenu();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(app.href()).toBe('/Landing');
    expect(screen.queryByRole('dialog', { name: 'Join Beta' })).not.toBeInTheDocument();
  });

  it('offerSignUp: a page that finds no session goes to /Landing?show_signup=1, which opens the sign-up dialog', async () => {
    const app = renderApp('/Settings', {
      loadUser: async () => signedIn(),
      settings: { loadCurrentUser: async () => Promise.reject(noServerSession()) },
    });
    const visited: string[] = [];
    app.router.subscribe('onResolved', ({ toLocation }) => void visited.push(toLocation.href));
    expect(await screen.findByRole('dialog', { name: 'Join Beta' })).toBeInTheDocument();
    expect(visited).toContain('/Landing?show_signup=1');
    expect(app.pathname()).toBe('/Landing');
  });

  it('reloadSession: a saved profile asks the session to load the user again', async () => {
    let company = 'Acme';
    const loadUser = vi.fn(async () => signedIn({ user: { company } }));
    renderApp('/Profile', {
      loadUser,
      profile: {
        updateProfile: async (update) => {
          company = update.company ?? company;
          return aUser({ company });
        },
      },
    });
    const field = await screen.findByLabelText('Company', {}, { timeout: 5000 });
    await userEvent.clear(field);
    await userEvent.type(field, 'Ace');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(loadUser).toHaveBeenCalledTimes(2));
  });

  it("onSessionEvent: another tab's sign-out, reported by the services, signs this page out", async () => {
    let report: ((event: SessionEvent) => void) | undefined;
    renderApp(
      '/Landing',
      { loadUser: async () => signedIn() },
      {
        services: async ({ onSessionEvent }) => {
          report = onSessionEvent;
          return testServices();
        },
      },
    );
    expect(await screen.findByRole('button', { name: 'Open account menu' })).toBeInTheDocument();
    report?.({ type: 'tabs.signedOut', reason: null });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open account menu' })).not.toBeInTheDocument();
  });

  it('signInFallbackUrl: without an address of its own, the login page is on the API the services name', async () => {
    const app = renderApp(
      '/Landing?ref=nav',
      {},
      {
        apiBase: undefined,
        services: async () => ({ ...testServices(), apiBase: 'https://api.example/v1' }),
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(app.leftTo).toEqual(['https://api.example/v1/auth/login?redirect=%2FLanding%3Fref%3Dnav']),
    );
  });

  it("signInFallbackUrl: the options' API address wins over the one the services name", async () => {
    const app = renderApp(
      '/Landing?ref=nav',
      {},
      {
        apiBase: '/own-api',
        services: async () => ({ ...testServices(), apiBase: 'https://api.example/v1' }),
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(app.leftTo).toEqual(['/own-api/auth/login?redirect=%2FLanding%3Fref%3Dnav']));
  });

  it("signInFallbackUrl: when neither the options nor the services name the API, it is the site's /api", async () => {
    const app = renderApp(
      '/Landing?ref=nav',
      {},
      { apiBase: undefined, services: async () => testServices() },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(app.leftTo).toEqual(['/api/auth/login?redirect=%2FLanding%3Fref%3Dnav']));
  });

  it("sessionChecked: resolves once the session's first check has settled, not before", async () => {
    const user = deferred<LoadedUser>();
    const root = createTestRoot('/Settings', { loadUser: () => user.promise });
    let checked = false;
    const done = root.sessionChecked().then(() => {
      checked = true;
    });
    await root.context.session.ready;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(checked).toBe(false);
    user.resolve(signedIn());
    await done;
    expect(root.context.session.current()?.getSnapshot().context.user).not.toBeNull();
  });

  it("preloadCurrentPage: starts the services and loads the code of the address's routes, page included", async () => {
    const services = vi.fn(async () => testServices());
    const root = createTestRoot('/Settings', {}, { services, startAfter: new Promise(() => {}) });
    const loaded = vi.spyOn(root.router, 'loadRouteChunk');
    await root.preloadCurrentPage();
    expect(services).toHaveBeenCalledTimes(1);
    const ids = loaded.mock.calls.map(([route]) => route.id);
    expect(ids.at(-1)).toMatch(/\/Settings$/);
    expect(ids.length).toBe(root.router.matchRoutes(root.router.latestLocation).length);
  });
});
