import * as v from 'valibot';
import { type ActorRefFrom, assertEvent, assign, raise, type SnapshotFrom, setup } from 'xstate';
import { validationMessages } from '../../contract/messages';
import {
  type RefundForm,
  type RefundRequestInput,
  type RefundResponse,
  type RefundReversal,
  refundFormSchema,
  refundRequestFromForm,
} from '../../contract/refund';
import { REAUTHENTICATION_REQUIRED_MESSAGE } from '../../contract/session';
import {
  errorMessage,
  REFUND_ALREADY_PROCESSED,
  REFUND_FAILED,
  REFUND_PROCESSED,
  REFUND_REAUTHENTICATION_FAILED,
} from '../domain/messages';
import { errorActions } from './feedback';
import { type PortIO, port, request } from './io';

/**
 * The AdminRefunds page [product: REFUND, MSG-REFUND]: the reversal form (idle, processing, then processed, already
 * processed or failed) beside the read-only list of recent reversals, which is reloaded after each new one. The
 * admin check happens before: the route shows 'Checking admin access...' and sends anyone else to Landing
 * (src/routes/router.tsx); the server checks the role again on every call.
 *
 * A reversal moves money, so the server wants a recent sign-in (step-up [product: REFUND-16]): when it answers
 * that the admin's sign-in is older than 5 minutes, the form asks for the password again (confirmingIdentity),
 * confirms it with the auth service and the server (reauthenticating), and then sends the same reversal again.
 */

export interface RefundContext {
  /** What is wrong with the typed id (the contract's text), shown at the field; null when nothing is. */
  problem: string | null;
  /** The server's text for the last failed request, or REFUND_FAILED. */
  error: string | null;
  reversals: RefundReversal[];
  /** The reversal being asked for, kept while the password is asked again so it can be sent once confirmed. */
  request: RefundRequestInput | null;
  /** What is wrong with the password typed again (missing, refused), shown at its field; null when nothing is. */
  identityProblem: string | null;
}

export type RefundEvent =
  | { type: 'reversal.submit'; id: string; notes: string }
  /** The list's 'Refresh' button; also raised after each new reversal. */
  | { type: 'reversals.reload' }
  /** The password typed again when the server wants a recent sign-in. */
  | { type: 'identity.confirm'; password: string }
  /** 'Cancel' beside the password: the reversal is not sent. */
  | { type: 'identity.cancel' };

const typedOf = (event: RefundEvent) => {
  assertEvent(event, 'reversal.submit');
  return { id: event.id, notes: event.notes };
};

const formOf = (event: RefundEvent): RefundForm => v.parse(refundFormSchema, typedOf(event));

const problemOf = (event: RefundEvent): string | null => {
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: equivalent, only the first issue is read, and valibot reports the same first issue without abortEarly (which only stops after it)
  const result = v.safeParse(refundFormSchema, typedOf(event), { abortEarly: true });
  // Stryker disable next-line OptionalChaining: equivalent, a failed safeParse has at least one issue
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
  /**
   * The admin's password again: signed in with it at the auth service on the side (the page's own sign-in is left
   * as it is), and that proof handed to the server (POST /auth/step-up). Rejects with what went wrong.
   */
  confirmIdentity: request<(input: { password: string }) => Promise<void>>(),
});
export type RefundIO = PortIO<typeof refundPort>;

/** Typed again from the result states: a new reversal may start from any of them. */
const submit = {
  'reversal.submit': [
    { guard: 'isIncomplete', target: '#refund.reversal.idle', actions: 'showProblem' },
    { target: '#refund.reversal.processing', actions: 'keepRequest' },
  ],
} as const;

const passwordOf = (event: RefundEvent) => {
  assertEvent(event, 'identity.confirm');
  return event.password;
};

