import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, type Mock, vi } from 'vitest';
import type { PlanId } from '../../contract/plans';
import type { PortalOutput } from '../../src/machines/portal';
import {
  type Chooser,
  type PricingActionEvent,
  type PricingActionSnapshot,
  pricingActionMachine,
} from '../../src/machines/pricing-action';
import { selectIsBusy, selectPendingPlan } from '../../src/machines/pricing-action-selectors';
import type { SessionSnapshot } from '../../src/machines/session';
import {
  selectIsLoadingUser,
  selectOnboardingRequired,
  selectUser,
} from '../../src/machines/session-selectors';
import { deferred, noServerSession, renderLoadedApp, signedIn } from '../ui/render-app';
import {
  call,
  describeModel,
  type EffectLog,
  emitted,
  type MachineView,
  type StepObservation,
  start,
  type User,
} from './harness';

type Observation = StepObservation<PricingActionSnapshot>;

/** Every choice a pricing button sends: each plan, each interval, each kind of chooser, and before the session knows. */
const choices = {
  customerPro: { type: 'plan.choose', plan: 'pro', interval: 'annual', chooser: 'customer' },
  customerStarter: { type: 'plan.choose', plan: 'starter', interval: 'monthly', chooser: 'customer' },
  visitorStarter: { type: 'plan.choose', plan: 'starter', interval: 'annual', chooser: 'visitor' },
  onboardingPro: { type: 'plan.choose', plan: 'pro', interval: 'monthly', chooser: 'needsOnboarding' },
  business: { type: 'plan.choose', plan: 'business', interval: 'monthly', chooser: 'customer' },
  // Right after the first paint, while the session is still checking who is there [product: LAND-46].
  earlyStarter: { type: 'plan.choose', plan: 'starter', interval: 'monthly', chooser: 'unknown' },
} as const satisfies Record<string, PricingActionEvent>;

/** What the session finds once it has checked: each kind of chooser, and a customer who has the early choice's plan. */
const sessionAnswers = {
  customer: { type: 'session.known', chooser: 'customer', current: null },
  visitor: { type: 'session.known', chooser: 'visitor', current: null },
  needsOnboarding: { type: 'session.known', chooser: 'needsOnboarding', current: null },
  ownsStarter: {
    type: 'session.known',
    chooser: 'customer',
    current: { plan: 'starter', interval: 'monthly' },
  },
} as const satisfies Record<string, PricingActionEvent>;

type Choice = Extract<PricingActionEvent, { type: 'plan.choose' }>;
type SessionKnown = Extract<PricingActionEvent, { type: 'session.known' }>;
/** A choice as it is carried out: its chooser known. */
type KnownChoice = Choice & { chooser: Chooser };

/** The chooser's own plan, plan and interval alike: its card's place is Billing [product: LAND-42]. */
const ownsChoice = ({ current }: SessionKnown, { plan, interval }: Choice) =>
  current?.plan === plan && current.interval === interval;

/** Checkout's plan name for each plan and interval the fixtures choose (docs/billing.md: POST /billing/checkout-session). */
const checkoutPlanNames: Record<string, string> = {
  'pro annual': 'pro_yearly',
  'pro monthly': 'pro_monthly',
  'starter monthly': 'starter_monthly',
  'starter annual': 'starter_yearly',
};
const checkoutPlanNameOf = ({ plan, interval }: Choice) => checkoutPlanNames[`${plan} ${interval}`];

/** The choice that is pending: only `idle` takes a choice, so it is the path's last one. */
const lastChoice = (events: Observation['events']) =>
  events.filter((event): event is Choice => event.type === 'plan.choose').at(-1);

const unauthorized = Object.assign(new Error('Session expired'), { status: 401 });
const unauthenticatedText = new Error('Unauthenticated');
const notBuiltYet = Object.assign(new Error('Not found'), { status: 404 });
const CHECKOUT_URL = 'https://checkout.example/cs_1';
/** Checkout's answers: its address, a subscription that exists already (409), and an answer without an address. */
const checkoutTo = { existingSubscription: false, url: CHECKOUT_URL } as const;
const alreadySubscribed = { existingSubscription: true } as const;
const noCheckoutUrl = { existingSubscription: false, url: null } as const;

