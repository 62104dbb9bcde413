import { type ActorRefFrom, assign, type SnapshotFrom, setup } from 'xstate';
import { command, type PortIO, port, request } from './io';

/**
 * Every way to the external dashboard [product: CHECK-3, HEAD-2, HEAD-3, HEAD-9, LAND-17, MSG-SILENT-3]: the
 * session-check page's 'Open Dashboard', the header's (and mobile bar's) Dashboard button and the user menu's
 * Dashboard item. The identity call refreshes the session first, and the dashboard opens whatever it answered (its
 * failure is ignored on purpose: the dashboard checks its visitor itself). Its port is implemented by
 * src/services/dashboard-link-io.ts: a tab is reserved at the click, then sent to the link.
 */

export type DashboardLinkEvent = { type: 'dashboard.open'; link: string };

interface DashboardLinkContext {
  /** Where the tab goes: the dashboard with the user's monitoring choices [product: SET-33]. */
  link: string | null;
}

/** What the way to the dashboard asks of the product API and the browser (src/services/dashboard-link-io.ts). */
export const dashboardLinkPort = port('dashboardLink', {
  /** The identity call (GET /api/auth/me), which renews a lapsed server session from the auth service's. */
  refreshIdentity: request<() => Promise<unknown>>(),
  /** Opens a blank tab while the click still counts as the user's. */
  reserveTab: command<() => void>(),
  /** Sends the reserved tab to the dashboard. */
  openDashboard: command<(target: { link: string }) => void>(),
});
export type DashboardLinkIO = PortIO<typeof dashboardLinkPort>;

export const dashboardLinkMachine = setup({
  // Stryker disable next-line ObjectLiteral: equivalent, xstate's setup never reads `types` at run time (type-checking only)
  types: {
    context: {} as DashboardLinkContext,
    events: {} as DashboardLinkEvent,
    tags: {} as 'opening',
  },
  actors: dashboardLinkPort.actors,
  actions: {
    ...dashboardLinkPort.actions,
    storeLink: assign(({ event }) => ({ link: event.link })),
  },
}).createMachine({
  id: 'dashboardLink',
  context: { link: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'dashboard.open': { target: 'refreshing', actions: ['storeLink', 'reserveTab'] } },
    },
    refreshing: {
      tags: ['opening'],
      invoke: {
        src: 'refreshIdentity',
        onDone: {
          target: 'idle',
          actions: { type: 'openDashboard', params: ({ context }) => ({ link: context.link ?? '' }) },
        },
        // Silently ignored [product: HEAD-3, MSG-SILENT-3]: the dashboard has its own sign-in.
        onError: {
          target: 'idle',
          actions: { type: 'openDashboard', params: ({ context }) => ({ link: context.link ?? '' }) },
        },
      },
    },
  },
});

export type DashboardLinkMachine = typeof dashboardLinkMachine;
export type DashboardLinkActorRef = ActorRefFrom<DashboardLinkMachine>;
export type DashboardLinkSnapshot = SnapshotFrom<DashboardLinkMachine>;

export const selectIsOpening = (snapshot: DashboardLinkSnapshot) => snapshot.hasTag('opening');
