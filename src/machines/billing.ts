import { type ActorRefFrom, assign, type SnapshotFrom, setup } from 'xstate';
import type { BillingInfo, WebhookHealth } from '../../contract/billing';
import { billingMessages } from '../domain/messages';
import { errorActions } from './feedback';
import { type PortIO, port, request } from './io';
import { isLeavingForPortal, portalError, portalMachine } from './portal';

/**
 * The billing page [product: BILL]: its billing info and webhook health, the portal, the return from Checkout
 * (the `session_id` the provider sends back is synced once) and the return from the portal (a flag in session
 * storage, then polling every 3 s for up to 30 s, syncing and reloading [product: BILL-8, LIMIT-8]). The
 * change-plan and cancel dialogs are flows of their own (changePlan, cancellation); when one of them changes the
 * subscription the page sends `billing.reload`. Its port is implemented by src/services/billing-io.ts.
 */

export const BILLING_POLL_INTERVAL_MS = 3000;
export const BILLING_POLL_LIMIT_MS = 30_000;

/**
 * Where the visitor arrives from: Checkout (the provider appends the session id to the return address), the
 * portal (the flag set on the way there), or neither.
 */
export type BillingArrival =
  | { from: 'checkout'; sessionId: string }
  | { from: 'portal' }
  | { from: 'elsewhere' };

export interface BillingContext {
  /** The Checkout session the visitor came back from, synced once. */
  checkoutSessionId: string | null;
  info: BillingInfo | null;
  /** Null until known, and when every health address failed [product: BILL-13]. */
  health: WebhookHealth | null;
  /** Why the info could not be loaded, or why the portal did not open; cleared by the next attempt. */
  error: string | null;
}

export type BillingEvent = { type: 'billing.reload' } | { type: 'portal.open' };

/** What the billing page asks of the product API and the browser (src/services/billing-io.ts). */
export const billingPort = port('billing', {
  loadInfo: request<() => Promise<BillingInfo>>(),
  /** The first health address that answers; null when every one failed [product: BILL-13]. */
  loadWebhookHealth: request<() => Promise<WebhookHealth | null>>(),
  /** Re-reads the subscription at the provider; with the Checkout session id after a checkout. */
  syncSubscription: request<(checkout: { sessionId: string | null }) => Promise<void>>(),
  /** Reads (and consumes) where the visitor comes back from. */
  detectArrival: request<() => Promise<BillingArrival>>(),
});
export type BillingIO = PortIO<typeof billingPort>;