/** What the flow asks of the page in a step, in order: what it tells the view, where it goes. */
const actionsOf = (log: EffectLog) => log.entries.filter((effect) => effect.kind !== 'start');

/** What the view shows per state: every plan button waits while busy, and the pending one says so. */
const view = {
  idle: { busy: false },
  waitingForSession: { busy: true },
  checkingOut: { busy: true },
  openingPortal: { busy: true },
  leaving: { busy: true },
} as const;

function expectView({ snapshot, events }: Observation, state: keyof typeof view) {
  expect(selectIsBusy(snapshot)).toBe(view[state].busy);
  expect(selectPendingPlan(snapshot)).toBe(view[state].busy ? lastChoice(events)?.plan : null);
}

/** The landing page of the path being replayed (view replay only) and its scrolls to the contact section. */
let page: { app: Awaited<ReturnType<typeof renderLoadedApp>>; scrolledToContact: Mock } | undefined;
/**
 * Whom the server's identity call answers for: the session's next load of the user finds this chooser, with this
 * plan; while `held`, the load waits for it to be settled.
 */
let who: { chooser: Chooser; owns: SessionKnown['current'] } = { chooser: 'customer', owns: null };
let held: ReturnType<typeof deferred<void>> | null = null;
afterEach(() => {
  page = undefined;
  held = null;
});

/** A card's button at rest: a trial, or a change for a customer who has a plan already; Business is a conversation. */
const idleLabel = (plan: PlanId) =>
  plan === 'business' ? 'Contact Sales' : who.owns ? 'Switch Plan' : 'Start Free Trial';
/** A card's button, found through the card's title (a role query by heading name costs up to 100 ms here). */
const planButton = (plan: PlanId) => {
  const card = document.getElementById(`plan-${plan}`)?.closest('li');
  return within(card as HTMLElement).getByRole('button');
};

/** Who the page takes the chooser for: nobody signed in, a customer still to onboard, or a customer. */
function chooserOf(session: SessionSnapshot): Chooser {
  if (!selectUser(session)) return 'visitor';
  return selectOnboardingRequired(session) ? 'needsOnboarding' : 'customer';
}

/**
 * Brings the session to the chooser of the next choice, the way it changes outside the pricing cards: a sign-in
 * or a sign-out at the auth service, or a reload of the user once onboarding is (or is again) required.
 */
async function beAs(chooser: Chooser) {
  const session = page?.app.session;
  if (!session || (chooserOf(session.getSnapshot()) === chooser && who.owns === null)) return;
  const signedInBefore = chooserOf(session.getSnapshot()) !== 'visitor';
  who = { chooser, owns: null };
  if (chooser === 'visitor') session.send({ type: 'auth.signedOut' });
  else if (signedInBefore) session.send({ type: 'session.reload' });
  else session.send({ type: 'auth.signedIn', accessToken: 'token', authSessionId: 'auth-session-1' });
  await waitFor(() => {
    expect(session.getSnapshot().matches(chooser === 'visitor' ? 'anonymous' : 'signedIn')).toBe(true);
    expect(chooserOf(session.getSnapshot())).toBe(chooser);
  });
}

/** The session checks who is there again, and its answer waits: the page does not know the chooser meanwhile. */
async function beUnknown() {
  const session = page?.app.session;
  if (!session) return;
  held = deferred<void>();
  if (chooserOf(session.getSnapshot()) === 'visitor')
    session.send({ type: 'auth.signedIn', accessToken: 'token', authSessionId: 'auth-session-1' });
  else session.send({ type: 'session.reload' });
  await waitFor(() => expect(selectIsLoadingUser(session.getSnapshot())).toBe(true));
}

/** The session's held answer comes: who is there, with the plan they have. */
async function settleSessionAs({ chooser, current }: SessionKnown) {
  who = { chooser, owns: current };
  held?.resolve();
  held = null;
  const session = page?.app.session;
  if (session) await waitFor(() => expect(selectIsLoadingUser(session.getSnapshot())).toBe(false));
}

