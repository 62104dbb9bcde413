import * as v from 'valibot';
import { type ActorRefFrom, assertEvent, assign, emit, type SnapshotFrom, setup } from 'xstate';
import {
  type CancelReason,
  type CancelRequest,
  type CancelResponse,
  cancelRequestSchema,
  DEFAULT_CANCEL_REASON,
} from '../../contract/billing';
import { billingFailureText, cancelMessages, cancelOutcome } from '../domain/messages';
import { feedbackActions } from './feedback';
import { type PortIO, port, request } from './io';

/**
 * The cancel dialog [product: BILL-2, BILL-10, BILL-11, DATA-15, MSG-CANCEL]: a reason (default unused), a comment of
 * at most 300 characters, then cancel now or at the end of the period. Every answer of POST /billing/cancel has its
 * message; a cancellation that went through (or had already) ends the flow, and the page reloads its billing info.
 */

export interface CancellationContext {
  reason: CancelReason;
  comment: string;
  error: string | null;
  notice: string | null;
}

export type CancellationEvent =
  | { type: 'reason.choose'; reason: CancelReason }
  | { type: 'comment.change'; comment: string }
  | { type: 'cancel.confirm'; cancelNow: boolean };

/** What the cancel dialog asks of the product API (src/services/cancellation-io.ts). */
export const cancellationPort = port('cancellation', {
  /** POST /api/billing/cancel: every answer, the refusals included. */
  cancelSubscription: request<(request: CancelRequest) => Promise<CancelResponse>>(),
});
export type CancellationIO = PortIO<typeof cancellationPort>;

/** The contract's message for a comment that is too long, or null. */
function commentProblem(comment: string): string | null {
  const result = v.safeParse(cancelRequestSchema, { comment });
  // Stryker disable next-line OptionalChaining: equivalent, a failed safeParse has at least one issue
  return result.success ? null : (result.issues[0]?.message ?? null);
}

export const cancellationMachine = setup({
  // Stryker disable next-line ObjectLiteral: equivalent, xstate's setup never reads `types` at run time (type-checking only)
  types: {
    context: {} as CancellationContext,
    events: {} as CancellationEvent,
    tags: {} as 'busy' | 'done',
    /** The view hears `done` when the flow's work is over (it closes the dialog, or reloads the page). */
    emitted: {} as { type: 'done' },
  },
  actors: cancellationPort.actors,
  actions: {
    emitDone: emit({ type: 'done' as const }),
    ...feedbackActions<CancellationContext, CancellationEvent>(),
  },
  guards: {
    commentTooLong: ({ context }) => commentProblem(context.comment) !== null,
    wentThrough: (_, params: { answer: CancelResponse }) => cancelOutcome(params.answer).ok,
  },
}).createMachine({
  id: 'cancellation',
  context: { reason: DEFAULT_CANCEL_REASON, comment: '', error: null, notice: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'reason.choose': { actions: assign(({ event }) => ({ reason: event.reason })) },
        'comment.change': { actions: assign(({ event }) => ({ comment: event.comment })) },
        'cancel.confirm': [
          {
            guard: 'commentTooLong',
            actions: {
              type: 'showError',
              params: ({ context }) => ({ text: commentProblem(context.comment) ?? cancelMessages.unable }),
            },
          },
          { target: 'cancelling' },
        ],
      },
    },
    cancelling: {
      tags: ['busy'],
      entry: 'clearFeedback',
      invoke: {
        src: 'cancelSubscription',
        input: ({ context, event }) => {
          assertEvent(event, 'cancel.confirm');
          return v.parse(cancelRequestSchema, {
            reason: context.reason,
            comment: context.comment,
            cancelNow: event.cancelNow,
          });
        },
        onDone: [
          {
            guard: { type: 'wentThrough', params: ({ event }) => ({ answer: event.output }) },
            target: 'done',
            actions: {
              type: 'showNotice',
              params: ({ event }) => ({ text: cancelOutcome(event.output).text }),
            },
          },
          { target: 'editing', actions: { type: 'showError', params: { text: cancelMessages.unable } } },
        ],
        onError: {
          target: 'editing',
          actions: {
            type: 'showError',
            params: ({ event }) => ({ text: billingFailureText(event.error, cancelMessages.failed) }),
          },
        },
      },
    },
    done: { type: 'final', tags: ['done'], entry: 'emitDone' },
  },
});

export type CancellationMachine = typeof cancellationMachine;
export type CancellationActorRef = ActorRefFrom<CancellationMachine>;
export type CancellationSnapshot = SnapshotFrom<CancellationMachine>;

export const selectReason = (snapshot: CancellationSnapshot) => snapshot.context.reason;
export const selectComment = (snapshot: CancellationSnapshot) => snapshot.context.comment;
export const selectError = (snapshot: CancellationSnapshot) => snapshot.context.error;
export const selectNotice = (snapshot: CancellationSnapshot) => snapshot.context.notice;
export const selectIsBusy = (snapshot: CancellationSnapshot) => snapshot.hasTag('busy');
export const selectIsDone = (snapshot: CancellationSnapshot) => snapshot.hasTag('done');
