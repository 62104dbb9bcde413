import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { WebhookHealth } from '../../contract/billing';
import { type BillingArrival, type BillingSnapshot, billingMachine } from '../../src/machines/billing';
import type { PortalOutput } from '../../src/machines/portal';
import { billingInfo } from '../ui/billing-fixtures';
import { renderApp, signedIn } from '../ui/render-app';
import { describeModel, type MachineView, start } from './harness';

/** The billing page [product: BILL, BILL-8, BILL-13, MSG-BILL-5, MSG-BILL-6, MSG-WEBHOOK-1]. */

const ACTIVE = billingInfo();
const HEALTH: WebhookHealth = {
  ok: true,
  scope: 'account',
  last_event_id: 'evt_1',
  last_event_type: 'customer.subscription.updated',
  last_received_at: '2026-11-23T10:00:00.000Z',
  message: null,
};
const providerDown = new Error('502 Bad Gateway');

const LOAD_FAILED = 'Could not load billing information. Please try again.';
const NO_PORTAL_URL = 'Could not open the billing portal. Please try again later.';
const PORTAL_FAILED = 'Failed to open billing portal. Please try again or contact support.';
const NO_WEBHOOK_STATUS = 'No webhook status available. Ensure your endpoint is configured and reachable.';
const POLLING_NOTE = 'Checking for changes made in the billing portal…';

const currentPlan = () => screen.getByRole('region', { name: 'Current Plan' });
const managePayment = () => within(currentPlan()).getByRole('button', { name: 'Manage Payment' });

/** Until the info is known the page shows a loader (or why it failed); then the cards. */
function showsCardsOrLoader({ context }: BillingSnapshot) {
  if (context.info) expect(currentPlan()).toBeInTheDocument();
  else expect(screen.getByLabelText('Loading billing')).toBeInTheDocument();
}

function showsError({ context }: BillingSnapshot) {
  if (context.error) expect(screen.getByRole('alert')).toHaveTextContent(context.error);
  else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
}

const billingView: MachineView<typeof billingMachine> = {
  render: async ({ logic, actorOptions }) => {
    const app = renderApp(
      '/Billing',
      { loadUser: async () => signedIn() },
      { flows: { billing: logic }, actorOptions },
    );
    await screen.findByRole('heading', { level: 1, name: 'Billing' }, { timeout: 5000 });
    return app;
  },
  perform: {
    'portal.open': async (_event, user) => {
      await user.click(managePayment());
    },
  },
  shows: {
    'account.arriving': showsCardsOrLoader,
    'account.syncingCheckout': showsCardsOrLoader,
    'account.loading': showsCardsOrLoader,
    'account.failed': (snapshot) => {
      expect(screen.getByRole('alert')).toHaveTextContent(LOAD_FAILED);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      // A failed reload keeps the cards it had.
      if (snapshot.context.info) expect(currentPlan()).toBeInTheDocument();
      else expect(screen.queryByRole('region', { name: 'Current Plan' })).not.toBeInTheDocument();
    },
    'account.ready': (snapshot) => {
      expect(managePayment()).toBeEnabled();
      expect(managePayment()).not.toHaveAttribute('data-loading');
      expect(screen.queryByText(POLLING_NOTE)).not.toBeInTheDocument();
      showsError(snapshot);
    },
    'account.openingPortal': () => {
      expect(managePayment()).toHaveAttribute('data-loading', 'true');
    },
    'account.leavingForPortal': () => {
      expect(managePayment()).toHaveAttribute('data-loading', 'true');
    },
    'account.polling': (snapshot) => {
      showsCardsOrLoader(snapshot);
      if (!snapshot.context.info) return;
      expect(screen.getByRole('status')).toHaveTextContent(POLLING_NOTE);
      expect(managePayment()).toBeDisabled();
    },
    'webhooks.checking': ({ context }) => {
      if (context.info) expect(screen.getByLabelText('Checking webhooks')).toBeInTheDocument();
    },
    'webhooks.known': ({ context }) => {
      if (!context.info) return;
      const card = screen.getByRole('region', { name: 'Webhooks Health' });
      // In words, in the customer's own format and zone (the default: MM/DD/YYYY, UTC) [product: BILL-20].
      if (context.health) expect(card).toHaveTextContent('Last event: Subscription updated');
      else expect(card).toHaveTextContent(NO_WEBHOOK_STATUS);
    },
  },
};

