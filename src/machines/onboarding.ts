import * as v from 'valibot';
import { type ActorRefFrom, assertEvent, assign, type SnapshotFrom, setup } from 'xstate';
import {
  type OnboardingForm,
  onboardingFormSchema,
  type PendingOnboarding,
  type SignupCreateInput,
} from '../../contract/signup';
import { ONBOARDING_CHECK_FALLBACK, statusOf } from '../domain/messages';
import { signupRecordFailureText } from '../domain/signup-record-errors';
import { errorActions } from './feedback';
import { command, type PortIO, port, request } from './io';

/**
 * Onboarding [product: ONB, SIGNUP-15, SIGNUP-16]: the form creates the signup record (POST /api/signups), then the
 * session reloads the user and its flags; with onboarding done the app goes to /Dashboard, replacing the history
 * entry, else the onboarding-incomplete message shows. Its port is implemented by src/services/onboarding-io.ts and
 * provided by the composition root.
 */

export type OnboardingFormInput = v.InferInput<typeof onboardingFormSchema>;

export type OnboardingEvent = { type: 'form.submit' } & OnboardingFormInput;

export interface OnboardingContext {
  /** What the sign-up dialog left in session storage, to prefill the form [product: DATA-19]. */
  prefill: PendingOnboarding | null;
  error: string | null;
}

/** What the session knows once it has reloaded the user. */
export interface ReloadedFlags {
  onboardingRequired: boolean;
}

/** [product: MSG-SIGNUP-6] */
export const ONBOARDING_INCOMPLETE = 'We could not complete onboarding. Please try again.';
/** [product: MSG-ONB-1, ONB-9]: onboarding's own fallback for an error that says nothing. */
export const ONBOARDING_FAILED = 'Could not complete onboarding';

const formOf = (event: OnboardingEvent): OnboardingFormInput => {
  assertEvent(event, 'form.submit');
  const { type: _type, ...form } = event;
  return form;
};

const formProblem = (event: OnboardingEvent): string | null => {
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: equivalent, only the first issue is read, and valibot reports the same first issue without abortEarly (which only stops after it)
  const result = v.safeParse(onboardingFormSchema, formOf(event), { abortEarly: true });
  // Stryker disable next-line OptionalChaining: equivalent, a failed safeParse has at least one issue
  return result.success ? null : (result.issues[0]?.message ?? null);
};

/** The record the form creates [product: ONB-7]: normalized_email is the trimmed, lowercased address. */
export function signupCreateOf(form: OnboardingForm): SignupCreateInput {
  return { ...form, normalized_email: form.email };
}

/** What a failed create says [product: MSG-SIGNUP-3, MSG-SIGNUP-4, MSG-ONB-1, ONB-9]. */
function signupCreationFailureText(error: unknown): string {
  return signupRecordFailureText(error, {
    check: ONBOARDING_CHECK_FALLBACK,
    answered: ONBOARDING_FAILED,
    unanswered: ONBOARDING_FAILED,
  });
}

/** What onboarding asks of the product API, the tab's storage and the session (src/services/onboarding-io.ts). */
export const onboardingPort = port('onboarding', {
  readPendingOnboarding: request<() => Promise<PendingOnboarding | null>>(),
  createSignup: request<(signup: SignupCreateInput) => Promise<unknown>>(),
  /** Sends `session.reload` to the session and answers its flags once it has reloaded. */
  reloadSession: request<() => Promise<ReloadedFlags>>(),
  /** The pending onboarding item has served its purpose. */
  forgetPendingOnboarding: command<() => void>(),
  /** /Dashboard, replacing the history entry. */
  goToDashboard: command<() => void>(),
});
export type OnboardingIO = PortIO<typeof onboardingPort>;

export const onboardingMachine = setup({
  // Stryker disable next-line ObjectLiteral: equivalent, xstate's setup never reads `types` at run time (type-checking only)
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    tags: {} as 'preparing' | 'submitting',
  },
  actors: onboardingPort.actors,
  actions: {
    ...onboardingPort.actions,
    keepPrefill: assign((_, prefill: PendingOnboarding | null) => ({ prefill })),
    ...errorActions<OnboardingContext, OnboardingEvent>(),
  },
  guards: {
    isFormIncomplete: ({ event }) => formProblem(event) !== null,
    /** [product: MSG-SIGNUP-2]: the record exists already; nothing to say, nowhere to go. */
    isConflict: (_, params: { error: unknown }) => statusOf(params.error) === 409,
    isStillRequired: (_, flags: ReloadedFlags) => flags.onboardingRequired,
  },
}).createMachine({
  id: 'onboarding',
  context: { prefill: null, error: null },
  initial: 'prefilling',
  states: {
    prefilling: {
      tags: ['preparing'],
      invoke: {
        src: 'readPendingOnboarding',
        onDone: { target: 'editing', actions: { type: 'keepPrefill', params: ({ event }) => event.output } },
        // Storage may be blocked: the form starts empty.
        onError: { target: 'editing' },
      },
    },
    editing: {
      on: {
        'form.submit': [
          {
            guard: 'isFormIncomplete',
            actions: { type: 'showError', params: ({ event }) => ({ text: formProblem(event) ?? '' }) },
          },
          { target: 'creatingSignup' },
        ],
      },
    },
    creatingSignup: {
      tags: ['submitting'],
      entry: 'clearError',
      invoke: {
        src: 'createSignup',
        input: ({ event }) => signupCreateOf(v.parse(onboardingFormSchema, formOf(event))),
        onDone: { target: 'reloadingSession' },
        onError: [
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
          },
          {
            target: 'editing',
            actions: {
              type: 'showError',
              params: ({ event }) => ({ text: signupCreationFailureText(event.error) }),
            },
          },
        ],
      },
    },
    reloadingSession: {
      tags: ['submitting'],
      invoke: {
        src: 'reloadSession',
        onDone: [
          {
            guard: { type: 'isStillRequired', params: ({ event }) => event.output },
            target: 'editing',
            actions: { type: 'showError', params: { text: ONBOARDING_INCOMPLETE } },
          },
          { target: 'done' },
        ],
        onError: {
          target: 'editing',
          actions: { type: 'showError', params: { text: ONBOARDING_INCOMPLETE } },
        },
      },
    },
    // The page is on its way to /Dashboard: the button stays busy until it goes.
    done: {
      type: 'final',
      tags: ['submitting'],
      entry: ['forgetPendingOnboarding', 'goToDashboard'],
    },
  },
});

export type OnboardingMachine = typeof onboardingMachine;
export type OnboardingActorRef = ActorRefFrom<OnboardingMachine>;
export type OnboardingSnapshot = SnapshotFrom<OnboardingMachine>;

export const selectPrefill = (snapshot: OnboardingSnapshot) => snapshot.context.prefill;
export const selectIsPreparing = (snapshot: OnboardingSnapshot) => snapshot.hasTag('preparing');
export const selectError = (snapshot: OnboardingSnapshot) => snapshot.context.error;
export const selectIsSubmitting = (snapshot: OnboardingSnapshot) => snapshot.hasTag('submitting');
