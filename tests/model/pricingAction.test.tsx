import { expect } from 'vitest';
import { checkoutPlanName } from '../../src/domain/plans';
import {
  type PricingActionEvent,
  type PricingActionSnapshot,
  pricingActionMachine,
} from '../../src/machines/pricingAction';
import { selectIsBusy, selectPendingPlan } from '../../src/machines/pricingAction-selectors';
import { call, describeModel, type EffectLog, type StepObservation, start } from './harness';

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
    effect.kind === 'call' ? [{ name: effect.action, params: effect.params }] : [],
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
  delays: {},
  view: 'pending: the pricing cards replay with the landing page',
  effects: {
    // Business scrolls to contact; a visitor gets sign-up with the plan; onboarding first for whoever needs it;
    // a customer goes to checkout [product: LAND-22, LAND-23, MSG-PRICING-1].
    'plan.choose': ({ event, previous }) => {
      const choice = event as Extract<PricingActionEvent, { type: 'plan.choose' }>;
      if (!previous?.matches('idle')) return [];
      if (choice.plan === 'business') return [call('scrollToContact')];
      if (choice.chooser === 'visitor')
        return [call('openSignup', { plan: choice.plan, interval: choice.interval })];
      if (choice.chooser === 'needsOnboarding') return [call('goToOnboarding')];
      return [start('createCheckoutSession', { planName: checkoutPlanName(choice.plan, choice.interval) })];
    },
    'done:createCheckoutSession': ({ event }) => [call('leaveTo', { url: event.output.url })],
    // 401 or 'Unauthenticated' opens sign-up with the plan; any other failure tries the portal.
    'error:createCheckoutSession': ({ event, previous }) => {
      const choice = previous?.context.choice;
      return event.error === unauthorized || event.error === unauthenticatedText
        ? [call('openSignup', choice ? { plan: choice.plan, interval: choice.interval } : {})]
        : [start('openPortal')];
    },
    'done:openPortal': ({ event }) =>
      event.output.url ? [call('leaveTo', { url: event.output.url })] : [call('goToBilling')],
    'error:openPortal': [call('goToBilling')],
  },
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
        expect(stepEffects.inputsOf('createCheckoutSession')).toEqual([]);
      } else if (choice.chooser === 'needsOnboarding') {
        // [product: ROLE-3] Setup comes first.
        expect(actionsOf(stepEffects)).toEqual([{ name: 'goToOnboarding', params: undefined }]);
        expect(stepEffects.inputsOf('createCheckoutSession')).toEqual([]);
      } else {
        // [product: SUB-6, API-10] The plan name the payment provider knows.
        const planName = `${choice.plan}_${choice.interval === 'annual' ? 'yearly' : 'monthly'}`;
        expect(snapshot.matches('checkingOut')).toBe(true);
        expect(stepEffects.inputsOf('createCheckoutSession')).toEqual([{ planName }]);
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
        expect(stepEffects.inputsOf('openPortal')).toHaveLength(1);
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