const inAccount = (snapshot: BillingSnapshot | undefined, state: string) =>
  snapshot?.matches({ account: state as never }) === true;

describeModel(billingMachine, {
  events: [{ type: 'billing.reload' }, { type: 'portal.open' }],
  actors: {
    detectArrival: {
      outputs: [{ from: 'elsewhere' }, { from: 'checkout', sessionId: 'cs_test_1' }, { from: 'portal' }],
      errors: [new Error('storage blocked')],
    },
    syncSubscription: { outputs: [undefined], errors: [providerDown] },
    loadInfo: { outputs: [ACTIVE], errors: [providerDown] },
    loadWebhookHealth: { outputs: [HEALTH, null], errors: [providerDown] },
    // The portal child machine (tests/model/portal.test.tsx) says how opening the portal went.
    portal: {
      outputs: [
        { leaving: true },
        { leaving: false, error: NO_PORTAL_URL },
        { leaving: false, error: PORTAL_FAILED },
      ],
    },
  },
  // The product's poll: every 3 s for up to 30 s [product: BILL-8, LIMIT-8].
  delays: { pollInterval: 3000, pollLimit: 30_000 },
  view: billingView,

  effects: {
    init: [start('detectArrival'), start('loadWebhookHealth')],
    'done:detectArrival': ({ event }) =>
      event.output.from === 'checkout'
        ? [start('syncSubscription', { sessionId: 'cs_test_1' })]
        : event.output.from === 'portal'
          ? [start('syncSubscription', { sessionId: null })]
          : [start('loadInfo')],
    'error:detectArrival': [start('loadInfo')],
    // After the Checkout sync, and after each poll's sync, the info is reloaded.
    'done:syncSubscription': [start('loadInfo')],
    'error:syncSubscription': [start('loadInfo')],
    'done:loadInfo': [],
    'error:loadInfo': [],
    'after:pollInterval': [start('syncSubscription', { sessionId: null })],
    // A poll due at the same moment fires first, then the limit ends polling (and that poll) with a last reload.
    'after:pollLimit': ({ previous }) =>
      previous?.matches({ account: { polling: 'waiting' } })
        ? [start('syncSubscription', { sessionId: null }), start('loadInfo')]
        : [start('loadInfo')],
    'billing.reload': ({ previous }) => [
      ...(inAccount(previous, 'ready') || inAccount(previous, 'failed') ? [start('loadInfo')] : []),
      ...(previous?.matches({ webhooks: 'known' }) ? [start('loadWebhookHealth')] : []),
    ],
    'portal.open': [start('portal')],
    'done:portal': [],
    'done:loadWebhookHealth': [],
    'error:loadWebhookHealth': [],
  },

  states: {
    'account.ready': ({ snapshot }) => expect(snapshot.context.info).toEqual(ACTIVE),
    'account.polling': ({ snapshot }) => expect(snapshot.hasTag('polling')).toBe(true),
    'account.failed': ({ snapshot }) => expect(snapshot.context.error).toBe(LOAD_FAILED),
  },

  afterStep: {
    'done:detectArrival': ({ snapshot, event }) => {
      const arrival = event.output as BillingArrival;
      const expected = { checkout: 'syncingCheckout', portal: 'polling', elsewhere: 'loading' } as const;
      expect(inAccount(snapshot, expected[arrival.from])).toBe(true);
    },
    'done:portal': ({ snapshot, event }) => {
      const output = event.output as PortalOutput;
      expect(inAccount(snapshot, output.leaving ? 'leavingForPortal' : 'ready')).toBe(true);
      expect(snapshot.context.error).toBe(output.leaving ? null : output.error);
    },
    'done:loadWebhookHealth': ({ snapshot, event }) => expect(snapshot.context.health).toEqual(event.output),
    // Every address failed: null data, which the card words [product: BILL-13].
    'error:loadWebhookHealth': ({ snapshot }) => expect(snapshot.context.health).toBeNull(),
    'after:pollLimit': ({ snapshot }) => {
      expect(snapshot.hasTag('polling')).toBe(false);
      expect(inAccount(snapshot, 'loading')).toBe(true);
    },
  },
});
