import * as v from 'valibot';
import { type ActorRefFrom, assertEvent, assign, emit, type SnapshotFrom, setup } from 'xstate';
import { signInEmailSchema } from '../../contract/password';
import {
  type PendingOnboarding,
  type SignupForm,
  type SignupFormInput,
  signupFormSchema,
} from '../../contract/signup';
import {
  ALREADY_REGISTERED,
  errorMessage,
  FORM_CHECK_FALLBACK,
  isAlreadyConfirmedError,
  isAlreadyRegisteredError,
  signInFailureText,
} from '../domain/messages';
import { signupRecordFailureText, UNEXPECTED_ERROR } from '../domain/signup-record-errors';
import { feedbackActions } from './feedback';
import { command, type PortIO, port, request } from './io';

/**
 * The sign-up dialog [product: SIGNUP, MSG-SIGNUP-7, MSG-RESEND]: the form, the duplicate check, the auth-service
 * sign-up, then 'Verify your email' with a resend and 'I verified my email'. The signup record itself is created by
 * onboarding, once the address is verified (src/machines/onboarding.ts); the dialog only leaves the pending
 * onboarding item behind (`rememberPendingOnboarding`). Its port is implemented by src/services/signup-io.ts; the
 * view closes the dialog once the flow is `done`.
 */

export interface SignUpRequest {
  email: string;
  password: string;
  fullName: string;
  /** The dialog's choices, which travel with the new account (its user metadata) [issue 18 item 6]. */
  choices: PendingOnboarding;
}

/** What the auth service says about the new account. */
export interface SignUpResult {
  emailConfirmed: boolean;
}

export interface SignupContext {
  /** The form as the contract parsed it (e-mail trimmed and lowercased); null until a valid submit. */
  form: SignupForm | null;
  error: string | null;
  notice: string | null;
}

export type SignupEvent =
  | ({ type: 'form.submit' } & SignupFormInput)
  | { type: 'verification.resend' }
  /** 'I verified my email', with the address shown in the 'Verify your email' state (the visitor may correct it). */
  | { type: 'verification.confirmed'; email: string };

export const SIGNUP_FAILED = 'Sign up failed';
export const SIGNUP_SUBMIT_FAILED = 'Sorry, there was an error submitting your signup. Please try again.';
export const RESENT = 'Verification email resent. Please check your inbox.';
/** [product: MSG-RESEND-2]: the dialog's variant; the visitor proceeds with 'I verified my email'. */
export const ALREADY_VERIFIED_PROCEED = 'This email is already verified. You can proceed.';
export const RESEND_FAILED = 'Could not resend verification email';

const formOf = (event: SignupEvent): SignupFormInput => {
  assertEvent(event, 'form.submit');
  const { type: _type, ...form } = event;
  return form;
};

const formProblem = (event: SignupEvent): string | null => {
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: equivalent, only the first issue is read, and valibot reports the same first issue without abortEarly (which only stops after it)
  const result = v.safeParse(signupFormSchema, formOf(event), { abortEarly: true });
  // Stryker disable next-line OptionalChaining: equivalent, a failed safeParse has at least one issue
  return result.success ? null : (result.issues[0]?.message ?? null);
};

const verifiedEmailProblem = (event: SignupEvent): string | null => {
  assertEvent(event, 'verification.confirmed');
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: equivalent, only the first issue is read, and valibot reports the same first issue without abortEarly (which only stops after it)
  const result = v.safeParse(signInEmailSchema, event.email, { abortEarly: true });
  // Stryker disable next-line OptionalChaining: equivalent, a failed safeParse has at least one issue
  return result.success ? null : (result.issues[0]?.message ?? null);
};

/** The item onboarding prefills from [product: DATA-19]. */
export function pendingOnboardingOf(form: SignupForm): PendingOnboarding {
  return {
    plan: form.plan,
    interval: form.interval,
    name: form.fullName,
    company: form.company,
    company_size: form.companySize,
  };
}

const formIn = (context: SignupContext): SignupForm => {
  if (!context.form) throw new Error('The signup form is not known yet.');
  return context.form;
};