/** A dialog left open from the last choice is closed first, as a visitor would, to reach the cards. */
async function closeSignupDialog(user: User) {
  const dialog = screen.queryByRole('dialog', { name: 'Join Beta' });
  if (dialog) await user.click(within(dialog).getByRole('button', { name: 'Close' }));
}

/** Every plan button waits while an action runs; the pending one says so. */
function showsButtons({ events }: Observation, busy: boolean) {
  const interval = (screen.getByRole('radio', { name: 'Monthly' }) as HTMLInputElement).checked
    ? 'monthly'
    : 'annual';
  for (const plan of ['starter', 'pro', 'business'] as const) {
    if (who.owns?.plan === plan && who.owns.interval === interval) {
      // The customer's own plan: its card leads to Billing [product: LAND-42].
      const card = document.getElementById(`plan-${plan}`)?.closest('li') as HTMLElement;
      expect(within(card).getByRole('link', { name: 'Manage Plan' })).toBeInTheDocument();
      continue;
    }
    const button = planButton(plan);
    const pending = busy && lastChoice(events)?.plan === plan;
    expect(button).toHaveTextContent(pending ? 'Please wait...' : idleLabel(plan));
    if (pending) expect(button).toHaveAttribute('aria-busy', 'true');
    else expect(button).not.toHaveAttribute('aria-busy');
    if (busy) expect(button).toBeDisabled();
    else expect(button).toBeEnabled();
  }
}

/** The sign-up dialog opened for the visitor's (or the expired session's) choice [product: LAND-35, MSG-PRICING-1]. */
async function expectSignupDialog() {
  if (page) expect(await screen.findByRole('dialog', { name: 'Join Beta' })).toBeInTheDocument();
}

/** The pricing section of the landing page, its cards chosen by whoever the session says is there. */
const pricingView: MachineView<typeof pricingActionMachine> = {
  render: async ({ logic, actorOptions }) => {
    who = { chooser: 'customer', owns: null };
    const app = await renderLoadedApp(
      '/Landing',
      {
        loadUser: async () => {
          await held?.promise;
          if (who.chooser === 'visitor') throw noServerSession();
          const owns = who.owns
            ? { plan: who.owns.plan, billing_interval: who.owns.interval, subscription_status: 'active' }
            : {};
          return signedIn({ onboardingRequired: who.chooser === 'needsOnboarding', user: owns });
        },
      },
      { flows: { pricingAction: logic }, actorOptions },
    );
    await screen.findByRole('button', { name: 'Open account menu' });
    const contact = document.getElementById('contact') as HTMLElement;
    const scrolledToContact = vi.fn();
    contact.scrollIntoView = scrolledToContact;
    page = { app, scrolledToContact };
    return app;
  },
  perform: {
    'plan.choose': async ({ plan, interval, chooser }, user) => {
      await closeSignupDialog(user);
      if (chooser === 'unknown') await beUnknown();
      else await beAs(chooser);
      const intervalSwitch = screen.getByRole('radio', {
        name: interval === 'annual' ? /Annual/ : 'Monthly',
      });
      if (!(intervalSwitch as HTMLInputElement).checked) await user.click(intervalSwitch);
      await user.click(planButton(plan));
    },
    // The page hears the session's answer and tells the flow who is there.
    'session.known': (answer) => settleSessionAs(answer),
  },
  shows: {
    idle: (_, step) => showsButtons(step, false),
    // 'Please wait...' on the early choice's button while the session checks [product: LAND-46].
    waitingForSession: (_, step) => showsButtons(step, true),
    checkingOut: (_, step) => showsButtons(step, true),
    openingPortal: (_, step) => showsButtons(step, true),
    // On the way to the payment provider: the buttons stay busy until the page goes.
    leaving: (_, step) => showsButtons(step, true),
  },
};

