import { expect } from 'vitest';
import { type SignInEvent, type SignInSnapshot, signInMachine } from '../../src/machines/signIn';
import { describeModel, type StepObservation } from './harness';

type Observation = StepObservation<SignInSnapshot>;

/** What the visitor typed, and what the dialog must answer for it before anything is sent. */
const typed = {
  valid: { email: '  Casey@Example.com ', password: 'Customer123!' },
  noEmail: { email: '', password: 'Customer123!' },
  badEmail: { email: 'casey', password: 'Customer123!' },
  noPassword: { email: 'casey@example.com', password: '' },
};
const problems = new Map<string, string>([
  ['', 'Please enter your email to sign in.'],
  ['casey', 'Please enter a valid email address.'],
  ['casey@example.com', 'Please enter your password.'],
]);
/** The address as the auth service receives it: trimmed and lowercased by the contract. */
const SENT_EMAIL = 'casey@example.com';

const wrongPassword = new Error('Invalid login credentials');
const notConfirmed = new Error('Email not confirmed');
/** A failure without a message of its own: the machine must fall back to its own wording. */
const silentFailure = { status: 500 };
const alreadyConfirmed = new Error('Email address already confirmed');
const rateLimited = new Error('For security purposes, you can only request this after 60 seconds.');

const EMAIL_NOT_CONFIRMED = 'Email not confirmed. Please verify your email before signing in.';

function expectBusyWithNothingShown({ snapshot }: Observation) {
  expect(snapshot.hasTag('busy')).toBe(true);
  expect(snapshot.context).toEqual({ signedInEmail: null, error: null, notice: null });
}

function expectOnlyInput({ stepEffects }: Observation, actor: string, input: unknown) {
  expect(stepEffects.invocations(actor).map((call) => call.input)).toEqual([input]);
}

