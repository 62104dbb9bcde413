import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { type SignInEvent, type SignInSnapshot, signInMachine } from '../../src/machines/sign-in';
import { renderApp } from '../ui/render-app';
import {
  call,
  describeModel,
  emitted,
  type MachineView,
  type StepObservation,
  start,
  type User,
} from './harness';
import { foundOnce } from './view-checks';

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

/** Nobody is signed in when the dialog opens, so no address is refused as another account's. */
const NOBODY = { signedInEmail: null };

function expectBusyWithNothingShown({ snapshot }: Observation) {
  expect(snapshot.hasTag('busy')).toBe(true);
  expect(snapshot.context).toEqual({ ...NOBODY, error: null, notice: null });
}

/** Found once a path (a role query over the whole landing page is slow), again only once it has closed. */
const dialog = foundOnce(() => screen.getByRole('dialog', { name: 'Sign In' }));
const control = (name: string) => within(dialog()).getByRole('button', { name });
const CONTROLS = [
  'Sign In',
  'Continue with Google',
  'Forgot password?',
  'Resend confirmation email',
] as const;

/** Types `text` into a field as a person would: select what is there, then type (an empty text just clears it). */
async function retype(user: User, label: string, text: string) {
  const field = within(dialog()).getByLabelText(label);
  await user.clear(field);
  if (text !== '') await user.type(field, text);
}

/** While a request runs, its own button spins and every button is disabled. */
function showsBusy(spinning: (typeof CONTROLS)[number]) {
  return () => {
    expect(control(spinning)).toHaveAttribute('data-loading', 'true');
    for (const name of CONTROLS) expect(control(name)).toBeDisabled();
  };
}

/** The dialog as a visitor sees it: opened from the landing page's 'Sign In' [product: SIGNIN-1]. */
const signInView: MachineView<typeof signInMachine> = {
  render: async ({ logic, actorOptions }) => {
    const app = renderApp('/Landing', { authService: true }, { flows: { signIn: logic }, actorOptions });
    (await screen.findByRole('button', { name: 'Sign In' })).click();
    await within(await screen.findByRole('dialog', { name: 'Sign In' })).findByLabelText('Email');
    return app;
  },
  perform: {
    'form.submit': async (event, user) => {
      await retype(user, 'Email', event.email);
      await retype(user, 'Password', event.password);
      await user.click(control('Sign In'));
    },
    'passwordReset.request': async (event, user) => {
      await retype(user, 'Email', event.email);
      await user.click(control('Forgot password?'));
    },
    'confirmation.resend': async (event, user) => {
      await retype(user, 'Email', event.email);
      await user.click(control('Resend confirmation email'));
    },
    'google.start': async (_event, user) => {
      await user.click(control('Continue with Google'));
    },
  },
  shows: {
    editing: ({ context }) => {
      for (const name of CONTROLS) expect(control(name)).toBeEnabled();
      if (context.error) expect(within(dialog()).getByRole('alert')).toHaveTextContent(context.error);
      else expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
      if (context.notice) expect(within(dialog()).getByRole('status')).toHaveTextContent(context.notice);
    },
    signingIn: showsBusy('Sign In'),
    discardingUnconfirmed: showsBusy('Sign In'),
    // Signed in: the dialog has closed; the session takes over from the auth service's SIGNED_IN.
    signedIn: () => {
      expect(screen.queryByRole('dialog', { name: 'Sign In' })).not.toBeInTheDocument();
    },
    startingGoogle: showsBusy('Continue with Google'),
    // The browser is on its way to Google: the dialog stays, busy.
    leavingForGoogle: showsBusy('Continue with Google'),
    requestingReset: showsBusy('Forgot password?'),
    resendingConfirmation: showsBusy('Resend confirmation email'),
  },
};

/** The addresses typed for a reset or a resend that are blank: nothing may be sent for them. */
const BLANK = new Set(['', '   ']);

