import { type ActorRefFrom, assign, emit, type SnapshotFrom, setup } from 'xstate';
import type { BillingInterval, CheckoutPlanName, PlanId } from '../../contract/plans';
import { billingFailureText, billingMessages } from '../domain/messages';
import { checkoutPlanName, isPlanChangeConfirmDisabled } from '../domain/plans';
import { feedbackActions } from './feedback';
import { command, type PortIO, port, request } from './io';
import { isLeavingForPortal, portalError, portalMachine } from './portal';

/**
 * The change-plan dialog [product: BILL-2, BILL-9, BILL-12, BILL-16]: the customer picks a plan and an interval and
 * confirms. The plan is changed directly (POST /billing/change-plan); when the server says there is no subscription
 * to change, the customer goes to the hosted Checkout page instead, and a Checkout refused because a subscription
 * exists after all (409 / existing_subscription) opens the billing portal. The server decides, not the page's
 * possibly stale copy of the subscription. Its port is implemented by src/services/change-plan-io.ts.
 */

export interface ChangePlanInput {
  /** The current plan and interval, or null without a subscription. */
  currentPlan: PlanId | null;
  currentInterval: BillingInterval;
}

/** What a direct plan change answered: changed (or already on that price), or there is no subscription to change. */
export type PlanChange = { noSubscription: false; changed: boolean } | { noSubscription: true };

export interface ChangePlanContext extends ChangePlanInput {
  chosenPlan: PlanId;
  /** The dialog's monthly/annual view; the chosen interval. */
  view: BillingInterval;
  error: string | null;
  notice: string | null;
}

/** What creating a Checkout session answered (src/services/api/billing.ts). */
export type CheckoutStart =
  | { existingSubscription: true }
  | { existingSubscription: false; url: string | null };

export type ChangePlanEvent =
  | { type: 'plan.choose'; plan: PlanId }
  | { type: 'interval.choose'; interval: BillingInterval }
  | { type: 'change.confirm' };

/** What the change-plan dialog asks of the product API and the browser (src/services/change-plan-io.ts). */
export const changePlanPort = port('changePlan', {
  changePlan: request<(plan: { planName: CheckoutPlanName }) => Promise<PlanChange>>(),
  createCheckoutSession: request<(plan: { planName: CheckoutPlanName }) => Promise<CheckoutStart>>(),
  /** Leaves for the hosted Checkout page. */
  goToCheckout: command<(checkout: { url: string }) => void>(),
});
export type ChangePlanIO = PortIO<typeof changePlanPort>;

const planNameOf = (context: ChangePlanContext): { planName: CheckoutPlanName } => ({
  planName: checkoutPlanName(context.chosenPlan, context.view),
});

