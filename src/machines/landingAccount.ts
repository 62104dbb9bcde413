import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { TrialResponse } from '../../contract/billing';
import type { DateInput } from '../domain/time';

/**
 * The signed-in customer's parts of the landing page [product: LAND-11, LAND-15, MSG-SILENT-2, MSG-SILENT-3]: the
 * trial lookup behind the banner badge (a failed lookup leaves the days unset, so the badge reads 'Active
 * Member'), and 'Open Dashboard', which checks the identity first and opens the dashboard whatever that check
 * answers.
 */

export interface LandingAccountContext {
  /** The trial's end as the lookup answered it; undefined until it has, and after a failed lookup. */
  trialEndsAt: DateInput;
  /** Whether the lookup answered (a failed one leaves the days unset). */
  trialKnown: boolean;
}

export type LandingAccountEvent = { type: 'dashboard.open' };

const notProvided = (name: string) => () => {
  throw new Error(`The landingAccount machine's actor '${name}' was not provided.`);
};

export const landingAccountMachine = setup({
  types: {
    context: {} as LandingAccountContext,
    events: {} as LandingAccountEvent,
    tags: {} as 'openingDashboard',
  },
  actors: {
    /** GET /api/billing/trial [product: CLIENT-6]. */
    lookupTrial: fromPromise<TrialResponse>(notProvided('lookupTrial')),
    /** GET /api/auth/me: keeps the server session warm before the customer leaves for the dashboard. */
    checkIdentity: fromPromise<unknown>(notProvided('checkIdentity')),
  },
  actions: {
    storeTrial: assign((_, answer: TrialResponse) => ({
      trialEndsAt: answer.trial_ends_at,
      trialKnown: true,
    })),
    /** Provided by the view: the external dashboard in a new tab. */
    openDashboard: () => {},
  },
}).createMachine({
  id: 'landingAccount',
  context: { trialEndsAt: undefined, trialKnown: false },
  type: 'parallel',
  states: {
    trial: {
      initial: 'lookingUp',
      states: {
        lookingUp: {
          invoke: {
            src: 'lookupTrial',
            onDone: {
              target: 'settled',
              actions: { type: 'storeTrial', params: ({ event }) => event.output },
            },
            onError: { target: 'settled' },
          },
        },
        settled: {},
      },
    },
    dashboard: {
      initial: 'idle',
      states: {
        idle: { on: { 'dashboard.open': { target: 'checkingIdentity' } } },
        checkingIdentity: {
          tags: ['openingDashboard'],
          invoke: {
            src: 'checkIdentity',
            onDone: { target: 'idle', actions: 'openDashboard' },
            // Ignored: the dashboard has its own sign-in [product: MSG-SILENT-3].
            onError: { target: 'idle', actions: 'openDashboard' },
          },
        },
      },
    },
  },
});

export type LandingAccountMachine = typeof landingAccountMachine;
export type LandingAccountActorRef = ActorRefFrom<LandingAccountMachine>;
export type LandingAccountSnapshot = SnapshotFrom<LandingAccountMachine>;

/** Whether the trial lookup answered; until it has (or when it failed) the days are unset. */
export const selectTrialKnown = (snapshot: LandingAccountSnapshot) => snapshot.context.trialKnown;
export const selectTrialEndsAt = (snapshot: LandingAccountSnapshot) => snapshot.context.trialEndsAt;
export const selectIsOpeningDashboard = (snapshot: LandingAccountSnapshot) =>
  snapshot.hasTag('openingDashboard');