/** What a choice does once its chooser is known [product: LAND-22, LAND-23, MSG-PRICING-1]. */
function effectsOfChoice(choice: KnownChoice) {
  if (choice.plan === 'business') return [emitted({ type: 'contact.scroll' })];
  if (choice.chooser === 'visitor')
    return [emitted({ type: 'signup.open', choice: { plan: choice.plan, interval: choice.interval } })];
  if (choice.chooser === 'needsOnboarding') return [call('goToOnboarding')];
  return [start('createCheckoutSession', { planName: checkoutPlanNameOf(choice) })];
}

/** The step carried `choice` out, at once or after waiting for the session. */
async function expectChoiceCarriedOut(
  { snapshot, stepEffects, effects }: Observation,
  choice: Choice,
): Promise<void> {
  if (choice.plan === 'business') {
    // [product: LAND-23] Business asks for a conversation, whoever chooses it.
    expect(actionsOf(stepEffects)).toEqual([emitted({ type: 'contact.scroll' })]);
    expect(snapshot.matches('idle')).toBe(true);
    // The page scrolls once for every time the flow asked.
    const asked = effects.emittedEvents().filter(({ type }) => type === 'contact.scroll').length;
    if (page) expect(page.scrolledToContact).toHaveBeenCalledTimes(asked);
  } else if (choice.chooser === 'visitor') {
    // [product: LAND-35] A visitor signs up with the plan and interval already chosen.
    expect(actionsOf(stepEffects)).toEqual([
      emitted({ type: 'signup.open', choice: { plan: choice.plan, interval: choice.interval } }),
    ]);
    expect(stepEffects.inputsOf('createCheckoutSession')).toEqual([]);
    await expectSignupDialog();
  } else if (choice.chooser === 'needsOnboarding') {
    // [product: ROLE-3] Setup comes first.
    expect(actionsOf(stepEffects)).toEqual([call('goToOnboarding')]);
    expect(stepEffects.inputsOf('createCheckoutSession')).toEqual([]);
  } else {
    // [product: SUB-6, API-10] The plan name the payment provider knows.
    const planName = `${choice.plan}_${choice.interval === 'annual' ? 'yearly' : 'monthly'}`;
    expect(snapshot.matches('checkingOut')).toBe(true);
    expect(stepEffects.inputsOf('createCheckoutSession')).toEqual([{ planName }]);
    expect(actionsOf(stepEffects)).toEqual([]);
  }
}