describeModel(signInMachine, {
  events: [
    { type: 'form.submit', ...typed.valid },
    { type: 'form.submit', ...typed.noEmail },
    { type: 'form.submit', ...typed.badEmail },
    { type: 'form.submit', ...typed.noPassword },
    { type: 'passwordReset.request', email: ' Casey@example.com' },
    { type: 'passwordReset.request', email: '' },
    { type: 'confirmation.resend', email: 'casey@example.com ' },
    { type: 'confirmation.resend', email: '   ' },
    { type: 'google.start' },
  ],
  delays: {},
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

  input: NOBODY,
  view: signInView,

  effects: {
    // The auth-service client starts loading as soon as the dialog opens.
    init: [call('prepareAuthService')],
    // Nothing is sent while what was typed has a problem; what is sent is trimmed and lowercased.
    'form.submit': ({ event }) =>
      problems.has(event.email)
        ? []
        : [start('signInWithPassword', { email: SENT_EMAIL, password: event.password })],
    'passwordReset.request': ({ event }) =>
      BLANK.has(event.email) ? [] : [start('requestPasswordReset', { email: SENT_EMAIL })],
    'confirmation.resend': ({ event }) =>
      BLANK.has(event.email) ? [] : [start('resendConfirmation', { email: SENT_EMAIL })],
    'google.start': [start('startGoogleSignIn')],
    // A confirmed sign-in closes the dialog; an unconfirmed one is signed out again at once.
    // Signed in: the view hears it and closes the dialog; an unconfirmed address is signed out again.
    'done:signInWithPassword': ({ event }) =>
      event.output.emailConfirmed ? [emitted({ type: 'done' })] : [start('signOut')],
  },

  states: {
    editing: ({ snapshot }) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      // At most one message at a time: a new outcome replaces the last.
      expect(snapshot.context.error === null || snapshot.context.notice === null).toBe(true);
    },
    signingIn: expectBusyWithNothingShown,
    discardingUnconfirmed: expectBusyWithNothingShown,
    signedIn: ({ snapshot }) => {
      // Done: its view closes the dialog.
      expect(snapshot.status).toBe('done');
      expect(snapshot.hasTag('done')).toBe(true);
    },
    startingGoogle: expectBusyWithNothingShown,
    leavingForGoogle: ({ snapshot }) => {
      // The page is leaving for Google: the dialog stays busy and does not close itself.
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.status).toBe('done');
      expect(snapshot.hasTag('done')).toBe(false);
    },
    requestingReset: expectBusyWithNothingShown,
    resendingConfirmation: expectBusyWithNothingShown,
  },

  afterStep: {
    init: ({ snapshot }) => {
      expect(snapshot.matches('editing')).toBe(true);
      expect(snapshot.context).toEqual({ ...NOBODY, error: null, notice: null });
    },
    'form.submit': (observation) => {
      const { snapshot, previous } = observation;
      const event = observation.event as Extract<SignInEvent, { type: 'form.submit' }>;
      const problem = problems.get(event.email);
      if (problem) {
        // The first problem, e-mail before password, is shown.
        expect(snapshot.matches('editing')).toBe(true);
        expect(snapshot.context).toEqual({ ...NOBODY, error: problem, notice: null });
      } else {
        expect(previous?.matches('editing')).toBe(true);
        expect(snapshot.matches('signingIn')).toBe(true);
      }
    },
    'passwordReset.request': ({ snapshot, event }) => {
      if (BLANK.has(event.email)) {
        expect(snapshot.matches('editing')).toBe(true);
        expect(snapshot.context).toEqual({ ...NOBODY, error: 'Please enter your email.', notice: null });
      } else {
        expect(snapshot.matches('requestingReset')).toBe(true);
      }
    },
    'confirmation.resend': ({ snapshot, event }) => {
      if (BLANK.has(event.email)) {
        expect(snapshot.matches('editing')).toBe(true);
        expect(snapshot.context).toEqual({ ...NOBODY, error: 'Please enter your email.', notice: null });
      } else {
        expect(snapshot.matches('resendingConfirmation')).toBe(true);
      }
    },
    'google.start': ({ snapshot }) => {
      expect(snapshot.matches('startingGoogle')).toBe(true);
    },

    'done:signInWithPassword': ({ snapshot, event }) => {
      // Confirmed: the dialog closes, and the session machine takes the sign-in from supabase-js's SIGNED_IN.
      expect(snapshot.matches(event.output.emailConfirmed ? 'signedIn' : 'discardingUnconfirmed')).toBe(true);
    },
    'error:signInWithPassword': ({ snapshot, event }) => {
      const expected = new Map<unknown, string>([
        [wrongPassword, 'Invalid login credentials'],
        [notConfirmed, 'Email not confirmed yet. Please check your inbox or resend the link.'],
        [silentFailure, 'Sign in failed'],
      ]);
      expect(snapshot.matches('editing')).toBe(true);
      expect(snapshot.context).toEqual({ ...NOBODY, error: expected.get(event.error), notice: null });
    },
    'done:signOut': ({ snapshot }) => {
      expect(snapshot.matches('editing')).toBe(true);
      expect(snapshot.context).toEqual({ ...NOBODY, error: EMAIL_NOT_CONFIRMED, notice: null });
    },
    'error:signOut': ({ snapshot }) => {
      // Even if signing out fails, the visitor learns why the sign-in did not go through.
      expect(snapshot.matches('editing')).toBe(true);
      expect(snapshot.context).toEqual({ ...NOBODY, error: EMAIL_NOT_CONFIRMED, notice: null });
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
          ...NOBODY,
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
        ...NOBODY,
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
        ...NOBODY,
        error: null,
        notice: 'Password reset email sent. Check your inbox.',
      });
    },
    'error:requestPasswordReset': ({ snapshot }) => {
      expect(snapshot.matches('editing')).toBe(true);
      expect(snapshot.context).toEqual({ ...NOBODY, error: 'Could not send reset email', notice: null });
    },
    'done:resendConfirmation': ({ snapshot }) => {
      expect(snapshot.matches('editing')).toBe(true);
      expect(snapshot.context).toEqual({
        ...NOBODY,
        error: null,
        notice: 'Verification email resent. Please check your inbox.',
      });
    },
    'error:resendConfirmation': ({ snapshot, event }) => {
      expect(snapshot.matches('editing')).toBe(true);
      expect(snapshot.context).toEqual(
        event.error === alreadyConfirmed
          ? { ...NOBODY, error: null, notice: 'This email is already verified. You can sign in now.' }
          : { ...NOBODY, error: 'Could not resend verification email', notice: null },
      );
    },
  },
});