export const changePlanMachine = setup({
  // Stryker disable next-line ObjectLiteral: equivalent, xstate's setup never reads `types` at run time (type-checking only)
  types: {
    context: {} as ChangePlanContext,
    input: {} as ChangePlanInput,
    events: {} as ChangePlanEvent,
    tags: {} as 'busy' | 'done',
    /** The view hears `done` when the flow's work is over (it closes the dialog, or reloads the page). */
    emitted: {} as { type: 'done' },
  },
  actors: { ...changePlanPort.actors, portal: portalMachine },
  actions: {
    emitDone: emit({ type: 'done' as const }),
    ...changePlanPort.actions,
    ...feedbackActions<ChangePlanContext, ChangePlanEvent>(),
    choosePlan: assign((_, params: { plan: PlanId }) => ({ chosenPlan: params.plan, error: null })),
    chooseInterval: assign((_, params: { interval: BillingInterval }) => ({
      view: params.interval,
      error: null,
    })),
  },
  guards: {
    isUnchanged: ({ context }) =>
      isPlanChangeConfirmDisabled({
        chosenPlan: context.chosenPlan,
        currentPlan: context.currentPlan,
        view: context.view,
        updating: false,
      }),
    hasNoSubscription: (_, params: { change: PlanChange }) => params.change.noSubscription,
    hasUrl: (_, params: { url: string | null }) => Boolean(params.url),
    isExistingSubscription: (_, params: { start: CheckoutStart }) => params.start.existingSubscription,
    isLeavingForPortal,
  },
}).createMachine({
  id: 'changePlan',
  context: ({ input }) => ({
    ...input,
    chosenPlan: input.currentPlan ?? 'starter',
    view: input.currentInterval,
    error: null,
    notice: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'plan.choose': { actions: { type: 'choosePlan', params: ({ event }) => ({ plan: event.plan }) } },
        'interval.choose': {
          actions: { type: 'chooseInterval', params: ({ event }) => ({ interval: event.interval }) },
        },
        // The confirm button is disabled then; a confirm that slips through changes nothing [product: BILL-9].
        'change.confirm': [{ guard: 'isUnchanged' }, { target: 'changing' }],
      },
    },
    changing: {
      tags: ['busy'],
      entry: 'clearFeedback',
      invoke: {
        src: 'changePlan',
        input: ({ context }) => planNameOf(context),
        onDone: [
          {
            guard: { type: 'hasNoSubscription', params: ({ event }) => ({ change: event.output }) },
            target: 'checkingOut',
          },
          { target: 'changed' },
        ],
        onError: {
          target: 'choosing',
          actions: {
            type: 'showError',
            params: ({ event }) => ({
              text: billingFailureText(event.error, billingMessages.planChangeFailed),
            }),
          },
        },
      },
    },
    // The page reloads its billing info when it sees `done`.
    changed: {
      type: 'final',
      tags: ['done'],
      entry: [assign({ notice: billingMessages.planUpdated }), 'emitDone'],
    },
    checkingOut: {
      tags: ['busy'],
      entry: 'clearFeedback',
      invoke: {
        src: 'createCheckoutSession',
        input: ({ context }) => planNameOf(context),
        onDone: [
          {
            guard: { type: 'isExistingSubscription', params: ({ event }) => ({ start: event.output }) },
            target: 'openingPortal',
          },
          {
            guard: {
              type: 'hasUrl',
              params: ({ event }) => ({ url: event.output.existingSubscription ? null : event.output.url }),
            },
            target: 'leavingForCheckout',
            actions: {
              type: 'goToCheckout',
              params: ({ event }) => ({
                url: event.output.existingSubscription ? '' : (event.output.url ?? ''),
              }),
            },
          },
          {
            target: 'choosing',
            actions: { type: 'showError', params: { text: billingMessages.noCheckoutUrl } },
          },
        ],
        onError: {
          target: 'choosing',
          actions: {
            type: 'showError',
            params: ({ event }) => ({
              text: billingFailureText(event.error, billingMessages.checkoutFailed),
            }),
          },
        },
      },
    },
    openingPortal: {
      tags: ['busy'],
      invoke: {
        src: 'portal',
        onDone: [
          {
            guard: { type: 'isLeavingForPortal', params: ({ event }) => event.output },
            target: 'leavingForPortal',
          },
          {
            target: 'choosing',
            actions: { type: 'showError', params: ({ event }) => ({ text: portalError(event.output) }) },
          },
        ],
      },
    },
    // The browser is on its way to Checkout or the portal; the dialog stays busy until the page goes.
    leavingForCheckout: { type: 'final', tags: ['busy'] },
    leavingForPortal: { type: 'final', tags: ['busy'] },
  },
});

export type ChangePlanMachine = typeof changePlanMachine;
export type ChangePlanActorRef = ActorRefFrom<ChangePlanMachine>;
export type ChangePlanSnapshot = SnapshotFrom<ChangePlanMachine>;

export const selectChosenPlan = (snapshot: ChangePlanSnapshot) => snapshot.context.chosenPlan;
export const selectView = (snapshot: ChangePlanSnapshot) => snapshot.context.view;
export const selectError = (snapshot: ChangePlanSnapshot) => snapshot.context.error;
export const selectNotice = (snapshot: ChangePlanSnapshot) => snapshot.context.notice;
export const selectIsBusy = (snapshot: ChangePlanSnapshot) => snapshot.hasTag('busy');
export const selectIsDone = (snapshot: ChangePlanSnapshot) => snapshot.hasTag('done');
/** The confirm button is disabled when nothing would change on a monthly view, or while updating [product: BILL-9]. */
export const selectConfirmDisabled = (snapshot: ChangePlanSnapshot) =>
  isPlanChangeConfirmDisabled({
    chosenPlan: snapshot.context.chosenPlan,
    currentPlan: snapshot.context.currentPlan,
    view: snapshot.context.view,
    updating: snapshot.hasTag('busy'),
  }) || snapshot.hasTag('done');
