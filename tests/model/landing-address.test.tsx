import { screen } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import type { LandingAddress } from '../../src/domain/address';
import { type LandingAddressEvent, landingAddressMachine } from '../../src/machines/landing-address';
import { renderLoadedApp } from '../ui/render-app';
import { call, describeModel, type EffectLog, emitted, type MachineView, start } from './harness';

/**
 * The addresses the page is opened with, and the window events other scripts send. A return from checkout (with
 * show_signup, as the signup flow's checkout sends it) and a return from the auth service (a token in the hash)
 * are different addresses; the simulated clock could not fire their two timers out of order anyway.
 */
const fromCheckout: LandingAddress = { showSignup: true, sessionId: 'cs_test_123', hasHashToken: false };
const fromAuthService: LandingAddress = { showSignup: false, sessionId: null, hasHashToken: true };
const nothing: LandingAddress = { showSignup: false, sessionId: null, hasHashToken: false };
const signupDetails = {
  full: { type: 'window.openSignup', detail: { plan: 'pro', annual: true } },
  forged: { type: 'window.openSignup', detail: { plan: 'free', annual: 'yes' } },
  none: { type: 'window.openSignup', detail: null },
} as const;
const expectedChoice = new Map<unknown, unknown>([
  [signupDetails.full.detail, { plan: 'pro', interval: 'annual' }],
  [signupDetails.forged.detail, {}],
  [signupDetails.none.detail, {}],
]);

/** The choice each detail must open the dialog with, from the fixtures [product: LAND-30]. */
const choiceOf = (event: unknown) =>
  expectedChoice.get((event as LandingAddressEvent & { detail: unknown }).detail) as object;

/** The window events other scripts send, by their names in docs/product.md [product: LAND-29, LAND-30]. */
const OPEN_SIGN_IN_EVENT = 'open-auth-modal';
const OPEN_SIGNUP_EVENT = 'open-signup-modal';

/** What the flow asks of the page in a step, in order: the dialogs it tells the view to open, the address. */
const actionsOf = (log: EffectLog) => log.entries.filter((effect) => effect.kind !== 'start');

/** Whether the landing page is rendered: the dialogs are checked in view replay only (the bare actor opens none). */
let onPage = false;
afterEach(() => {
  onPage = false;
});

/**
 * The dialog the page shows after every step: the one the flow asked for last, or none before it asked for any
 * [product: LAND-26, LAND-29, LAND-30, LIMIT-14]. So the sign-in dialog after a checkout waits its 400 ms.
 */
async function expectDialogAskedFor(effects: EffectLog) {
  if (!onPage) return;
  const asked = effects.emittedEvents().at(-1);
  if (!asked) {
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    return;
  }
  const name = asked.type === 'signIn.open' ? 'Sign In' : 'Join Beta';
  expect(await screen.findByRole('dialog', { name })).toBeInTheDocument();
  expect(screen.getAllByRole('dialog')).toHaveLength(1);
}

/** The landing page with its address handling; other scripts ask for the dialogs with window events. */
const addressView: MachineView<typeof landingAddressMachine> = {
  render: async ({ logic, actorOptions }) => {
    const app = await renderLoadedApp('/Landing', {}, { flows: { landingAddress: logic }, actorOptions });
    await screen.findByText('Monitor. Manage. Maximize.', { selector: 'h1' });
    onPage = true;
    return app;
  },
  perform: {
    'window.openSignIn': async () => {
      window.dispatchEvent(new Event(OPEN_SIGN_IN_EVENT));
    },
    'window.openSignup': async ({ detail }) => {
      window.dispatchEvent(new CustomEvent(OPEN_SIGNUP_EVENT, { detail }));
    },
  },
  // The address has no look of its own: the page stays the visitor's landing page while the flow handles it; what
  // it opens is checked after each step.
  shows: {
    reading: () => {
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Monitor. Manage. Maximize.');
    },
    handling: () => {
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Monitor. Manage. Maximize.');
    },
  },
};

