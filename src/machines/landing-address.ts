import { type ActorRefFrom, assign, emit, type SnapshotFrom, setup } from 'xstate';
import type { LandingAddress } from '../domain/address';
import { type SignupChoice, signupChoiceFromDetail } from '../domain/signup-choice';
import { command, type PortIO, port, request } from './io';

/**
 * What the landing page does with its own address and with requests from other scripts
 * [product: LAND-26, LAND-27, LAND-28, LAND-29, LAND-30, LAND-38, LAND-39]: `show_signup` opens the signup dialog and leaves the address; a checkout's
 * `session_id` is synced, leaves the address, and about 400 ms later the sign-in dialog opens; an access token in
 * the hash leaves the address about 300 ms after the auth service has read it. The window events
 * `open-auth-modal` and `open-signup-modal` open the dialogs at any time. Three independent regions, because one
 * address may carry all three markers.
 */

/** The markers still to act on; each region forgets its own once it is done. */
export type LandingAddressContext = LandingAddress;

export type LandingAddressEvent =
  /** `open-auth-modal` on the window. */
  | { type: 'window.openSignIn' }
  /** `open-signup-modal` on the window; its detail comes from any script, so it is read, never trusted. */
  | { type: 'window.openSignup'; detail: unknown };

/** What the view hears from the flow: open the sign-up dialog (with a plan chosen, or none) or the sign-in one. */
export type LandingAddressEmitted = { type: 'signup.open'; choice: SignupChoice } | { type: 'signIn.open' };

/** What leaves the address: query parameters by name, and the hash. */
export interface AddressCleanup {
  remove: readonly string[];
  dropHash: boolean;
}

/** The delays the product names [product: LIMIT-14, LIMIT-15]. */
export const SIGN_IN_AFTER_CHECKOUT_MS = 400;
export const HASH_TOKEN_CLEANUP_MS = 300;

/** What the landing page's address handling asks of the app (src/services/landing-address-io.ts). */
export const landingAddressPort = port('landingAddress', {
  /** The markers of the address the page was opened with (src/domain/address.ts). */
  readAddress: request<() => Promise<LandingAddress>>(),
  /** POST /api/billing/sync with the checkout's session id [product: CLIENT-5]. */
  syncSubscription: request<(checkout: { sessionId: string }) => Promise<unknown>>(),
  /** Settles once the auth service has read the session from the address (or there is none to read). */
  authServiceSettled: request<() => Promise<unknown>>(),
  /** Replaces the current history entry without the named parts. */
  cleanAddress: command<(cleanup: AddressCleanup) => void>(),
  /** A failed sync is the billing page's to retry; here it is only reported to the console. */
  reportSyncFailure: command<(failure: { error: unknown }) => void>(),
});
export type LandingAddressIO = PortIO<typeof landingAddressPort>;

export const landingAddressMachine = setup({
  // Stryker disable next-line ObjectLiteral: equivalent, xstate's setup never reads `types` at run time (type-checking only)
  types: {
    context: {} as LandingAddressContext,
    events: {} as LandingAddressEvent,
    emitted: {} as LandingAddressEmitted,
  },
  actors: landingAddressPort.actors,
  actions: {
    ...landingAddressPort.actions,
    openSignup: emit((_, choice: SignupChoice) => ({ type: 'signup.open' as const, choice })),
    openSignIn: emit({ type: 'signIn.open' as const }),
    storeAddress: assign((_, address: LandingAddress) => ({
      showSignup: address.showSignup,
      sessionId: address.sessionId,
      hasHashToken: address.hasHashToken,
    })),
    forgetSessionId: assign({ sessionId: null }),
  },
  guards: {
    asksForSignup: ({ context }) => context.showSignup,
    hasCheckoutSession: ({ context }) => context.sessionId !== null,
    hasTokenInHash: ({ context }) => context.hasHashToken,
  },
  delays: {
    signInAfterCheckout: SIGN_IN_AFTER_CHECKOUT_MS,
    hashTokenCleanup: HASH_TOKEN_CLEANUP_MS,
  },
}).createMachine({
  id: 'landingAddress',
  context: { showSignup: false, sessionId: null, hasHashToken: false },
  on: {
    'window.openSignIn': { actions: 'openSignIn' },
    'window.openSignup': {
      actions: { type: 'openSignup', params: ({ event }) => signupChoiceFromDetail(event.detail) },
    },
  },
  initial: 'reading',
  states: {
    reading: {
      invoke: {
        src: 'readAddress',
        onDone: {
          target: 'handling',
          actions: { type: 'storeAddress', params: ({ event }) => event.output },
        },
      },
    },
    handling: {
      type: 'parallel',
      states: {
        signup: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [
                {
                  guard: 'asksForSignup',
                  target: 'opened',
                },
                { target: 'absent' },
              ],
            },
            opened: {
              entry: [
                { type: 'openSignup', params: {} },
                { type: 'cleanAddress', params: { remove: ['show_signup'], dropHash: false } },
              ],
            },
            absent: {},
          },
        },
        checkout: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [
                {
                  guard: 'hasCheckoutSession',
                  target: 'syncing',
                },
                { target: 'absent' },
              ],
            },
            syncing: {
              invoke: {
                src: 'syncSubscription',
                input: ({ context }) => ({ sessionId: context.sessionId ?? '' }),
                onDone: { target: 'signingIn' },
                onError: {
                  target: 'signingIn',
                  actions: { type: 'reportSyncFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            // Synced or not, the checkout is over: the id leaves the address and the customer is asked to sign in.
            signingIn: {
              entry: [
                { type: 'cleanAddress', params: { remove: ['session_id'], dropHash: false } },
                'forgetSessionId',
              ],
              after: { signInAfterCheckout: { target: 'done', actions: 'openSignIn' } },
            },
            done: {},
            absent: {},
          },
        },
        hashToken: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [
                {
                  guard: 'hasTokenInHash',
                  target: 'awaitingAuthService',
                },
                { target: 'absent' },
              ],
            },
            // The token is the auth service's to read first: cleaning it away before would lose the sign-in.
            awaitingAuthService: {
              invoke: {
                src: 'authServiceSettled',
                onDone: { target: 'waiting' },
                onError: { target: 'waiting' },
              },
            },
            waiting: {
              after: { hashTokenCleanup: { target: 'cleaned' } },
            },
            cleaned: {
              entry: { type: 'cleanAddress', params: { remove: [], dropHash: true } },
            },
            absent: {},
          },
        },
      },
    },
  },
});

export type LandingAddressMachine = typeof landingAddressMachine;
export type LandingAddressActorRef = ActorRefFrom<LandingAddressMachine>;
export type LandingAddressSnapshot = SnapshotFrom<LandingAddressMachine>;