export const refundMachine = setup({
  // Stryker disable next-line ObjectLiteral: equivalent, xstate's setup never reads `types` at run time (type-checking only)
  types: {
    context: {} as RefundContext,
    events: {} as RefundEvent,
    tags: {} as
      | 'processing'
      | 'processed'
      | 'alreadyProcessed'
      | 'failed'
      | 'loadingReversals'
      | 'confirmingIdentity'
      | 'reauthenticating',
  },
  actors: refundPort.actors,
  actions: {
    showProblem: assign(({ event }) => ({ problem: problemOf(event), error: null })),
    clearFeedback: assign({ problem: null, error: null, identityProblem: null }),
    keepRequest: assign({ request: ({ event }) => refundRequestFromForm(formOf(event)) }),
    forgetRequest: assign({ request: null, error: null, identityProblem: null }),
    showPasswordMissing: assign({ identityProblem: validationMessages.passwordRequired }),
    clearIdentityProblem: assign({ identityProblem: null }),
    /** What the auth service or the server said about the password, at its field [product: MSG-REFUND-5]. */
    showIdentityProblem: assign((_, params: { error: unknown }) => ({
      identityProblem: errorMessage(params.error) ?? REFUND_REAUTHENTICATION_FAILED,
    })),
    ...errorActions<RefundContext, RefundEvent>(),
    reloadReversals: raise({ type: 'reversals.reload' }),
  },
  guards: {
    isIncomplete: ({ event }) => problemOf(event) !== null,
    wasAlreadyProcessed: (_, answer: RefundResponse) => answer.alreadyProcessed,
    wasProcessed: (_, answer: RefundResponse) => answer.processed,
    needsRecentSignIn: (_, answer: RefundResponse) => answer.reauthenticate === true,
    isPasswordMissing: ({ event }) => passwordOf(event) === '',
  },
}).createMachine({
  id: 'refund',
  type: 'parallel',
  context: { problem: null, error: null, reversals: [], request: null, identityProblem: null },
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
            input: ({ context }) => {
              // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, processing is entered only with a request kept (a valid submit, or the step-up that keeps it)
              if (!context.request) throw new Error('No reversal to send.');
              return context.request;
            },
            onDone: [
              {
                guard: { type: 'needsRecentSignIn', params: ({ event }) => event.output },
                target: 'confirmingIdentity',
                actions: {
                  type: 'showError',
                  params: ({ event }) => ({ text: event.output.error || REAUTHENTICATION_REQUIRED_MESSAGE }),
                },
              },
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
        // The server wants the password again; the reversal waits in `request` [product: REFUND-16, MSG-REFUND-4].
        confirmingIdentity: {
          tags: ['confirmingIdentity'],
          on: {
            ...submit,
            'identity.confirm': [
              { guard: 'isPasswordMissing', target: 'confirmingIdentity', actions: 'showPasswordMissing' },
              { target: 'reauthenticating' },
            ],
            'identity.cancel': { target: 'idle', actions: 'forgetRequest' },
          },
        },
        reauthenticating: {
          tags: ['confirmingIdentity', 'reauthenticating'],
          entry: 'clearIdentityProblem',
          invoke: {
            src: 'confirmIdentity',
            input: ({ event }) => ({ password: passwordOf(event) }),
            onDone: { target: 'processing' },
            // The reversal still waits.
            onError: {
              target: 'confirmingIdentity',
              actions: { type: 'showIdentityProblem', params: ({ event }) => ({ error: event.error }) },
            },
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
/** The password prompt of the step-up: why it is asked (the server's words) and what is wrong with what was typed. */
export function selectIdentityPrompt(
  snapshot: RefundSnapshot,
): { reason: string; problem: string | null; confirming: boolean } | null {
  if (!snapshot.hasTag('confirmingIdentity')) return null;
  return {
    reason: snapshot.context.error ?? REAUTHENTICATION_REQUIRED_MESSAGE,
    problem: snapshot.context.identityProblem,
    confirming: snapshot.hasTag('reauthenticating'),
  };
}
export const selectProblem = (snapshot: RefundSnapshot) => snapshot.context.problem;
export const selectReversals = (snapshot: RefundSnapshot) => snapshot.context.reversals;
export const selectIsLoadingReversals = (snapshot: RefundSnapshot) => snapshot.hasTag('loadingReversals');
export const selectReversalsUnavailable = (snapshot: RefundSnapshot) =>
  snapshot.matches({ recent: 'unavailable' });

/** The outcome line under the form [product: MSG-REFUND]: green for done, red for failed, nothing otherwise. */
export function selectOutcome(snapshot: RefundSnapshot): { tone: 'success' | 'error'; text: string } | null {
  if (snapshot.hasTag('processed')) return { tone: 'success', text: REFUND_PROCESSED };
  if (snapshot.hasTag('alreadyProcessed')) return { tone: 'success', text: REFUND_ALREADY_PROCESSED };
  if (snapshot.hasTag('failed'))
    // Stryker disable next-line StringLiteral: equivalent, the page tells 'success' from every other tone only (red, an alert)
    return { tone: 'error', text: snapshot.context.error ?? REFUND_FAILED };
  return null;
}
