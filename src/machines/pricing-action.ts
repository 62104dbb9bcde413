import { type ActorRefFrom, assertEvent, assign, emit, raise, type SnapshotFrom, setup } from 'xstate';
import type { BillingInterval, CheckoutPlanName, PlanId } from '../../contract/plans';
import { isUnauthenticatedError } from '../domain/messages';
import { checkoutPlanName, isCurrentPlan, type PlanChoice } from '../domain/plans';
import type { SignupChoice } from '../domain/signup-choice';
import type { CheckoutStart } from './change-plan';
import { command, type PortIO, port, request } from './io';
import { isLeavingForPortal, portalMachine } from './portal';

/**
 * What a pricing card's button does [product: LAND-23, MSG-PRICING-1, MSG-PRICING-2, ROLE-3, LAND-35]: Business
 * scrolls to the contact form; a visitor gets the signup dialog with the plan chosen; a customer who still needs
 * onboarding is sent to finish it; anyone else goes to checkout. Checkout answered 401 (or 'Unauthenticated')
 * opens the signup dialog; a subscription that exists already, an answer without an address and any other failure
 * try the billing portal (the portal child machine, ./portal.ts), and failing that the Billing page.
 *
 * A choice made before the session has checked who is there (a click right after the first paint, which shows the
 * visitor's page) waits for it ('Please wait...'), then does what it does for that chooser, once; on the chooser's
 * own plan, it goes where that plan is managed, the Billing page [product: LAND-46, LAND-42].
 */

/** Who is choosing, as the page knows it when the button is pressed. */
export type Chooser = 'visitor' | 'needsOnboarding' | 'customer';

export interface PricingChoice {
  plan: PlanId;
  interval: BillingInterval;
}

export interface PricingActionContext {
  /** The last plan chosen; kept for the signup dialog if checkout turns out to need a sign-in. */
  choice: PricingChoice | null;
}

export type PricingActionEvent =
  /** A card's button; `unknown` while the session is still checking who is there. */
  | ({ type: 'plan.choose'; chooser: Chooser | 'unknown' } & PricingChoice)
  /** The session has checked: who is there and the plan they have, if any. The page says so each time it does. */
  | { type: 'session.known'; chooser: Chooser; current: PlanChoice | null };

/** What the view hears from the flow: open the sign-up dialog with a plan chosen, or scroll to the contact form. */
export type PricingActionEmitted = { type: 'signup.open'; choice: SignupChoice } | { type: 'contact.scroll' };

/** What a pricing button asks of the product API and the app (src/services/pricing-action-io.ts). */
export const pricingActionPort = port('pricingAction', {
  /** POST /api/billing/checkout-session {planName}: the checkout's address [product: API-10]. */
  createCheckoutSession: request<(plan: { planName: CheckoutPlanName }) => Promise<CheckoutStart>>(),
  /** The onboarding page. */
  goToOnboarding: command<() => void>(),
  /** The Billing page. */
  goToBilling: command<() => void>(),
  /** Leaves for the hosted Checkout page. */
  goToCheckout: command<(checkout: { url: string }) => void>(),
});
export type PricingActionIO = PortIO<typeof pricingActionPort>;

const choiceOf = (choice: PricingChoice | null): SignupChoice =>
  choice ? { plan: choice.plan, interval: choice.interval } : {};

