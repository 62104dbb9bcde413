import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { type PortalSnapshot, portalMachine } from '../../src/machines/portal';
import { billingInfo, failureTextOf, tooManyRequests } from '../ui/billing-fixtures';
import { renderApp, signedIn } from '../ui/render-app';
import { call, describeModel, type MachineView, start } from './harness';

/**
 * The way to the billing portal, one child machine of billing, changePlan and pricingAction
 * [product: API-11, BILL-8, MSG-BILL-5, MSG-BILL-6, MSG-BILL-7]. Replayed through the Billing page's 'Manage
 * Payment', which invokes it.
 */

const PORTAL_URL = 'https://pay.example/portal/ps_1';
const providerDown = new Error('502 Bad Gateway');
const NO_PORTAL_URL = 'Could not open the billing portal. Please try again later.';
const PORTAL_FAILED = 'Failed to open billing portal. Please try again or contact support.';

const managePayment = () =>
  within(screen.getByRole('region', { name: 'Current Plan' })).getByRole('button', {
    name: 'Manage Payment',
  });

/** The button waits while the portal opens and while the browser leaves for it. */
const showsOpening = () => {
  expect(managePayment()).toHaveAttribute('data-loading', 'true');
};

/** The portal did not open: the page says why, and 'Manage Payment' can be pressed again. */
const showsRefusal = (text: string) => () => {
  expect(screen.getByRole('alert')).toHaveTextContent(text);
  expect(managePayment()).toBeEnabled();
  expect(managePayment()).not.toHaveAttribute('data-loading');
};

const billingPageView: MachineView<typeof portalMachine> = {
  render: async ({ logic, actorOptions }) => {
    const app = renderApp(
      '/Billing',
      { loadUser: async () => signedIn(), billing: { loadInfo: async () => billingInfo() } },
      { flows: { portal: logic }, actorOptions },
    );
    // The billing flow invokes the portal when the customer asks for it.
    (await screen.findByRole('button', { name: 'Manage Payment' }, { timeout: 5000 })).click();
    return app;
  },
  perform: {},
  shows: {
    opening: showsOpening,
    leaving: showsOpening,
    noAddress: showsRefusal(NO_PORTAL_URL),
    failed: ({ context }) => showsRefusal(context.error ?? PORTAL_FAILED)(),
  },
};

describeModel(portalMachine, {
  events: [],
  actors: {
    openPortal: { outputs: [PORTAL_URL, null], errors: [providerDown, tooManyRequests] },
  },
  delays: {},
  view: billingPageView,

  effects: {
    // The portal's address, returning to the Billing page (tests/services/billing-io.test.ts).
    init: [start('openPortal')],
    // On the way there the return flag is set, so Billing polls once the customer is back [product: BILL-8].
    'done:openPortal': ({ event }) => (event.output ? [call('goToPortal', { url: PORTAL_URL })] : []),
    'error:openPortal': [],
  },

  states: {
    leaving: ({ snapshot }) => expect(snapshot.output).toEqual({ leaving: true }),
    noAddress: ({ snapshot }) => expect(snapshot.output).toEqual({ leaving: false, error: NO_PORTAL_URL }),
    failed: ({ snapshot }) =>
      expect(snapshot.output).toEqual({ leaving: false, error: snapshot.context.error }),
  },

  afterStep: {
    'done:openPortal': ({ snapshot }: { snapshot: PortalSnapshot }) => expect(snapshot.status).toBe('done'),
    // Over the account's limit, the server's words say when to try again [product: MSG-BILL-7].
    'error:openPortal': ({ snapshot, event }) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ leaving: false, error: failureTextOf(event.error, PORTAL_FAILED) });
    },
  },
});
