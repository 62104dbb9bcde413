import { type ActorRefFrom, assign, type SnapshotFrom, setup } from 'xstate';
import type { TrialResponse } from '../../contract/billing';
import type { DateInput } from '../../contract/time';
import { type PortIO, port, request } from './io';

/**
 * The signed-in customer's trial lookup on the landing page [product: LAND-11, MSG-SILENT-2]: it sets the banner
 * badge's days; a failed lookup leaves them unset, so the badge reads 'Active Member'. One that has not answered
 * within `trialLookupPatience` counts as failed: the badge says nothing while it waits. ('Open Dashboard' is the
 * dashboardLink flow, shared with the signed-in header.)
 */

export interface LandingAccountContext {
  /** The trial's end as the lookup answered it; undefined until it has, and after a failed lookup. */
  trialEndsAt: DateInput;
  /** Whether the lookup answered (a failed one leaves the days unset). */
  trialKnown: boolean;
  /** The current subscription's status as the lookup answered it (null: none, or not known yet). */
  subscriptionStatus: string | null;
}

/** How long the badge waits for the lookup before it reads 'Active Member' as after a failure. */
export const TRIAL_LOOKUP_PATIENCE_MS = 5000;

/** What the signed-in landing page asks of the product API (src/services/landing-account-io.ts). */
export const landingAccountPort = port('landingAccount', {
  /** GET /api/billing/trial [product: CLIENT-6]. */
  lookupTrial: request<() => Promise<TrialResponse>>(),
});
export type LandingAccountIO = PortIO<typeof landingAccountPort>;

export const landingAccountMachine = setup({
  // Stryker disable next-line ObjectLiteral: equivalent, xstate's setup never reads `types` at run time (type-checking only)
  types: {
    context: {} as LandingAccountContext,
  },
  actors: landingAccountPort.actors,
  delays: {
    trialLookupPatience: TRIAL_LOOKUP_PATIENCE_MS,
  },
  actions: {
    storeTrial: assign((_, answer: TrialResponse) => ({
      trialEndsAt: answer.trial_ends_at,
      trialKnown: true,
      subscriptionStatus: answer.subscription_status,
    })),
  },
}).createMachine({
  id: 'landingAccount',
  context: { trialEndsAt: undefined, trialKnown: false, subscriptionStatus: null },
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
      after: { trialLookupPatience: { target: 'settled' } },
    },
    settled: {},
  },
});

export type LandingAccountMachine = typeof landingAccountMachine;
export type LandingAccountActorRef = ActorRefFrom<LandingAccountMachine>;
export type LandingAccountSnapshot = SnapshotFrom<LandingAccountMachine>;

/** Whether the trial lookup is still running: the badge has nothing to say yet. */
export const selectLookingUpTrial = (snapshot: LandingAccountSnapshot) => snapshot.matches('lookingUp');
/** Whether the trial lookup answered; until it has (or when it failed) the days are unset. */
export const selectTrialKnown = (snapshot: LandingAccountSnapshot) => snapshot.context.trialKnown;
export const selectTrialEndsAt = (snapshot: LandingAccountSnapshot) => snapshot.context.trialEndsAt;
export const selectSubscriptionStatus = (snapshot: LandingAccountSnapshot) =>
  snapshot.context.subscriptionStatus;
