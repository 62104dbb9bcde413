import { expect } from 'vitest';
import { signupChoiceFromDetail } from '../../src/domain/signup-choice';
import {
  HASH_TOKEN_CLEANUP_MS,
  type LandingAddressEvent,
  landingAddressMachine,
  SIGN_IN_AFTER_CHECKOUT_MS,
} from '../../src/machines/landingAddress';
import { call, describeModel, type EffectLog, start } from './harness';

/**
 * Every event the machine accepts, with the payloads the page and other scripts send. A return from checkout
 * (with show_signup, as the signup flow's checkout sends it) and a return from the auth service (a token in the
 * hash) are different addresses; the simulated clock could not fire their two timers out of order anyway.
 */
const fromCheckout: LandingAddressEvent = {
  type: 'address.read',
  showSignup: true,
  sessionId: 'cs_test_123',
  hasHashToken: false,
};
const fromAuthService: LandingAddressEvent = {
  type: 'address.read',
  showSignup: false,
  sessionId: null,
  hasHashToken: true,
};
const nothing: LandingAddressEvent = {
  type: 'address.read',
  showSignup: false,
  sessionId: null,
  hasHashToken: false,
};
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

/** What the view shows per state: nothing of its own; it opens dialogs and cleans the address (the actions). */
const actionsOf = (log: EffectLog) =>
  log.entries.flatMap((effect) =>
    effect.kind === 'call' ? [{ name: effect.action, params: effect.params }] : [],
  );

describeModel(landingAddressMachine, {
  delays: { signInAfterCheckout: 400, hashTokenCleanup: 300 },
  view: 'pending: the address handling replays with the landing page',
  effects: {
    // Each part of the address is handled in its own region, in this order [product: LAND-26, LAND-27, LAND-28].
    'address.read': ({ event }) => {
      const read = event as Extract<LandingAddressEvent, { type: 'address.read' }>;
      return [
        ...(read.showSignup
          ? [call('openSignup', {}), call('cleanAddress', { remove: ['show_signup'], dropHash: false })]
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
    'after:signInAfterCheckout': [call('openSignIn')],
    'after:hashTokenCleanup': [call('cleanAddress', { remove: [], dropHash: true })],
    'window.openSignIn': [call('openSignIn')],
    'window.openSignup': ({ event }) => [
      call('openSignup', signupChoiceFromDetail((event as unknown as { detail: unknown }).detail)),
    ],
  },
  events: [
    fromCheckout,
    fromAuthService,
    nothing,
    { type: 'window.openSignIn' },
    ...Object.values(signupDetails),
  ],
  actors: {
    syncSubscription: {
      outputs: [{ subscription: { status: 'active' } }],
      errors: [new Error('Not implemented')],
    },
    authServiceSettled: { outputs: [undefined], errors: [new Error('Auth service unreachable')] },
  },

  states: {
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
      expect(stepEffects.entries).toEqual([]);
    },
    'address.read': ({ snapshot, event, stepEffects }) => {
      if (event.showSignup) {
        // [product: LAND-26] The signup dialog opens, then show_signup leaves the address; the others are started.
        expect(actionsOf(stepEffects)).toEqual([
          { name: 'openSignup', params: {} },
          { name: 'cleanAddress', params: { remove: ['show_signup'], dropHash: false } },
        ]);
        expect(stepEffects.inputsOf('syncSubscription')).toEqual([{ sessionId: 'cs_test_123' }]);
        expect(stepEffects.inputsOf('authServiceSettled')).toEqual([]);
      } else if (event.hasHashToken) {
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
      expect(actionsOf(stepEffects)).toEqual([{ name: 'openSignIn', params: undefined }]);
    },
    'window.openSignup': ({ stepEffects, event }) => {
      // [product: LAND-30] Only a valid plan and a boolean annual are taken from another script's detail.
      expect(actionsOf(stepEffects)).toEqual([
        {
          name: 'openSignup',
          params: expectedChoice.get((event as LandingAddressEvent & { detail: unknown }).detail),
        },
      ]);
    },
    'done:syncSubscription': ({ snapshot, stepEffects }) => {
      // [product: LAND-27] The checkout's id leaves the address once the sync has answered.
      expect(snapshot.matches({ handling: { checkout: 'signingIn' } })).toBe(true);
      expect(actionsOf(stepEffects)).toEqual([
        { name: 'cleanAddress', params: { remove: ['session_id'], dropHash: false } },
      ]);
    },
    'error:syncSubscription': ({ snapshot, stepEffects }) => {
      expect(snapshot.matches({ handling: { checkout: 'signingIn' } })).toBe(true);
      expect(actionsOf(stepEffects)).toEqual([
        { name: 'reportSyncFailure', params: { error: new Error('Not implemented') } },
        { name: 'cleanAddress', params: { remove: ['session_id'], dropHash: false } },
      ]);
    },
    'after:signInAfterCheckout': ({ snapshot, stepEffects, history, now }) => {
      // [product: LIMIT-14] About 400 ms after the address was cleaned, the sign-in dialog opens.
      expect(SIGN_IN_AFTER_CHECKOUT_MS).toBe(400);
      expect(now).toBeGreaterThanOrEqual(400);
      expect(history.some((label) => label.endsWith(':syncSubscription'))).toBe(true);
      expect(snapshot.matches({ handling: { checkout: 'done' } })).toBe(true);
      expect(actionsOf(stepEffects)).toEqual([{ name: 'openSignIn', params: undefined }]);
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
      expect(HASH_TOKEN_CLEANUP_MS).toBe(300);
      expect(snapshot.matches({ handling: { hashToken: 'cleaned' } })).toBe(true);
      expect(actionsOf(stepEffects)).toEqual([
        { name: 'cleanAddress', params: { remove: [], dropHash: true } },
      ]);
    },
  },
});
