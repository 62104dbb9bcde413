import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';

/**
 * 'Open Dashboard' [product: CHECK-3, HEAD-2, MSG-SILENT-3]: refresh the session, then open the external dashboard
 * in a new tab. A failed refresh is ignored: the dashboard checks its visitor itself.
 */

export type OpenDashboardEvent = { type: 'dashboard.open'; url: string };

export interface OpenDashboardContext {
  url: string | null;
}

const notProvided = (name: string) => () => {
  throw new Error(`The openDashboard machine's actor '${name}' was not provided.`);
};

export const openDashboardMachine = setup({
  types: {
    context: {} as OpenDashboardContext,
    events: {} as OpenDashboardEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** The identity call, which renews the server session from the auth service's when it has lapsed. */
    refreshSession: fromPromise<unknown>(notProvided('refreshSession')),
  },
  actions: {
    keepUrl: assign((_, params: { url: string }) => ({ url: params.url })),
    /** Opens the address in a new tab; provided by the app. */
    openInNewTab: (_, _params: { url: string }) => {},
  },
}).createMachine({
  id: 'openDashboard',
  context: { url: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'dashboard.open': {
          target: 'refreshing',
          actions: { type: 'keepUrl', params: ({ event }) => ({ url: event.url }) },
        },
      },
    },
    refreshing: {
      tags: ['busy'],
      invoke: {
        src: 'refreshSession',
        onDone: {
          target: 'idle',
          actions: { type: 'openInNewTab', params: ({ context }) => ({ url: context.url ?? '' }) },
        },
        onError: {
          target: 'idle',
          actions: { type: 'openInNewTab', params: ({ context }) => ({ url: context.url ?? '' }) },
        },
      },
    },
  },
});

export type OpenDashboardMachine = typeof openDashboardMachine;
export type OpenDashboardActorRef = ActorRefFrom<OpenDashboardMachine>;
export type OpenDashboardSnapshot = SnapshotFrom<OpenDashboardMachine>;

export const selectIsOpening = (snapshot: OpenDashboardSnapshot) => snapshot.hasTag('busy');
