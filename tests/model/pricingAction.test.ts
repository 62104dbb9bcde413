import { expect } from 'vitest';
import {
  type PricingActionEvent,
  type PricingActionSnapshot,
  pricingActionMachine,
} from '../../src/machines/pricingAction';
import { selectIsBusy, selectPendingPlan } from '../../src/machines/pricingAction-selectors';
import { describeModel, type EffectLog, type StepObservation } from './harness';

type Observation = StepObservation<PricingActionSnapshot>;

/** Every choice a pricing button sends: each plan, each interval, each kind of chooser. */
const choices = {
  customerPro: { type: 'plan.choose', plan: 'pro', interval: 'annual', chooser: 'customer' },
  customerStarter: { type: 'plan.choose', plan: 'starter', interval: 'monthly', chooser: 'customer' },
  visitorStarter: { type: 'plan.choose', plan: 'starter', interval: 'annual', chooser: 'visitor' },
  onboardingPro: { type: 'plan.choose', plan: 'pro', interval: 'monthly', chooser: 'needsOnboarding' },
  business: { type: 'plan.choose', plan: 'business', interval: 'monthly', chooser: 'customer' },
} as const satisfies Record<string, PricingActionEvent>;

const unauthorized = Object.assign(new Error('Session expired'), { status: 401 });
const unauthenticatedText = new Error('Unauthenticated');
const alreadySubscribed = Object.assign(new Error('You already have a subscription.'), { status: 409 });
const notBuiltYet = Object.assign(new Error('Not found'), { status: 404 });

const actionsOf = (log: EffectLog) =>
  log.entries.flatMap((effect) =>
    effect.kind === 'action' ? [{ name: effect.name, params: effect.params }] : [],
  );

/** What the view shows per state: every plan button waits while busy, and the pending one says so. */
const view = {
  idle: { busy: false },
  checkingOut: { busy: true },
  openingPortal: { busy: true },
  leaving: { busy: true },
} as const;

function expectView({ snapshot }: Observation, state: keyof typeof view) {
  expect(selectIsBusy(snapshot)).toBe(view[state].busy);
  expect(selectPendingPlan(snapshot)).toBe(view[state].busy ? snapshot.context.choice?.plan : null);
}

describeModel(pricingActionMachine, {
  events: Object.values(choices),
  actors: {
    createCheckoutSession: {
      outputs: [{ url: 'https://checkout.example/cs_1' }],
      errors: [unauthorized, unauthenticatedText, alreadySubscribed],
    },
    openPortal: {
      outputs: [{ url: 'https://portal.example/session' }, { url: null }],
      errors: [notBuiltYet],
    },
  },

  states: {
    idle: (observation) => expectView(observation, 'idle'),
    checkingOut: (observation) => expectView(observation, 'checkingOut'),
    openingPortal: (observation) => expectView(observation, 'openingPortal'),
    leaving: (observation) => {
      expectView(observation, 'leaving');
      expect(observation.snapshot.status).toBe('done');
    },
  },

  afterStep: {
    init: ({ snapshot, stepEffects }) => {
      expect(snapshot.matches('idle')).toBe(true);
      expect(stepEffects.entries).toEqual([]);
    },
    'plan.choose': ({ snapshot, event, stepEffects }) => {
      const choice = event as PricingActionEvent;
      if (choice.plan === 'business') {
        // [product: LAND-23] Business asks for a conversation, whoever chooses it.
        expect(actionsOf(stepEffects)).toEqual([{ name: 'scrollToContact', params: undefined }]);
        expect(snapshot.matches('idle')).toBe(true);
      } else if (choice.chooser === 'visitor') {
        // [product: LAND-35] A visitor signs up with the plan and interval already chosen.
        expect(actionsOf(stepEffects)).toEqual([
          { name: 'openSignup', params: { plan: choice.plan, interval: choice.interval } },
        ]);
        expect(stepEffects.invocations('createCheckoutSession')).toEqual([]);
      } else if (choice.chooser === 'needsOnboarding') {
        // [product: ROLE-3] Setup comes first.
        expect(actionsOf(stepEffects)).toEqual([{ name: 'goToOnboarding', params: undefined }]);
        expect(stepEffects.invocations('createCheckoutSession')).toEqual([]);
      } else {
        // [product: SUB-6, API-10] The plan name the payment provider knows.
        const planName = `${choice.plan}_${choice.interval === 'annual' ? 'yearly' : 'monthly'}`;
        expect(snapshot.matches('checkingOut')).toBe(true);
        expect(stepEffects.invocations('createCheckoutSession').map((call) => call.input)).toEqual([
          { planName },
        ]);
        expect(actionsOf(stepEffects)).toEqual([]);
      }
    },
    'done:createCheckoutSession': ({ stepEffects }) => {
      expect(actionsOf(stepEffects)).toEqual([
        { name: 'leaveTo', params: { url: 'https://checkout.example/cs_1' } },
      ]);
    },
    'error:createCheckoutSession': ({ snapshot, event, stepEffects }) => {
      if (event.error === alreadySubscribed) {
        // [product: MSG-PRICING-2] Any other failure tries the portal.
        expect(snapshot.matches('openingPortal')).toBe(true);
        expect(stepEffects.invocations('openPortal')).toHaveLength(1);
        expect(actionsOf(stepEffects)).toEqual([]);
      } else {
        // [product: MSG-PRICING-1] 401 or 'Unauthenticated': the signup dialog, with what was chosen.
        expect(snapshot.matches('idle')).toBe(true);
        const { plan, interval } = snapshot.context.choice ?? {};
        expect(actionsOf(stepEffects)).toEqual([{ name: 'openSignup', params: { plan, interval } }]);
      }
    },
    'done:openPortal': ({ event, stepEffects }) => {
      expect(actionsOf(stepEffects)).toEqual(
        event.output.url
          ? [{ name: 'leaveTo', params: { url: event.output.url } }]
          : [{ name: 'goToBilling', params: undefined }],
      );
    },
    'error:openPortal': ({ snapshot, stepEffects }) => {
      // [product: MSG-PRICING-2] ...then the Billing page.
      expect(snapshot.matches('idle')).toBe(true);
      expect(actionsOf(stepEffects)).toEqual([{ name: 'goToBilling', params: undefined }]);
    },
  },
});
