import { type ActorRefFrom, fromPromise, type SnapshotFrom, setup } from 'xstate';

/**
 * The header's Dashboard button [product: HEAD-2, HEAD-3]: the identity call refreshes the session first, and the
 * external dashboard opens whatever it answered (its failure is ignored on purpose). `refreshIdentity` is provided
 * by the composition root, `openDashboard` by the view (it owns the tab it opened at the click).
 */

export type DashboardLinkEvent = { type: 'dashboard.open' };

const notProvided = (name: string) => () => {
  throw new Error(`The dashboard link machine's actor '${name}' was not provided.`);
};

export const dashboardLinkMachine = setup({
  types: {
    events: {} as DashboardLinkEvent,
    tags: {} as 'opening',
  },
  actors: {
    /** The identity call (GET /api/auth/me), which also keeps the server session alive. */
    refreshIdentity: fromPromise<unknown>(notProvided('refreshIdentity')),
  },
  actions: {
    /** Sends the tab opened at the click to the dashboard; provided by the view. */
    openDashboard: () => {},
  },
}).createMachine({
  id: 'dashboardLink',
  initial: 'idle',
  states: {
    idle: {
      on: { 'dashboard.open': { target: 'refreshing' } },
    },
    refreshing: {
      tags: ['opening'],
      invoke: {
        src: 'refreshIdentity',
        onDone: { target: 'idle', actions: 'openDashboard' },
        // Silently ignored [product: HEAD-3]: the dashboard has its own sign-in.
        onError: { target: 'idle', actions: 'openDashboard' },
      },
    },
  },
});

export type DashboardLinkMachine = typeof dashboardLinkMachine;
export type DashboardLinkActorRef = ActorRefFrom<DashboardLinkMachine>;
export type DashboardLinkSnapshot = SnapshotFrom<DashboardLinkMachine>;

export const selectIsOpening = (snapshot: DashboardLinkSnapshot) => snapshot.hasTag('opening');
