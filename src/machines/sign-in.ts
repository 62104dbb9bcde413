import * as v from 'valibot';
import { type ActorRefFrom, assertEvent, assign, emit, type SnapshotFrom, setup } from 'xstate';
import { emailOnlyFormSchema, signInFormSchema } from '../../contract/password';
import {
  EMAIL_NOT_CONFIRMED,
  errorMessage,
  googleSignInFailureText,
  isAlreadyConfirmedError,
  otherSignedInAccount,
  signedInAsOtherText,
  signInFailureText,
} from '../domain/messages';
import { feedbackActions } from './feedback';
import { command, type PortIO, port, request } from './io';

/**
 * The sign-in dialog [product: SIGNIN, MSG-SIGNIN]: password sign-in, Google sign-in, the password-reset e-mail and
 * the resend of the sign-up confirmation. A successful sign-in only closes the dialog: supabase-js then reports
 * SIGNED_IN and the session machine trades the token for a server session. Its port is implemented by
 * src/services/sign-in-io.ts; the view closes the dialog when the flow is `done`.
 */

export interface Credentials {
  email: string;
  password: string;
}

/** What a successful password sign-in reports about the account. */
export interface PasswordSignIn {
  emailConfirmed: boolean;
}

/**
 * How starting Google sign-in went. The auth service may refuse (supabase-js answers `{ error }`); that is told apart
 * from failing to reach it (the actor rejects), because the product words the two differently [product: MSG-SIGNIN-5].
 */
export type GoogleSignInStart = { refused: false } | { refused: true; message: string | null };

export interface SignInInput {
  /** The address of whoever is signed in already; null for a visitor. */
  signedInEmail: string | null;
}

export interface SignInContext {
  signedInEmail: string | null;
  /** What went wrong with the last attempt; cleared when the next one starts. */
  error: string | null;
  /** Good news about the last request (e-mail sent); cleared like `error`. */
  notice: string | null;
}

export type SignInEvent =
  | ({ type: 'form.submit' } & Credentials)
  | { type: 'google.start' }
  | { type: 'passwordReset.request'; email: string }
  | { type: 'confirmation.resend'; email: string };

const credentialsOf = (event: SignInEvent): Credentials => {
  assertEvent(event, 'form.submit');
  return { email: event.email, password: event.password };
};

const addressOf = (event: SignInEvent) => {
  assertEvent(event, ['passwordReset.request', 'confirmation.resend']);
  return { email: event.email };
};

/**
 * What is wrong with what the visitor typed for this request (the contract's first message, e-mail before
 * password), or null when it can go ahead.
 */
function problemOf(context: SignInContext, event: SignInEvent): string | null {
  if (event.type === 'form.submit') {
    const signedIn = otherSignedInAccount(context.signedInEmail, event.email);
    if (signedIn !== null) return signedInAsOtherText(signedIn, event.email.trim().toLowerCase());
  }
  const result =
    event.type === 'form.submit'
      ? // Stryker disable next-line ObjectLiteral,BooleanLiteral: equivalent, only the first issue is read, and valibot reports the same first issue without abortEarly (which only stops after it)
        v.safeParse(signInFormSchema, credentialsOf(event), { abortEarly: true })
      : // Stryker disable next-line ObjectLiteral,BooleanLiteral: equivalent, only the first issue is read, and valibot reports the same first issue without abortEarly (which only stops after it)
        v.safeParse(emailOnlyFormSchema, addressOf(event), { abortEarly: true });
  // Stryker disable next-line OptionalChaining: equivalent, a failed safeParse has at least one issue
  return result.success ? null : (result.issues[0]?.message ?? null);
}

/** What the sign-in dialog asks of the auth service (src/services/sign-in-io.ts). */
export const signInPort = port('signIn', {
  signInWithPassword: request<(credentials: Credentials) => Promise<PasswordSignIn>>(),
  /** Auth-service sign-out; the session machine hears SIGNED_OUT and ends the server session itself. */
  signOut: request<() => Promise<void>>(),
  /** Resolves once the browser is on its way to Google (or the auth service refused). */
  startGoogleSignIn: request<() => Promise<GoogleSignInStart>>(),
  requestPasswordReset: request<(address: { email: string }) => Promise<void>>(),
  resendConfirmation: request<(address: { email: string }) => Promise<void>>(),
  /** Starts loading the auth-service client while the visitor types. */
  prepareAuthService: command<() => void>(),
});
export type SignInIO = PortIO<typeof signInPort>;