/** What the sign-up dialog asks of the product API, the auth service and the tab (src/services/signup-io.ts). */
export const signupPort = port('signup', {
  /** Whether a signup record exists for the address (GET /api/signups) [product: SIGNUP-10, SIGNUP-14]. */
  findSignup: request<(address: { email: string }) => Promise<boolean>>(),
  /**
   * The auth service's sign-up, with full_name metadata and the e-mail redirect to /Landing [product: AUTH-1], and
   * the dialog's choices in the metadata too, so onboarding in any tab or browser shows them.
   */
  signUp: request<(request: SignUpRequest) => Promise<SignUpResult>>(),
  resendConfirmation: request<(address: { email: string }) => Promise<void>>(),
  /** Password sign-in that refuses an unconfirmed address (signed out again, rejecting). */
  signIn: request<(credentials: { email: string; password: string }) => Promise<void>>(),
  /** Writes the pending onboarding item to session storage. */
  rememberPendingOnboarding: command<(item: PendingOnboarding) => void>(),
});
export type SignupIO = PortIO<typeof signupPort>;

export const signupMachine = setup({
  // Stryker disable next-line ObjectLiteral: equivalent, xstate's setup never reads `types` at run time (type-checking only)
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
    tags: {} as 'busy' | 'submitting' | 'verifying' | 'resending' | 'signingIn' | 'done',
    /** The view hears `done` when the flow's work is over (it closes the dialog, or reloads the page). */
    emitted: {} as { type: 'done' },
  },
  actors: signupPort.actors,
  actions: {
    emitDone: emit({ type: 'done' as const }),
    ...signupPort.actions,
    keepForm: assign(({ event }) => ({ form: v.parse(signupFormSchema, formOf(event)) })),
    ...feedbackActions<SignupContext, SignupEvent>(),
  },
  guards: {
    isFormIncomplete: ({ event }) => formProblem(event) !== null,
    isVerifiedEmailMissing: ({ event }) => verifiedEmailProblem(event) !== null,
    exists: (_, found: boolean) => found,
    isUnconfirmed: (_, result: SignUpResult) => !result.emailConfirmed,
    isAlreadyRegistered: (_, params: { error: unknown }) =>
      isAlreadyRegisteredError(errorMessage(params.error)),
    isAlreadyConfirmed: (_, params: { error: unknown }) =>
      isAlreadyConfirmedError(errorMessage(params.error)),
  },
}).createMachine({
  id: 'signup',
  context: { form: null, error: null, notice: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.submit': [
          {
            guard: 'isFormIncomplete',
            actions: {
              type: 'showError',
              params: ({ event }) => ({ text: formProblem(event) ?? '' }),
            },
          },
          { target: 'checkingDuplicate', actions: ['clearFeedback', 'keepForm'] },
        ],
      },
    },
    checkingDuplicate: {
      tags: ['busy', 'submitting'],
      invoke: {
        src: 'findSignup',
        input: ({ context }) => ({ email: formIn(context).email }),
        onDone: [
          {
            guard: { type: 'exists', params: ({ event }) => event.output },
            target: 'editing',
            actions: { type: 'showError', params: { text: ALREADY_REGISTERED } },
          },
          { target: 'signingUp' },
        ],
        onError: {
          target: 'editing',
          actions: {
            type: 'showError',
            params: ({ event }) => ({
              text: signupRecordFailureText(event.error, {
                check: FORM_CHECK_FALLBACK,
                answered: UNEXPECTED_ERROR,
                unanswered: SIGNUP_SUBMIT_FAILED,
              }),
            }),
          },
        },
      },
    },
    signingUp: {
      tags: ['busy', 'submitting'],
      invoke: {
        src: 'signUp',
        input: ({ context }) => {
          const form = formIn(context);
          return {
            email: form.email,
            password: form.password,
            fullName: form.fullName,
            choices: pendingOnboardingOf(form),
          };
        },
        onDone: [
          {
            guard: { type: 'isUnconfirmed', params: ({ event }) => event.output },
            target: 'resendingAfterSignUp',
            actions: {
              type: 'rememberPendingOnboarding',
              params: ({ context }) => pendingOnboardingOf(formIn(context)),
            },
          },
          {
            target: 'signedUp',
            actions: {
              type: 'rememberPendingOnboarding',
              params: ({ context }) => pendingOnboardingOf(formIn(context)),
            },
          },
        ],
        onError: [
          {
            guard: { type: 'isAlreadyRegistered', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'showError', params: { text: ALREADY_REGISTERED } },
          },
          {
            target: 'editing',
            actions: {
              type: 'showError',
              params: ({ event }) => ({ text: errorMessage(event.error) ?? SIGNUP_FAILED }),
            },
          },
        ],
      },
    },
    // [product: SIGNUP-12]: the address is unconfirmed, so the confirmation goes out again. Its outcome changes
    // nothing: the visitor can resend by hand from the next state.
    resendingAfterSignUp: {
      // The e-mail is on its way again: 'Resend email' shows it is at work.
      tags: ['busy', 'verifying', 'resending'],
      invoke: {
        src: 'resendConfirmation',
        input: ({ context }) => ({ email: formIn(context).email }),
        onDone: { target: 'awaitingVerification' },
        onError: { target: 'awaitingVerification' },
      },
    },
    awaitingVerification: {
      tags: ['verifying'],
      on: {
        'verification.resend': { target: 'resending' },
        'verification.confirmed': [
          {
            guard: 'isVerifiedEmailMissing',
            actions: {
              type: 'showError',
              params: ({ event }) => ({ text: verifiedEmailProblem(event) ?? '' }),
            },
          },
          { target: 'signingIn' },
        ],
      },
    },
    resending: {
      tags: ['busy', 'verifying', 'resending'],
      entry: 'clearFeedback',
      invoke: {
        src: 'resendConfirmation',
        input: ({ context }) => ({ email: formIn(context).email }),
        onDone: { target: 'awaitingVerification', actions: { type: 'showNotice', params: { text: RESENT } } },
        onError: [
          {
            guard: { type: 'isAlreadyConfirmed', params: ({ event }) => ({ error: event.error }) },
            target: 'awaitingVerification',
            actions: { type: 'showNotice', params: { text: ALREADY_VERIFIED_PROCEED } },
          },
          {
            target: 'awaitingVerification',
            actions: { type: 'showError', params: { text: RESEND_FAILED } },
          },
        ],
      },
    },
    signingIn: {
      tags: ['busy', 'verifying', 'signingIn'],
      entry: 'clearFeedback',
      invoke: {
        src: 'signIn',
        input: ({ context, event }) => {
          assertEvent(event, 'verification.confirmed');
          return { email: v.parse(signInEmailSchema, event.email), password: formIn(context).password };
        },
        onDone: { target: 'signedUp' },
        onError: {
          target: 'awaitingVerification',
          actions: {
            type: 'showError',
            params: ({ event }) => ({ text: signInFailureText(errorMessage(event.error)) }),
          },
        },
      },
    },
    // Signed in after verifying: the dialog's work is done; its view closes it.
    signedUp: {
      type: 'final',
      tags: ['done'],
      entry: 'emitDone',
    },
  },
});

export type SignupMachine = typeof signupMachine;
export type SignupActorRef = ActorRefFrom<SignupMachine>;
export type SignupSnapshot = SnapshotFrom<SignupMachine>;

export const selectError = (snapshot: SignupSnapshot) => snapshot.context.error;
export const selectNotice = (snapshot: SignupSnapshot) => snapshot.context.notice;
export const selectSentEmail = (snapshot: SignupSnapshot) => snapshot.context.form?.email ?? '';
export const selectIsBusy = (snapshot: SignupSnapshot) => snapshot.hasTag('busy');
export const selectIsSubmitting = (snapshot: SignupSnapshot) => snapshot.hasTag('submitting');
export const selectIsVerifying = (snapshot: SignupSnapshot) => snapshot.hasTag('verifying');
export const selectIsResending = (snapshot: SignupSnapshot) => snapshot.hasTag('resending');
export const selectIsSigningIn = (snapshot: SignupSnapshot) => snapshot.hasTag('signingIn');
export const selectIsDone = (snapshot: SignupSnapshot) => snapshot.hasTag('done');