describeModel(landingAddressMachine, {
  delays: { signInAfterCheckout: 400, hashTokenCleanup: 300 },
  view: addressView,
  effects: {
    // The address is read once, when the flow starts.
    init: [start('readAddress')],
    // Each part of the address is handled in its own region, in this order [product: LAND-26, LAND-27, LAND-28].
    'done:readAddress': ({ event }) => {
      const read = event.output as LandingAddress;
      return [
        ...(read.showSignup
          ? [
              emitted({ type: 'signup.open', choice: {} }),
              call('cleanAddress', { remove: ['show_signup'], dropHash: false }),
            ]
          : []),
        ...(read.sessionId ? [start('syncSubscription', { sessionId: read.sessionId })] : []),
        ...(read.hasHashToken ? [start('authServiceSettled')] : []),
      ];
    },
    // Synced or not, the checkout's id leaves the address.
    'done:syncSubscription': [call('cleanAddress', { remove: ['session_id'], dropHash: false })],
    'error:syncSubscription': ({ event }) => [
      call('reportSyncFailure', { error: event.error }),
      call('cleanAddress', { remove: ['session_id'], dropHash: false }),
    ],
    'after:signInAfterCheckout': [emitted({ type: 'signIn.open' })],
    'after:hashTokenCleanup': [call('cleanAddress', { remove: [], dropHash: true })],
    'window.openSignIn': [emitted({ type: 'signIn.open' })],
    'window.openSignup': ({ event }) => [emitted({ type: 'signup.open', choice: choiceOf(event) })],
  },
  events: [{ type: 'window.openSignIn' }, ...Object.values(signupDetails)],
  actors: {
    readAddress: { outputs: [fromCheckout, fromAuthService, nothing] },
    syncSubscription: {
      outputs: [{ subscription: { status: 'active' } }],
      errors: [new Error('Not implemented')],
    },
    authServiceSettled: { outputs: [undefined], errors: [new Error('Auth service unreachable')] },
  },

  states: {
    '#landingAddress': ({ effects }) => expectDialogAskedFor(effects),
    reading: ({ snapshot }) => {
      expect(snapshot.context).toEqual({ showSignup: false, sessionId: null, hasHashToken: false });
    },
    'handling.checkout.syncing': ({ snapshot }) => {
      expect(snapshot.context.sessionId).toBe('cs_test_123');
    },
    'handling.checkout.signingIn': ({ snapshot }) => {
      expect(snapshot.context.sessionId).toBeNull();
    },
  },

  afterStep: {
    init: ({ snapshot, stepEffects }) => {
      expect(snapshot.matches('reading')).toBe(true);
      expect(stepEffects.inputsOf('readAddress')).toEqual([undefined]);
    },
    'done:readAddress': ({ snapshot, event, stepEffects }) => {
      const read = event.output as LandingAddress;
      if (read.showSignup) {
        // [product: LAND-26] The signup dialog opens, then show_signup leaves the address; the others are started.
        expect(actionsOf(stepEffects)).toEqual([
          emitted({ type: 'signup.open', choice: {} }),
          call('cleanAddress', { remove: ['show_signup'], dropHash: false }),
        ]);
        expect(stepEffects.inputsOf('syncSubscription')).toEqual([{ sessionId: 'cs_test_123' }]);
        expect(stepEffects.inputsOf('authServiceSettled')).toEqual([]);
      } else if (read.hasHashToken) {
        // The hash waits for the auth service; nothing else is started.
        expect(stepEffects.inputsOf('authServiceSettled')).toHaveLength(1);
        expect(actionsOf(stepEffects)).toEqual([]);
        expect(stepEffects.inputsOf('syncSubscription')).toEqual([]);
      } else {
        expect(stepEffects.entries).toEqual([]);
        expect(
          snapshot.matches({ handling: { signup: 'absent', checkout: 'absent', hashToken: 'absent' } }),
        ).toBe(true);
      }
    },
    'window.openSignIn': ({ stepEffects }) => {
      expect(actionsOf(stepEffects)).toEqual([emitted({ type: 'signIn.open' })]);
    },
    'window.openSignup': ({ stepEffects, event }) => {
      // [product: LAND-30] Only a valid plan and a boolean annual are taken from another script's detail.
      expect(actionsOf(stepEffects)).toEqual([emitted({ type: 'signup.open', choice: choiceOf(event) })]);
    },
    'done:syncSubscription': ({ snapshot, stepEffects }) => {
      // [product: LAND-27] The checkout's id leaves the address once the sync has answered.
      expect(snapshot.matches({ handling: { checkout: 'signingIn' } })).toBe(true);
      expect(actionsOf(stepEffects)).toEqual([
        call('cleanAddress', { remove: ['session_id'], dropHash: false }),
      ]);
    },
    'error:syncSubscription': ({ snapshot, stepEffects }) => {
      expect(snapshot.matches({ handling: { checkout: 'signingIn' } })).toBe(true);
      expect(actionsOf(stepEffects)).toEqual([
        call('reportSyncFailure', { error: new Error('Not implemented') }),
        call('cleanAddress', { remove: ['session_id'], dropHash: false }),
      ]);
    },
    'after:signInAfterCheckout': ({ snapshot, stepEffects, history, now }) => {
      // [product: LIMIT-14] About 400 ms after the address was cleaned, the sign-in dialog opens.
      expect(now).toBeGreaterThanOrEqual(400);
      expect(history.some((label) => label.endsWith(':syncSubscription'))).toBe(true);
      expect(snapshot.matches({ handling: { checkout: 'done' } })).toBe(true);
      expect(actionsOf(stepEffects)).toEqual([emitted({ type: 'signIn.open' })]);
    },
    'done:authServiceSettled': ({ snapshot, stepEffects }) => {
      // The token is not touched before the auth service has read it.
      expect(snapshot.matches({ handling: { hashToken: 'waiting' } })).toBe(true);
      expect(stepEffects.entries).toEqual([]);
    },
    'error:authServiceSettled': ({ snapshot, stepEffects }) => {
      expect(snapshot.matches({ handling: { hashToken: 'waiting' } })).toBe(true);
      expect(stepEffects.entries).toEqual([]);
    },
    'after:hashTokenCleanup': ({ snapshot, stepEffects }) => {
      // [product: LAND-28, LIMIT-15] About 300 ms later the hash leaves the address.
      expect(snapshot.matches({ handling: { hashToken: 'cleaned' } })).toBe(true);
      expect(actionsOf(stepEffects)).toEqual([call('cleanAddress', { remove: [], dropHash: true })]);
    },
  },
});