export const pricingActionMachine = setup({
  // Stryker disable next-line ObjectLiteral: equivalent, xstate's setup never reads `types` at run time (type-checking only)
  types: {
    context: {} as PricingActionContext,
    events: {} as PricingActionEvent,
    emitted: {} as PricingActionEmitted,
    tags: {} as 'busy',
  },
  actors: { ...pricingActionPort.actors, portal: portalMachine },
  actions: {
    ...pricingActionPort.actions,
    rememberChoice: assign(({ event }) => {
      assertEvent(event, 'plan.choose');
      return { choice: { plan: event.plan, interval: event.interval } };
    }),
    scrollToContact: emit({ type: 'contact.scroll' as const }),
    openSignup: emit((_, choice: SignupChoice) => ({ type: 'signup.open' as const, choice })),
    chooseAsKnown: raise(({ context, event }) => {
      assertEvent(event, 'session.known');
      // The choice that waits: remembered on the way in (rememberChoice).
      return { type: 'plan.choose' as const, ...(context.choice as PricingChoice), chooser: event.chooser };
    }),
  },
  guards: {
    isBusiness: ({ event }) => event.type === 'plan.choose' && event.plan === 'business',
    isChosenBy: ({ event }, chooser: Chooser | 'unknown') =>
      event.type === 'plan.choose' && event.chooser === chooser,
    isOwnPlan: ({ context, event }) =>
      event.type === 'session.known' &&
      context.choice !== null &&
      isCurrentPlan(context.choice, event.current),
    isUnauthenticated: (_, params: { error: unknown }) => isUnauthenticatedError(params.error),
    hasCheckoutUrl: (_, start: CheckoutStart) => !start.existingSubscription && Boolean(start.url),
    isLeavingForPortal,
  },
}).createMachine({
  id: 'pricingAction',
  context: { choice: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'plan.choose': [
          // Business is sold in a conversation, not a checkout [product: LAND-23].
          { guard: 'isBusiness', actions: 'scrollToContact' },
          {
            guard: { type: 'isChosenBy', params: 'unknown' },
            target: 'waitingForSession',
            actions: 'rememberChoice',
          },
          {
            guard: { type: 'isChosenBy', params: 'visitor' },
            actions: [
              'rememberChoice',
              { type: 'openSignup', params: ({ event }) => ({ plan: event.plan, interval: event.interval }) },
            ],
          },
          { guard: { type: 'isChosenBy', params: 'needsOnboarding' }, actions: 'goToOnboarding' },
          { target: 'checkingOut', actions: 'rememberChoice' },
        ],
      },
    },
    // Chosen before the session had checked who is there: the choice waits for it, its button says so.
    waitingForSession: {
      tags: ['busy'],
      on: {
        'session.known': [
          { guard: 'isOwnPlan', target: 'idle', actions: 'goToBilling' },
          { target: 'idle', actions: 'chooseAsKnown' },
        ],
      },
    },
    checkingOut: {
      tags: ['busy'],
      invoke: {
        src: 'createCheckoutSession',
        input: ({ context }) => ({
          planName: checkoutPlanName(context.choice?.plan, context.choice?.interval),
        }),
        onDone: [
          {
            guard: { type: 'hasCheckoutUrl', params: ({ event }) => event.output },
            target: 'leaving',
            actions: {
              type: 'goToCheckout',
              params: ({ event }) => ({
                url: event.output.existingSubscription ? '' : (event.output.url ?? ''),
              }),
            },
          },
          { target: 'openingPortal' },
        ],
        onError: [
          {
            guard: { type: 'isUnauthenticated', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: { type: 'openSignup', params: ({ context }) => choiceOf(context.choice) },
          },
          { target: 'openingPortal' },
        ],
      },
    },
    // A customer who already subscribes cannot check out again (409): the portal is where plans change.
    openingPortal: {
      tags: ['busy'],
      invoke: {
        src: 'portal',
        onDone: [
          {
            guard: { type: 'isLeavingForPortal', params: ({ event }) => event.output },
            target: 'leaving',
          },
          { target: 'idle', actions: 'goToBilling' },
        ],
      },
    },
    // The browser is on its way to the payment provider; the buttons stay busy until the page goes.
    leaving: {
      type: 'final',
      tags: ['busy'],
    },
  },
});

export type PricingActionMachine = typeof pricingActionMachine;
export type PricingActionActorRef = ActorRefFrom<PricingActionMachine>;
export type PricingActionSnapshot = SnapshotFrom<PricingActionMachine>;
