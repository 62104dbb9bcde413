import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { type ChangePlanSnapshot, changePlanMachine } from '../../src/machines/change-plan';
import type { PortalOutput } from '../../src/machines/portal';
import { billingInfo, failureTextOf, tooManyRequests } from '../ui/billing-fixtures';
import { renderApp, signedIn } from '../ui/render-app';
import { call, describeModel, emitted, type MachineView, type StepObservation, start } from './harness';
import { expectEveryControlDisabled, foundOnce } from './view-checks';

/** The change-plan dialog [product: BILL-9, BILL-12, BILL-16, MSG-BILL]. */

/** The page's subscription: Professional, monthly (billingInfo()'s default). */
const CURRENT = { currentPlan: 'pro', currentInterval: 'monthly' } as const;
const CHECKOUT_URL = 'https://pay.example/checkout/cs_1';
const providerDown = new Error('502 Bad Gateway');

const MESSAGES = {
  planUpdated: 'Plan updated. Refreshing...',
  planChangeFailed: 'Could not change plan. Please contact support.',
  noCheckoutUrl: 'No checkout URL received. Please try again.',
  checkoutFailed: 'Failed to create checkout session.',
  noPortalUrl: 'Could not open the billing portal. Please try again later.',
  portalFailed: 'Failed to open billing portal. Please try again or contact support.',
};

/** The plan name sent for what is chosen: plan and interval, annual written `yearly` [product: SUB-6]. */
const planNameOf = (snapshot: ChangePlanSnapshot | undefined) =>
  `${snapshot?.context.chosenPlan}_${snapshot?.context.view === 'annual' ? 'yearly' : 'monthly'}`;

/** The same plan on the monthly view changes nothing: confirm is disabled [product: BILL-9]. */
const isUnchanged = ({ context }: ChangePlanSnapshot) =>
  context.chosenPlan === CURRENT.currentPlan && context.view === 'monthly';