describeModel(pricingActionMachine, {
  delays: {},
  view: pricingView,
  effects: {
    // Business scrolls to contact; a visitor gets sign-up with the plan; onboarding first for whoever needs it;
    // a customer goes to checkout [product: LAND-22, LAND-23, MSG-PRICING-1].
    'plan.choose': ({ event, previous }) => {
      const choice = event as Choice;
      if (!previous?.matches('idle')) return [];
      if (choice.plan === 'business') return [emitted({ type: 'contact.scroll' })];
      // Chosen before the session knows: nothing yet, the choice waits.
      if (choice.chooser === 'unknown') return [];
      return effectsOfChoice({ ...choice, chooser: choice.chooser });
    },
    // The waiting choice, once the session knows: the chooser's own plan goes to Billing, any other choice does
    // what it does for that chooser, once.
    'session.known': ({ event, previous, events }) => {
      const choice = lastChoice(events);
      if (!previous?.matches('waitingForSession') || !choice) return [];
      const known = event as SessionKnown;
      if (ownsChoice(known, choice)) return [call('goToBilling')];
      return effectsOfChoice({ ...choice, chooser: known.chooser });
    },
    // Checkout's address: the browser leaves for it; a subscription that exists, or no address: the portal.
    'done:createCheckoutSession': ({ event }) =>
      event.output === checkoutTo ? [call('goToCheckout', { url: CHECKOUT_URL })] : [start('portal')],
    // 401 or 'Unauthenticated' opens sign-up with the plan; any other failure tries the portal.
    'error:createCheckoutSession': ({ event, events }) => {
      const choice = lastChoice(events);
      return event.error === unauthorized || event.error === unauthenticatedText
        ? [
            emitted({
              type: 'signup.open',
              choice: choice ? { plan: choice.plan, interval: choice.interval } : {},
            }),
          ]
        : [start('portal')];
    },
    // The portal child leaves for the portal itself (tests/model/portal.test.tsx); when it cannot, /Billing.
    'done:portal': ({ event }) => ((event.output as PortalOutput).leaving ? [] : [call('goToBilling')]),
  },
  events: [...Object.values(choices), ...Object.values(sessionAnswers)],
  actors: {
    createCheckoutSession: {
      outputs: [checkoutTo, alreadySubscribed, noCheckoutUrl],
      errors: [unauthorized, unauthenticatedText, notBuiltYet],
    },
    portal: {
      outputs: [
        { leaving: true },
        { leaving: false, error: 'Could not open the billing portal. Please try again later.' },
      ],
    },
  },

  states: {
    idle: (observation) => expectView(observation, 'idle'),
    waitingForSession: (observation) => expectView(observation, 'waitingForSession'),
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
    'plan.choose': async (observation) => {
      const choice = observation.event as Choice;
      if (choice.chooser === 'unknown' && choice.plan !== 'business') {
        // [product: LAND-46] Before the session knows who is there, the choice waits; nothing is asked yet.
        expect(observation.snapshot.matches('waitingForSession')).toBe(true);
        expect(actionsOf(observation.stepEffects)).toEqual([]);
        expect(observation.stepEffects.inputsOf('createCheckoutSession')).toEqual([]);
      } else await expectChoiceCarriedOut(observation, choice);
    },
    'session.known': async (observation) => {
      const choice = lastChoice(observation.events);
      if (!choice) throw new Error('session.known ends a wait for a choice: the path has none');
      const known = observation.event as SessionKnown;
      if (ownsChoice(known, choice)) {
        // [product: LAND-42] The customer's own plan: where it is managed, no checkout.
        expect(observation.snapshot.matches('idle')).toBe(true);
        expect(actionsOf(observation.stepEffects)).toEqual([call('goToBilling')]);
        expect(observation.stepEffects.inputsOf('createCheckoutSession')).toEqual([]);
      } else await expectChoiceCarriedOut(observation, { ...choice, chooser: known.chooser });
    },
    'done:createCheckoutSession': ({ snapshot, event, stepEffects }) => {
      if (event.output === checkoutTo) {
        expect(snapshot.matches('leaving')).toBe(true);
        expect(actionsOf(stepEffects)).toEqual([call('goToCheckout', { url: CHECKOUT_URL })]);
      } else {
        // [product: BILL-12, MSG-PRICING-2] A subscription that exists (or no address): the portal.
        expect(snapshot.matches('openingPortal')).toBe(true);
        expect(stepEffects.inputsOf('portal')).toHaveLength(1);
        expect(actionsOf(stepEffects)).toEqual([]);
      }
    },
    'error:createCheckoutSession': async ({ snapshot, event, events, stepEffects }) => {
      if (event.error === notBuiltYet) {
        // [product: MSG-PRICING-2] Any other failure tries the portal.
        expect(snapshot.matches('openingPortal')).toBe(true);
        expect(stepEffects.inputsOf('portal')).toHaveLength(1);
        expect(actionsOf(stepEffects)).toEqual([]);
      } else {
        // [product: MSG-PRICING-1] 401 or 'Unauthenticated': the signup dialog, with what was chosen.
        expect(snapshot.matches('idle')).toBe(true);
        const { plan, interval } = lastChoice(events) ?? {};
        expect(actionsOf(stepEffects)).toEqual([
          emitted({ type: 'signup.open', choice: { plan, interval } }),
        ]);
        await expectSignupDialog();
      }
    },
    'done:portal': ({ snapshot, event, stepEffects }) => {
      if ((event.output as PortalOutput).leaving) {
        // On the way to the portal: the buttons stay busy until the page goes.
        expect(snapshot.matches('leaving')).toBe(true);
        expect(actionsOf(stepEffects)).toEqual([]);
      } else {
        // [product: MSG-PRICING-2] ...then the Billing page.
        expect(snapshot.matches('idle')).toBe(true);
        expect(actionsOf(stepEffects)).toEqual([call('goToBilling')]);
      }
    },
  },
});