export const billingMachine = setup({
  // Stryker disable next-line ObjectLiteral: equivalent, xstate's setup never reads `types` at run time (type-checking only)
  types: {
    context: {} as BillingContext,
    events: {} as BillingEvent,
    tags: {} as 'failed' | 'polling' | 'openingPortal' | 'checkingWebhooks',
  },
  actors: { ...billingPort.actors, portal: portalMachine },
  actions: {
    ...errorActions<BillingContext, BillingEvent>(),
    keepInfo: assign((_, params: { info: BillingInfo }) => ({ info: params.info, error: null })),
    keepHealth: assign((_, params: { health: WebhookHealth | null }) => ({ health: params.health })),
  },
  guards: {
    isFrom: (_, params: { arrival: BillingArrival; from: BillingArrival['from'] }) =>
      params.arrival.from === params.from,
    isLeavingForPortal,
  },
  delays: {
    pollInterval: BILLING_POLL_INTERVAL_MS,
    pollLimit: BILLING_POLL_LIMIT_MS,
  },
}).createMachine({
  id: 'billing',
  context: { checkoutSessionId: null, info: null, health: null, error: null },
  type: 'parallel',
  states: {
    account: {
      initial: 'arriving',
      states: {
        arriving: {
          invoke: {
            src: 'detectArrival',
            onDone: [
              {
                guard: {
                  type: 'isFrom',
                  params: ({ event }) => ({ arrival: event.output, from: 'checkout' }),
                },
                target: 'syncingCheckout',
                actions: assign(({ event }) => ({
                  checkoutSessionId: event.output.from === 'checkout' ? event.output.sessionId : null,
                })),
              },
              {
                guard: { type: 'isFrom', params: ({ event }) => ({ arrival: event.output, from: 'portal' }) },
                target: 'polling',
              },
              { target: 'loading' },
            ],
            onError: { target: 'loading' },
          },
        },
        // Back from Checkout: what was just paid for is read from the provider before the page shows it.
        syncingCheckout: {
          invoke: {
            src: 'syncSubscription',
            input: ({ context }) => ({ sessionId: context.checkoutSessionId }),
            onDone: { target: 'loading' },
            // The webhook brings it soon enough; the info shows what the cache has meanwhile.
            onError: { target: 'loading' },
          },
        },
        loading: {
          entry: 'clearError',
          invoke: {
            src: 'loadInfo',
            onDone: {
              target: 'ready',
              actions: { type: 'keepInfo', params: ({ event }) => ({ info: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'showError', params: { text: billingMessages.loadFailed } },
            },
          },
        },
        failed: {
          tags: ['failed'],
          on: { 'billing.reload': { target: 'loading' } },
        },
        ready: {
          on: {
            'billing.reload': { target: 'loading' },
            'portal.open': { target: 'openingPortal' },
          },
        },
        openingPortal: {
          tags: ['openingPortal'],
          entry: 'clearError',
          invoke: {
            src: 'portal',
            onDone: [
              {
                guard: { type: 'isLeavingForPortal', params: ({ event }) => event.output },
                target: 'leavingForPortal',
              },
              {
                target: 'ready',
                actions: { type: 'showError', params: ({ event }) => ({ text: portalError(event.output) }) },
              },
            ],
          },
        },
        // The browser is on its way to the portal.
        leavingForPortal: {
          tags: ['openingPortal'],
        },
        // Back from the portal: what was changed there reaches us by webhook or sync within a few seconds.
        polling: {
          tags: ['polling'],
          initial: 'syncing',
          // One last reload after the polls: the page then shows what it knows, or that it could not load.
          after: { pollLimit: { target: 'loading' } },
          states: {
            syncing: {
              invoke: {
                src: 'syncSubscription',
                input: { sessionId: null },
                onDone: { target: 'reloading' },
                onError: { target: 'reloading' },
              },
            },
            reloading: {
              invoke: {
                src: 'loadInfo',
                onDone: {
                  target: 'waiting',
                  actions: { type: 'keepInfo', params: ({ event }) => ({ info: event.output }) },
                },
                // A failed poll is tried again at the next one.
                onError: { target: 'waiting' },
              },
            },
            waiting: {
              after: { pollInterval: { target: 'syncing' } },
            },
          },
        },
      },
    },
    webhooks: {
      initial: 'checking',
      states: {
        checking: {
          tags: ['checkingWebhooks'],
          invoke: {
            src: 'loadWebhookHealth',
            onDone: {
              target: 'known',
              actions: { type: 'keepHealth', params: ({ event }) => ({ health: event.output }) },
            },
            onError: { target: 'known', actions: { type: 'keepHealth', params: { health: null } } },
          },
        },
        known: {
          on: { 'billing.reload': { target: 'checking' } },
        },
      },
    },
  },
});

export type BillingMachine = typeof billingMachine;
export type BillingActorRef = ActorRefFrom<BillingMachine>;
export type BillingSnapshot = SnapshotFrom<BillingMachine>;

export const selectInfo = (snapshot: BillingSnapshot) => snapshot.context.info;
export const selectHealth = (snapshot: BillingSnapshot) => snapshot.context.health;
export const selectError = (snapshot: BillingSnapshot) => snapshot.context.error;
export const selectHasFailed = (snapshot: BillingSnapshot) => snapshot.hasTag('failed');
export const selectIsPolling = (snapshot: BillingSnapshot) => snapshot.hasTag('polling');
export const selectIsOpeningPortal = (snapshot: BillingSnapshot) => snapshot.hasTag('openingPortal');
export const selectIsCheckingWebhooks = (snapshot: BillingSnapshot) => snapshot.hasTag('checkingWebhooks');