/** Found once a path (a role query over the whole page is slow), again only once it has closed. */
const dialog = foundOnce(() => screen.getByRole('dialog', { name: 'Change Plan' }));
const confirm = () => within(dialog()).getByRole('button', { name: 'Confirm Change' });
const PLAN_LABELS = { starter: /^Starter/, pro: /^Founders' Tier/, business: /^Business/ } as const;
const INTERVAL_LABELS = { monthly: 'Monthly', annual: 'Annual (Save 20%)' } as const;

/**
 * While the change (or the way to Checkout or the portal) is under way, every control of the dialog is disabled,
 * Close and 'Keep Current Plan' included: the dialog cannot be dismissed meanwhile [product: BILL-23].
 */
function showsBusy() {
  expect(confirm()).toHaveAttribute('data-loading', 'true');
  expectEveryControlDisabled(dialog());
}

const changePlanView: MachineView<typeof changePlanMachine> = {
  render: async ({ logic, actorOptions }) => {
    const app = renderApp(
      '/Billing',
      { loadUser: async () => signedIn(), billing: { loadInfo: async () => billingInfo() } },
      { flows: { changePlan: logic }, actorOptions },
    );
    const open = await screen.findByRole('button', { name: 'Change Plan' }, { timeout: 5000 });
    open.click();
    await screen.findByRole('dialog', { name: 'Change Plan' });
    return app;
  },
  perform: {
    'plan.choose': async (event, user) => {
      await user.click(within(dialog()).getByRole('radio', { name: PLAN_LABELS[event.plan] }));
    },
    'interval.choose': async (event, user) => {
      await user.click(within(dialog()).getByText(INTERVAL_LABELS[event.interval]));
    },
    'change.confirm': async (_event, user) => {
      await user.click(confirm());
    },
  },
  shows: {
    choosing: (snapshot) => {
      const { context } = snapshot;
      expect(within(dialog()).getByRole('radio', { name: PLAN_LABELS[context.chosenPlan] })).toBeChecked();
      expect(within(dialog()).getByRole('radio', { name: INTERVAL_LABELS[context.view] })).toBeChecked();
      if (isUnchanged(snapshot)) expect(confirm()).toBeDisabled();
      else expect(confirm()).toBeEnabled();
      // Nothing under way: the dialog can be dismissed [product: BILL-23].
      expect(within(dialog()).getByRole('button', { name: 'Keep Current Plan' })).toBeEnabled();
      expect(within(dialog()).getByRole('button', { name: 'Close' })).toBeEnabled();
      if (context.error) expect(within(dialog()).getByRole('alert')).toHaveTextContent(context.error);
      else expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
    },
    changing: showsBusy,
    checkingOut: showsBusy,
    openingPortal: showsBusy,
    leavingForCheckout: showsBusy,
    leavingForPortal: showsBusy,
    changed: () => {
      expect(within(dialog()).getByRole('status')).toHaveTextContent(MESSAGES.planUpdated);
      expect(within(dialog()).queryByRole('button', { name: 'Confirm Change' })).not.toBeInTheDocument();
    },
  },
};

function expectChoosingWith(error: string) {
  return ({ snapshot }: StepObservation<ChangePlanSnapshot>) => {
    expect(snapshot.matches('choosing')).toBe(true);
    expect(snapshot.context.error).toBe(error);
  };
}

describeModel(changePlanMachine, {
  events: [
    { type: 'plan.choose', plan: 'starter' },
    { type: 'plan.choose', plan: 'pro' },
    { type: 'interval.choose', interval: 'annual' },
    { type: 'interval.choose', interval: 'monthly' },
    { type: 'change.confirm' },
  ],
  input: CURRENT,
  actors: {
    changePlan: {
      outputs: [{ noSubscription: false, changed: true }, { noSubscription: true }],
      errors: [providerDown, tooManyRequests],
    },
    createCheckoutSession: {
      outputs: [
        { existingSubscription: false, url: CHECKOUT_URL },
        { existingSubscription: false, url: null },
        { existingSubscription: true },
      ],
      errors: [providerDown, tooManyRequests],
    },
    // The portal child machine (tests/model/portal.test.tsx) says how opening the portal went.
    portal: {
      outputs: [
        { leaving: true },
        { leaving: false, error: MESSAGES.noPortalUrl },
        { leaving: false, error: MESSAGES.portalFailed },
      ],
    },
  },
  delays: {},
  view: changePlanView,

  effects: {
    init: [],
    'plan.choose': [],
    'interval.choose': [],
    // Nothing is sent for the current plan on the monthly view; otherwise the server is asked to change it.
    'change.confirm': ({ previous }) =>
      previous && isUnchanged(previous) ? [] : [start('changePlan', { planName: planNameOf(previous) })],
    // No subscription to change: Checkout for the chosen plan [product: BILL-16].
    // Changed: the view hears it and reloads the billing info.
    'done:changePlan': ({ event, previous }) =>
      event.output.noSubscription
        ? [start('createCheckoutSession', { planName: planNameOf(previous) })]
        : [emitted({ type: 'done' })],
    'error:changePlan': [],
    // A subscription exists after all: the portal [product: BILL-12].
    'done:createCheckoutSession': ({ event }) =>
      event.output.existingSubscription
        ? [start('portal')]
        : event.output.url
          ? [call('goToCheckout', { url: CHECKOUT_URL })]
          : [],
    'error:createCheckoutSession': [],
    'done:portal': [],
  },

  states: {
    changed: ({ snapshot }) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.hasTag('done')).toBe(true);
      expect(snapshot.context.notice).toBe(MESSAGES.planUpdated);
    },
    leavingForCheckout: ({ snapshot }) => expect(snapshot.hasTag('busy')).toBe(true),
    leavingForPortal: ({ snapshot }) => expect(snapshot.hasTag('busy')).toBe(true),
  },

  afterStep: {
    init: ({ snapshot }) => {
      expect(snapshot.context).toMatchObject({
        chosenPlan: 'pro',
        view: 'monthly',
        error: null,
        notice: null,
      });
    },
    // Over the account's limit, the server's words say when to try again [product: MSG-BILL-7].
    'error:changePlan': (observation) =>
      expectChoosingWith(failureTextOf(observation.event.error, MESSAGES.planChangeFailed))(observation),
    'done:createCheckoutSession': ({ snapshot, event }) => {
      if (event.output.existingSubscription) expect(snapshot.matches('openingPortal')).toBe(true);
      else if (event.output.url) expect(snapshot.matches('leavingForCheckout')).toBe(true);
      else expectChoosingWith(MESSAGES.noCheckoutUrl)({ snapshot } as StepObservation<ChangePlanSnapshot>);
    },
    'error:createCheckoutSession': (observation) =>
      expectChoosingWith(failureTextOf(observation.event.error, MESSAGES.checkoutFailed))(observation),
    'done:portal': (observation) => {
      const output = observation.event.output as PortalOutput;
      if (output.leaving) expect(observation.snapshot.matches('leavingForPortal')).toBe(true);
      else expectChoosingWith(output.error)(observation);
    },
  },
});
