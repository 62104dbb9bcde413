import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { dashboardLinkMachine, selectIsOpening } from '../../src/machines/dashboard-link';
import { renderApp, signedIn } from '../ui/render-app';
import { call, describeModel, type MachineView, start } from './harness';

/**
 * Every way to the external dashboard [product: CHECK-3, CHECK-5, HEAD-2, HEAD-3, HEAD-9, MSG-SILENT-3], replayed
 * through the session-check page's 'Open Dashboard', the account menu's 'Dashboard', the header's Dashboard button and
 * the landing page's signed-in hero.
 */

/** The dashboard with the default monitoring preferences of the signed-in user [product: SET-33]. */
const LINK = 'https://dash.example/?view=overview&autoRefresh=true&refreshInterval=30s';

/** The header's menu is a lazy chunk: the first render of a worker transforms it, seconds on two busy cores. */
const FIRST_RENDER_MS = 15_000;

const openDashboard = () => screen.getByRole('button', { name: 'Open Dashboard' });

type DashboardLinkView = MachineView<typeof dashboardLinkMachine>;

/** The app at `path`, signed in, running the replay's logic, once the header's account menu is there. */
async function renderSignedIn(
  path: string,
  { logic, actorOptions }: Parameters<DashboardLinkView['render']>[0],
) {
  const app = renderApp(
    path,
    { loadUser: async () => signedIn() },
    { flows: { dashboardLink: logic }, actorOptions },
  );
  await screen.findByRole('button', { name: 'Open account menu' }, { timeout: FIRST_RENDER_MS });
  return app;
}

/** How a button host opens the dashboard: a click on its button. */
const clickOn = (button: () => HTMLElement): DashboardLinkView['perform'] => ({
  'dashboard.open': async (_event, user) => {
    await user.click(button());
  },
});

const dashboardView: DashboardLinkView = {
  render: async (replay) => {
    // The header's button and the user menu run this flow too: once theirs have started, the page's is created
    // last, and the replay drives it (the replay follows the last actor created from the logic).
    const app = await renderSignedIn('/Profile', replay);
    expect(await screen.findByRole('button', { name: 'Dashboard' })).toBeEnabled();
    await app.router.navigate({ to: '/Dashboard' });
    await screen.findByRole('button', { name: 'Open Dashboard' });
    return app;
  },
  perform: clickOn(openDashboard),
  shows: {
    // Quiet whatever the call answered: a failed one says nothing [product: MSG-SILENT-3].
    idle: () => {
      expect(openDashboard()).toBeEnabled();
      expect(openDashboard()).not.toHaveAttribute('data-loading');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    // The button spins while the call runs (the tab, reserved at the click, waits blank meanwhile).
    refreshing: () => {
      expect(openDashboard()).toHaveAttribute('data-loading', 'true');
    },
  },
};

/**
 * The account menu's 'Dashboard' [product: LAND-17, HEAD-3], a second host of the flow: on the Profile page, where the
 * menu's actor (a lazy chunk) is created after the header button's, so the replay drives the menu's.
 */
const userMenuHost: DashboardLinkView = {
  render: (replay) => renderSignedIn('/Profile', replay),
  perform: {
    'dashboard.open': async (_event, user) => {
      await user.click(screen.getByRole('button', { name: 'Open account menu' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Dashboard' }));
    },
  },
  shows: {
    // The menu closes at the click; the tab opens once the call is over, a failed one says nothing [MSG-SILENT-3].
    '#dashboardLink': () => {
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  },
};

/** The header's bar of entries on a wide screen (`nav` 'Account'); its Dashboard button [product: HEAD-2, HEAD-3]. */
const headerDashboard = () =>
  within(document.querySelector('nav[aria-label="Account"]') as HTMLElement).getByRole('button', {
    name: 'Dashboard',
  });

/**
 * The header's Dashboard button [product: HEAD-2, HEAD-3], a third host: on the Profile page, whose header button
 * and account menu both run the flow. The header's actor is created first (the menu is a lazy chunk, and after
 * the header's entries in the page), so the replay picks the first live one.
 */
const headerHost: DashboardLinkView = {
  render: async (replay) => {
    const app = await renderSignedIn('/Profile', replay);
    await waitFor(() => expect(headerDashboard()).toBeEnabled());
    return app;
  },
  pick: (actors) => actors[0],
  perform: clickOn(headerDashboard),
  shows: {
    // Quiet whatever the call answered [product: MSG-SILENT-3].
    idle: () => {
      expect(headerDashboard()).toBeEnabled();
      expect(headerDashboard()).not.toHaveAttribute('data-loading');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    // The button spins, and takes no second click, while the call runs.
    refreshing: () => {
      expect(headerDashboard()).toHaveAttribute('data-loading', 'true');
      expect(headerDashboard()).toBeDisabled();
    },
  },
};

/** The signed-in customer's hero on the landing page, its 'Open Dashboard' [product: LAND-12, HEAD-3]. */
const heroDashboard = () =>
  within(document.querySelector('main') as HTMLElement).getByRole('button', { name: 'Open Dashboard' });

/**
 * The landing page's signed-in hero, a fourth host. The top bar's account menu runs the flow too; both are lazy
 * chunks, created in the order their chunks arrive on a page's first render. So the page is rendered once to load
 * them, then again, where both render in one pass in the page's order (the top bar, then the hero): the replay
 * picks the last live actor, the hero's.
 */
const heroHost: DashboardLinkView = {
  render: async (replay) => {
    const landing = async () => {
      const app = await renderSignedIn('/Landing', replay);
      await waitFor(() => expect(heroDashboard()).toBeEnabled(), { timeout: FIRST_RENDER_MS });
      return app;
    };
    (await landing()).unmount();
    return landing();
  },
  pick: (actors) => actors.at(-1),
  perform: clickOn(heroDashboard),
  shows: {
    idle: () => {
      expect(heroDashboard()).toBeEnabled();
      expect(heroDashboard()).not.toHaveAttribute('aria-busy');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    // Busy and not clickable again while the identity call runs [product: LAND-12].
    refreshing: () => {
      expect(heroDashboard()).toBeDisabled();
      expect(heroDashboard()).toHaveAttribute('aria-busy', 'true');
    },
  },
};

describeModel(dashboardLinkMachine, {
  events: [{ type: 'dashboard.open', link: LINK }],
  actors: {
    refreshIdentity: { outputs: [{ id: 'user-1' }], errors: [new Error('Network down')] },
  },
  delays: {},
  view: dashboardView,
  hosts: { 'account menu': userMenuHost, 'header button': headerHost, 'landing hero': heroHost },
  effects: {
    // The tab is reserved at the click, and the identity call comes first [product: HEAD-3].
    'dashboard.open': [call('reserveTab'), start('refreshIdentity')],
    'done:refreshIdentity': [call('openDashboard', { link: LINK })],
    // A failed identity call is ignored: the dashboard opens all the same [product: HEAD-3, MSG-SILENT-3].
    'error:refreshIdentity': [call('openDashboard', { link: LINK })],
  },
  states: {
    idle: ({ snapshot }) => expect(selectIsOpening(snapshot)).toBe(false),
    refreshing: ({ snapshot }) => expect(selectIsOpening(snapshot)).toBe(true),
  },
  afterStep: {
    init: ({ snapshot }) => expect(snapshot.context.link).toBeNull(),
    'dashboard.open': ({ snapshot }) => expect(snapshot.context.link).toBe(LINK),
  },
});
