import * as v from 'valibot';
import { type ActorRefFrom, assertEvent, assign, raise, type SnapshotFrom, setup } from 'xstate';
import {
  type RefundForm,
  type RefundRequestInput,
  type RefundResponse,
  type RefundReversal,
  refundFormSchema,
  refundRequestFromForm,
} from '../../contract/refund';
import { REFUND_ALREADY_PROCESSED, REFUND_FAILED, REFUND_PROCESSED } from '../domain/messages';
import { errorActions } from './feedback';
import { type PortIO, port, request } from './io';

/**
 * The AdminRefunds page [product: REFUND, MSG-REFUND]: the reversal form (idle, processing, then processed, already
 * processed or failed) beside the read-only list of recent reversals, which is reloaded after each new one. The
 * admin check happens before: the route shows 'Checking admin access...' and sends anyone else to Landing
 * (src/routes/router.tsx); the server checks the role again on every call.
 */

export interface RefundContext {
  /** What is wrong with the typed id (the contract's text), shown at the field; null when nothing is. */
  problem: string | null;
  /** The server's text for the last failed request, or REFUND_FAILED. */
  error: string | null;
  reversals: RefundReversal[];
}

export type RefundEvent =
  | { type: 'reversal.submit'; id: string; notes: string }
  /** The list's 'Refresh' button; also raised after each new reversal. */
  | { type: 'reversals.reload' };

const typedOf = (event: RefundEvent) => {
  assertEvent(event, 'reversal.submit');
  return { id: event.id, notes: event.notes };
};

const formOf = (event: RefundEvent): RefundForm => v.parse(refundFormSchema, typedOf(event));

const problemOf = (event: RefundEvent): string | null => {
  const result = v.safeParse(refundFormSchema, typedOf(event), { abortEarly: true });
  return result.success ? null : (result.issues[0]?.message ?? null);
};

/** What the refund tool asks of the product API (src/services/refund-io.ts). */
export const refundPort = port('refund', {
  /**
   * POST /admin/refunds/reverse. Resolves with the server's answer, an error answer included (its text in
   * `error`); rejects only when no answer came.
   */
  reverse: request<(request: RefundRequestInput) => Promise<RefundResponse>>(),
  /** GET /admin/refunds: the recent reversals, newest first. */
  loadReversals: request<() => Promise<RefundReversal[]>>(),
});
export type RefundIO = PortIO<typeof refundPort>;

/** Typed again from the result states: a new reversal may start from any of them. */
const submit = {
  'reversal.submit': [
    { guard: 'isIncomplete', target: '#refund.reversal.idle', actions: 'showProblem' },
    { target: '#refund.reversal.processing' },
  ],
} as const;

export const refundMachine = setup({
  types: {
    context: {} as RefundContext,
    events: {} as RefundEvent,
    tags: {} as 'processing' | 'processed' | 'alreadyProcessed' | 'failed' | 'loadingReversals',
  },
  actors: refundPort.actors,
  actions: {
    showProblem: assign(({ event }) => ({ problem: problemOf(event), error: null })),
    clearFeedback: assign({ problem: null, error: null }),
    ...errorActions<RefundContext, RefundEvent>(),
    reloadReversals: raise({ type: 'reversals.reload' }),
  },
  guards: {
    isIncomplete: ({ event }) => problemOf(event) !== null,
    wasAlreadyProcessed: (_, answer: RefundResponse) => answer.alreadyProcessed,
    wasProcessed: (_, answer: RefundResponse) => answer.processed,
  },
}).createMachine({
  id: 'refund',
  type: 'parallel',
  context: { problem: null, error: null, reversals: [] },
  states: {
    reversal: {
      initial: 'idle',
      states: {
        idle: { on: submit },
        processing: {
          tags: ['processing'],
          entry: 'clearFeedback',
          invoke: {
            src: 'reverse',
            input: ({ event }) => refundRequestFromForm(formOf(event)),
            onDone: [
              {
                guard: { type: 'wasAlreadyProcessed', params: ({ event }) => event.output },
                target: 'alreadyProcessed',
              },
              {
                guard: { type: 'wasProcessed', params: ({ event }) => event.output },
                target: 'processed',
              },
              {
                target: 'failed',
                actions: {
                  type: 'showError',
                  params: ({ event }) => ({ text: event.output.error || REFUND_FAILED }),
                },
              },
            ],
            onError: { target: 'failed', actions: { type: 'showError', params: { text: REFUND_FAILED } } },
          },
        },
        processed: { tags: ['processed'], entry: 'reloadReversals', on: submit },
        alreadyProcessed: { tags: ['alreadyProcessed'], on: submit },
        failed: { tags: ['failed'], on: submit },
      },
    },
    recent: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loadingReversals'],
          invoke: {
            src: 'loadReversals',
            onDone: { target: 'shown', actions: assign({ reversals: ({ event }) => event.output }) },
            onError: 'unavailable',
          },
        },
        shown: { on: { 'reversals.reload': 'loading' } },
        unavailable: { on: { 'reversals.reload': 'loading' } },
      },
    },
  },
});

export type RefundMachine = typeof refundMachine;
export type RefundActorRef = ActorRefFrom<RefundMachine>;
export type RefundSnapshot = SnapshotFrom<RefundMachine>;

export const selectIsProcessing = (snapshot: RefundSnapshot) => snapshot.hasTag('processing');
export const selectProblem = (snapshot: RefundSnapshot) => snapshot.context.problem;
export const selectReversals = (snapshot: RefundSnapshot) => snapshot.context.reversals;
export const selectIsLoadingReversals = (snapshot: RefundSnapshot) => snapshot.hasTag('loadingReversals');
export const selectReversalsUnavailable = (snapshot: RefundSnapshot) =>
  snapshot.matches({ recent: 'unavailable' });

/** The outcome line under the form [product: MSG-REFUND]: green for done, red for failed, nothing otherwise. */
export function selectOutcome(snapshot: RefundSnapshot): { tone: 'success' | 'error'; text: string } | null {
  if (snapshot.hasTag('processed')) return { tone: 'success', text: REFUND_PROCESSED };
  if (snapshot.hasTag('alreadyProcessed')) return { tone: 'success', text: REFUND_ALREADY_PROCESSED };
  if (snapshot.hasTag('failed')) return { tone: 'error', text: snapshot.context.error ?? REFUND_FAILED };
  return null;
}