describeModel(signInMachine, {
  input: { signedInEmail: null },
  events: [
    { type: 'form.submit', ...typed.valid },
    { type: 'form.submit', ...typed.noEmail },
    { type: 'form.submit', ...typed.badEmail },
    { type: 'form.submit', ...typed.noPassword },
    { type: 'passwordReset.request', email: ' Casey@example.com' },
    { type: 'passwordReset.request', email: '' },
    { type: 'confirmation.resend', email: 'casey@example.com ' },
    { type: 'confirmation.resend', email: '   ' },
  ],
  actors: {
    signInWithPassword: {
      outputs: [{ emailConfirmed: true }, { emailConfirmed: false }],
      errors: [wrongPassword, notConfirmed, silentFailure],
    },
    signOut: { outputs: [undefined], errors: [new Error('Network down')] },
    startGoogleSignIn: {
      outputs: [
        { refused: false },
        { refused: true, message: 'Unsupported provider: provider is not enabled' },
        { refused: true, message: null },
      ],
      errors: [new TypeError('Failed to fetch'), silentFailure],
    },
    requestPasswordReset: { outputs: [undefined], errors: [rateLimited] },
    resendConfirmation: { outputs: [undefined], errors: [alreadyConfirmed, rateLimited] },
  },

  states: {
    editing: ({ snapshot }) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      // At most one message at a time: a new outcome replaces the last.
      expect(snapshot.context.error === null || snapshot.context.notice === null).toBe(true);
    },
    signingIn: expectBusyWithNothingShown,
    discardingUnconfirmed: (observation) => {
      expectBusyWithNothingShown(observation);
      expect(observation.effects.invocations('signOut')).toHaveLength(1);
    },
    signedIn: ({ snapshot, effects }) => {
      expect(snapshot.status).toBe('done');
      expect(effects.actionNames().filter((name) => name === 'closeDialog')).toHaveLength(1);
      expect(effects.invocations('signOut')).toEqual([]);
    },
    startingGoogle: expectBusyWithNothingShown,
    leavingForGoogle: ({ snapshot, effects }) => {
      // The page is leaving for Google: the dialog stays busy and does not close itself.
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.status).toBe('done');
      expect(effects.actionNames()).not.toContain('closeDialog');
    },
    requestingReset: expectBusyWithNothingShown,
    resendingConfirmation: expectBusyWithNothingShown,
  },

  afterStep: {
    init: ({ snapshot, stepEffects }) => {
      expect(snapshot.matches('editing')).toBe(true);
      expect(snapshot.context).toEqual({ signedInEmail: null, error: null, notice: null });
      // The auth-service client starts loading as soon as the dialog opens.
      expect(stepEffects.actionNames()).toEqual(['prepareAuthService']);
    },
    'form.submit': (observation) => {
      const { snapshot, previous, stepEffects } = observation;
      const event = observation.event as Extract<SignInEvent, { type: 'form.submit' }>;
      const problem = problems.get(event.email);
      if (problem) {
        // Nothing is sent; the first problem, e-mail before password, is shown.
        expect(snapshot.matches('editing')).toBe(true);
        expect(snapshot.context).toEqual({ signedInEmail: null, error: problem, notice: null });
        expect(stepEffects.entries).toEqual([]);
      } else {
        expect(previous?.matches('editing')).toBe(true);
        expect(snapshot.matches('signingIn')).toBe(true);
        expectOnlyInput(observation, 'signInWithPassword', {
          email: SENT_EMAIL,
          password: typed.valid.password,
        });
      }
    },
    'passwordReset.request': (observation) => {
      const { snapshot } = observation;
      if (snapshot.matches('editing')) {
        expect(snapshot.context).toEqual({
          signedInEmail: null,
          error: 'Please enter your email.',
          notice: null,
        });
        expect(observation.stepEffects.entries).toEqual([]);
      } else {
        expect(snapshot.matches('requestingReset')).toBe(true);
        expectOnlyInput(observation, 'requestPasswordReset', { email: SENT_EMAIL });
      }
    },
    'confirmation.resend': (observation) => {
      const { snapshot } = observation;
      if (snapshot.matches('editing')) {
        expect(snapshot.context).toEqual({
          signedInEmail: null,
          error: 'Please enter your email.',
          notice: null,
        });
        expect(observation.stepEffects.entries).toEqual([]);
      } else {
        expect(snapshot.matches('resendingConfirmation')).toBe(true);
        expectOnlyInput(observation, 'resendConfirmation', { email: SENT_EMAIL });
      }
    },
    'google.start': (observation) => {
      expect(observation.snapshot.matches('startingGoogle')).toBe(true);
      expectOnlyInput(observation, 'startGoogleSignIn', undefined);
    },

    'done:signInWithPassword': ({ snapshot, event, stepEffects }) => {
      if (event.output.emailConfirmed) {
        // The dialog closes; the session machine takes the sign-in from supabase-js's SIGNED_IN.
        expect(snapshot.matches('signedIn')).toBe(true);
        expect(stepEffects.actionNames()).toEqual(['closeDialog']);
      } else {
        expect(snapshot.matches('discardingUnconfirmed')).toBe(true);
        expect(stepEffects.invocations('signOut')).toHaveLength(1);
        expect(stepEffects.actionNames()).toEqual([]);
      }
    },
    'error:signInWithPassword': ({ snapshot, event }) => {
      const expected = new Map<unknown, string>([
        [wrongPassword, 'Invalid login credentials'],
        [notConfirmed, 'Email not confirmed yet. Please check your inbox or resend the link.'],
        [silentFailure, 'Sign in failed'],
      ]);
      expect(snapshot.matches('editing')).toBe(true);
      expect(snapshot.context).toEqual({
        signedInEmail: null,
        error: expected.get(event.error),
        notice: null,
      });
    },
    'done:signOut': ({ snapshot, stepEffects }) => {
      expect(snapshot.matches('editing')).toBe(true);
      expect(snapshot.context).toEqual({ signedInEmail: null, error: EMAIL_NOT_CONFIRMED, notice: null });
      expect(stepEffects.actionNames()).toEqual([]);
    },
    'error:signOut': ({ snapshot, stepEffects }) => {
      // Even if signing out fails, the visitor learns why the sign-in did not go through.
      expect(snapshot.matches('editing')).toBe(true);
      expect(snapshot.context).toEqual({ signedInEmail: null, error: EMAIL_NOT_CONFIRMED, notice: null });
      expect(stepEffects.actionNames()).toEqual([]);
    },

    'done:startGoogleSignIn': ({ snapshot, event }) => {
      const expected: Record<string, string> = {
        'Unsupported provider: provider is not enabled':
          'Login error: Unsupported provider: provider is not enabled',
        null: 'Login error: Supabase sign-in failed',
      };
      if (event.output.refused) {
        expect(snapshot.matches('editing')).toBe(true);
        expect(snapshot.context).toEqual({
          signedInEmail: null,
          error: expected[String(event.output.message)],
          notice: null,
        });
      } else {
        expect(snapshot.matches('leavingForGoogle')).toBe(true);
      }
    },
    'error:startGoogleSignIn': ({ snapshot, event }) => {
      expect(snapshot.matches('editing')).toBe(true);
      expect(snapshot.context).toEqual({
        signedInEmail: null,
        error:
          event.error === silentFailure
            ? 'Login error: Unexpected error during sign-in'
            : 'Login error: Failed to fetch',
        notice: null,
      });
    },

    'done:requestPasswordReset': ({ snapshot }) => {
      expect(snapshot.matches('editing')).toBe(true);
      expect(snapshot.context).toEqual({
        signedInEmail: null,
        error: null,
        notice: 'Password reset email sent. Check your inbox.',
      });
    },
    'error:requestPasswordReset': ({ snapshot }) => {
      expect(snapshot.matches('editing')).toBe(true);
      expect(snapshot.context).toEqual({
        signedInEmail: null,
        error: 'Could not send reset email',
        notice: null,
      });
    },
    'done:resendConfirmation': ({ snapshot }) => {
      expect(snapshot.matches('editing')).toBe(true);
      expect(snapshot.context).toEqual({
        signedInEmail: null,
        error: null,
        notice: 'Verification email resent. Please check your inbox.',
      });
    },
    'error:resendConfirmation': ({ snapshot, event }) => {
      expect(snapshot.matches('editing')).toBe(true);
      expect(snapshot.context).toEqual(
        event.error === alreadyConfirmed
          ? {
              signedInEmail: null,
              error: null,
              notice: 'This email is already verified. You can sign in now.',
            }
          : { signedInEmail: null, error: 'Could not resend verification email', notice: null },
      );
    },
  },
});
