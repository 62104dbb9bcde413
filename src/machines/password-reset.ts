import * as v from 'valibot';
import { type ActorRefFrom, assertEvent, assign, type SnapshotFrom, setup } from 'xstate';
import { type ResetForm, resetFormSchema } from '../../contract/password';
import { errorMessage } from '../domain/messages';
import { feedbackActions } from './feedback';
import { command, type PortIO, port, request } from './io';

/**
 * The Reset page [product: RESET, MSG-RESET-3]: it picks up the auth-service session the e-mailed link carries
 * (tokens in the fragment, or a PKCE code in the query), cleans the address 300 ms later, then sets the new
 * password; on success it says so, asks the session to reload the current user and goes to /Landing after 1.2 s.
 * Its port is implemented by src/services/password-reset-io.ts and provided by the composition root.
 */

export interface PasswordResetInput {
  /** The page's address when it opened, with the link's tokens or code. */
  href: string;
}

export interface PickedUpSession {
  hasSession: boolean;
}

export interface PasswordResetContext {
  href: string;
  hasSession: boolean;
  error: string | null;
  notice: string | null;
}

export type PasswordResetEvent = { type: 'form.submit'; password: string; confirmPassword: string };

/** [product: RESET-6] */
export const AUTH_SESSION_MISSING =
  'Auth session missing. Please open the link from your email again, or request a new reset email.';
/** [product: MSG-RESET-3] */
export const RESET_FAILED = 'Could not reset password.';
/** [product: RESET-4, RESET-8] */
export const PASSWORD_UPDATED = 'Your password has been updated.';

/** [product: LIMIT-13, RESET-3] */
export const ADDRESS_CLEANUP_MS = 300;
/** [product: LIMIT-12, RESET-4] */
export const RESET_REDIRECT_MS = 1200;

const formOf = (event: PasswordResetEvent) => {
  assertEvent(event, 'form.submit');
  return { password: event.password, confirmPassword: event.confirmPassword };
};

const formProblem = (event: PasswordResetEvent): string | null => {
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: equivalent, only the first issue is read, and valibot reports the same first issue without abortEarly (which only stops after it)
  const result = v.safeParse(resetFormSchema, formOf(event), { abortEarly: true });
  // Stryker disable next-line OptionalChaining: equivalent, a failed safeParse has at least one issue
  return result.success ? null : (result.issues[0]?.message ?? null);
};

/** supabase-js says 'Auth session missing!' (AuthSessionMissingError) when there is no session to update. */
const isSessionMissing = (error: unknown) =>
  (typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    error.name === 'AuthSessionMissingError') ||
  // Stryker disable next-line StringLiteral: equivalent, the fallback only stands for a message-less error, and any text without 'session missing' tests the same
  /session missing/i.test(errorMessage(error) ?? '');

/** What the Reset page asks of the auth service and the app (src/services/password-reset-io.ts). */
export const passwordResetPort = port('passwordReset', {
  /** Reads the link's tokens or code into an auth-service session [product: RESET-2]. */
  pickUpSession: request<(link: { href: string }) => Promise<PickedUpSession>>(),
  updatePassword: request<(form: Pick<ResetForm, 'password'>) => Promise<void>>(),
  /** Removes the link's tokens from the address bar and history. */
  cleanAddress: command<() => void>(),
  /** Asks the session to reload the current user [product: RESET-7]. */
  refreshUser: command<() => void>(),
  goToLanding: command<() => void>(),
});
export type PasswordResetIO = PortIO<typeof passwordResetPort>;

export const passwordResetMachine = setup({
  // Stryker disable next-line ObjectLiteral: equivalent, xstate's setup never reads `types` at run time (type-checking only)
  types: {
    context: {} as PasswordResetContext,
    input: {} as PasswordResetInput,
    events: {} as PasswordResetEvent,
    tags: {} as 'busy' | 'preparing' | 'updating' | 'succeeded',
  },
  actors: passwordResetPort.actors,
  actions: {
    ...passwordResetPort.actions,
    keepSession: assign((_, picked: PickedUpSession) => ({ hasSession: picked.hasSession })),
    ...feedbackActions<PasswordResetContext, PasswordResetEvent>(),
  },
  guards: {
    isFormIncomplete: ({ event }) => formProblem(event) !== null,
    hasNoSession: ({ context }) => !context.hasSession,
    isSessionMissing: (_, params: { error: unknown }) => isSessionMissing(params.error),
  },
  delays: {
    addressCleanup: ADDRESS_CLEANUP_MS,
    resetRedirect: RESET_REDIRECT_MS,
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({ href: input.href, hasSession: false, error: null, notice: null }),
  initial: 'pickingUpSession',
  states: {
    pickingUpSession: {
      tags: ['busy', 'preparing'],
      invoke: {
        src: 'pickUpSession',
        input: ({ context }) => ({ href: context.href }),
        onDone: {
          target: 'ready',
          actions: { type: 'keepSession', params: ({ event }) => event.output },
        },
        // An expired or used link: the page stays, and says what the auth service said.
        onError: {
          target: 'ready',
          actions: {
            type: 'showError',
            params: ({ event }) => ({ text: errorMessage(event.error) ?? AUTH_SESSION_MISSING }),
          },
        },
      },
    },
    // The address still carries the link's secrets; they go 300 ms after the session is read [product: RESET-3].
    ready: {
      initial: 'editing',
      after: { addressCleanup: { actions: 'cleanAddress' } },
      states: {
        editing: {
          on: {
            'form.submit': [
              {
                guard: 'isFormIncomplete',
                actions: { type: 'showError', params: ({ event }) => ({ text: formProblem(event) ?? '' }) },
              },
              {
                guard: 'hasNoSession',
                actions: { type: 'showError', params: { text: AUTH_SESSION_MISSING } },
              },
              { target: 'updatingPassword' },
            ],
          },
        },
        updatingPassword: {
          tags: ['busy', 'updating'],
          entry: 'clearFeedback',
          invoke: {
            src: 'updatePassword',
            input: ({ event }) => ({ password: v.parse(resetFormSchema, formOf(event)).password }),
            onDone: { target: '#passwordReset.succeeded' },
            onError: [
              {
                guard: { type: 'isSessionMissing', params: ({ event }) => ({ error: event.error }) },
                target: 'editing',
                actions: { type: 'showError', params: { text: AUTH_SESSION_MISSING } },
              },
              {
                target: 'editing',
                actions: {
                  type: 'showError',
                  params: ({ event }) => ({ text: errorMessage(event.error) ?? RESET_FAILED }),
                },
              },
            ],
          },
        },
      },
    },
    succeeded: {
      tags: ['busy', 'succeeded'],
      entry: [{ type: 'showNotice', params: { text: PASSWORD_UPDATED } }, 'refreshUser'],
      after: { resetRedirect: { target: 'left' } },
    },
    left: {
      type: 'final',
      tags: ['busy', 'succeeded'],
      entry: 'goToLanding',
    },
  },
});

export type PasswordResetMachine = typeof passwordResetMachine;
export type PasswordResetActorRef = ActorRefFrom<PasswordResetMachine>;
export type PasswordResetSnapshot = SnapshotFrom<PasswordResetMachine>;

export const selectError = (snapshot: PasswordResetSnapshot) => snapshot.context.error;
export const selectNotice = (snapshot: PasswordResetSnapshot) => snapshot.context.notice;
export const selectIsBusy = (snapshot: PasswordResetSnapshot) => snapshot.hasTag('busy');
export const selectIsUpdating = (snapshot: PasswordResetSnapshot) => snapshot.hasTag('updating');