export const signInMachine = setup({
  // Stryker disable next-line ObjectLiteral: equivalent, xstate's setup never reads `types` at run time (type-checking only)
  types: {
    context: {} as SignInContext,
    input: {} as SignInInput,
    events: {} as SignInEvent,
    tags: {} as 'busy' | 'signingIn' | 'goingToGoogle' | 'requestingReset' | 'resending' | 'done',
    /** The view hears `done` when the flow's work is over (it closes the dialog, or reloads the page). */
    emitted: {} as { type: 'done' },
  },
  actors: signInPort.actors,
  actions: {
    emitDone: emit({ type: 'done' as const }),
    ...signInPort.actions,
    ...feedbackActions<SignInContext, SignInEvent>(),
    showProblem: assign(({ context, event }) => ({ error: problemOf(context, event), notice: null })),
  },
  guards: {
    isIncomplete: ({ context, event }) => problemOf(context, event) !== null,
    isUnconfirmed: (_, signIn: PasswordSignIn) => !signIn.emailConfirmed,
    wasRefused: (_, start: GoogleSignInStart) => start.refused,
    isAlreadyConfirmed: (_, params: { error: unknown }) =>
      isAlreadyConfirmedError(errorMessage(params.error)),
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({ signedInEmail: input.signedInEmail, error: null, notice: null }),
  entry: 'prepareAuthService',
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.submit': [{ guard: 'isIncomplete', actions: 'showProblem' }, { target: 'signingIn' }],
        'google.start': { target: 'startingGoogle' },
        'passwordReset.request': [
          { guard: 'isIncomplete', actions: 'showProblem' },
          { target: 'requestingReset' },
        ],
        'confirmation.resend': [
          { guard: 'isIncomplete', actions: 'showProblem' },
          { target: 'resendingConfirmation' },
        ],
      },
    },
    signingIn: {
      tags: ['busy', 'signingIn'],
      entry: 'clearFeedback',
      invoke: {
        src: 'signInWithPassword',
        input: ({ event }) => v.parse(signInFormSchema, credentialsOf(event)),
        onDone: [
          {
            guard: { type: 'isUnconfirmed', params: ({ event }) => event.output },
            target: 'discardingUnconfirmed',
          },
          { target: 'signedIn' },
        ],
        onError: {
          target: 'editing',
          actions: {
            type: 'showError',
            params: ({ event }) => ({ text: signInFailureText(errorMessage(event.error)) }),
          },
        },
      },
    },
    // An unconfirmed address must not stay signed in [product: SIGNIN-6]; the outcome of the sign-out changes nothing.
    discardingUnconfirmed: {
      tags: ['busy', 'signingIn'],
      invoke: {
        src: 'signOut',
        onDone: { target: 'editing', actions: { type: 'showError', params: { text: EMAIL_NOT_CONFIRMED } } },
        onError: { target: 'editing', actions: { type: 'showError', params: { text: EMAIL_NOT_CONFIRMED } } },
      },
    },
    // The dialog's work is done; its view closes it.
    signedIn: {
      type: 'final',
      tags: ['done'],
      entry: 'emitDone',
    },
    startingGoogle: {
      tags: ['busy', 'goingToGoogle'],
      entry: 'clearFeedback',
      invoke: {
        src: 'startGoogleSignIn',
        onDone: [
          {
            guard: { type: 'wasRefused', params: ({ event }) => event.output },
            target: 'editing',
            actions: {
              type: 'showError',
              params: ({ event }) => ({
                text: googleSignInFailureText(event.output.refused ? event.output.message : null, true),
              }),
            },
          },
          { target: 'leavingForGoogle' },
        ],
        onError: {
          target: 'editing',
          actions: {
            type: 'showError',
            params: ({ event }) => ({ text: googleSignInFailureText(errorMessage(event.error), false) }),
          },
        },
      },
    },
    // The browser is navigating to Google's account chooser; the dialog stays busy until the page goes.
    leavingForGoogle: {
      type: 'final',
      tags: ['busy', 'goingToGoogle'],
    },
    requestingReset: {
      tags: ['busy', 'requestingReset'],
      entry: 'clearFeedback',
      invoke: {
        src: 'requestPasswordReset',
        input: ({ event }) => v.parse(emailOnlyFormSchema, addressOf(event)),
        onDone: {
          target: 'editing',
          actions: { type: 'showNotice', params: { text: 'Password reset email sent. Check your inbox.' } },
        },
        onError: {
          target: 'editing',
          actions: { type: 'showError', params: { text: 'Could not send reset email' } },
        },
      },
    },
    resendingConfirmation: {
      tags: ['busy', 'resending'],
      entry: 'clearFeedback',
      invoke: {
        src: 'resendConfirmation',
        input: ({ event }) => v.parse(emailOnlyFormSchema, addressOf(event)),
        onDone: {
          target: 'editing',
          actions: {
            type: 'showNotice',
            params: { text: 'Verification email resent. Please check your inbox.' },
          },
        },
        onError: [
          {
            guard: { type: 'isAlreadyConfirmed', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: {
              type: 'showNotice',
              params: { text: 'This email is already verified. You can sign in now.' },
            },
          },
          {
            target: 'editing',
            actions: { type: 'showError', params: { text: 'Could not resend verification email' } },
          },
        ],
      },
    },
  },
});

export type SignInMachine = typeof signInMachine;
export type SignInActorRef = ActorRefFrom<SignInMachine>;
export type SignInSnapshot = SnapshotFrom<SignInMachine>;

/** Narrow selectors for the view: one value each. */
export const selectError = (snapshot: SignInSnapshot) => snapshot.context.error;
export const selectNotice = (snapshot: SignInSnapshot) => snapshot.context.notice;
export const selectIsBusy = (snapshot: SignInSnapshot) => snapshot.hasTag('busy');
export const selectIsSigningIn = (snapshot: SignInSnapshot) => snapshot.hasTag('signingIn');
export const selectIsGoingToGoogle = (snapshot: SignInSnapshot) => snapshot.hasTag('goingToGoogle');
export const selectIsRequestingReset = (snapshot: SignInSnapshot) => snapshot.hasTag('requestingReset');
export const selectIsResending = (snapshot: SignInSnapshot) => snapshot.hasTag('resending');
export const selectIsDone = (snapshot: SignInSnapshot) => snapshot.hasTag('done');
