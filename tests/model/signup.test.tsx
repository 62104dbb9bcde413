import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { type SignupEvent, type SignupSnapshot, signupMachine } from '../../src/machines/signup';
import { renderApp } from '../ui/render-app';
import { call, describeModel, emitted, type MachineView, type StepObservation, start } from './harness';
import { expectFeedback, foundOnce } from './view-checks';

type Observation = StepObservation<SignupSnapshot>;

/**
 * Explicit fixtures for every event the machine accepts [product: SIGNUP]: a complete form (with an address to
 * trim and lowercase), forms missing one thing each, and 'I verified my email' with and without an address.
 */
const complete = {
  type: 'form.submit',
  fullName: '  Casey Jones ',
  email: '  Casey@Example.com ',
  password: 'Journey-Pass-1',
  confirmPassword: 'Journey-Pass-1',
  company: 'Acme IT',
  companySize: '11-50',
  plan: 'pro',
  interval: 'annual',
} as const satisfies SignupEvent;

const incomplete: ReadonlyArray<[SignupEvent, string]> = [
  [{ ...complete, fullName: '   ' }, 'Please enter your full name.'],
  [{ ...complete, email: 'casey' }, 'Please enter a valid email address.'],
  [
    { ...complete, password: 'short', confirmPassword: 'short' },
    'Password must be at least 8 characters long.',
  ],
  [{ ...complete, confirmPassword: 'Journey-Pass-2' }, 'Passwords do not match.'],
  [{ ...complete, company: '' }, 'Please enter your company name.'],
];
const problemOf = new Map<SignupEvent, string>(incomplete);

const SENT_EMAIL = 'casey@example.com';
/** The dialog's choices as sent with the sign-up and left for onboarding [product: DATA-19] (issue 18 item 6). */
const CHOICES = {
  plan: 'pro',
  interval: 'annual',
  name: 'Casey Jones',
  company: 'Acme IT',
  company_size: '11-50',
} as const;
const SIGN_UP = { email: SENT_EMAIL, password: 'Journey-Pass-1', fullName: 'Casey Jones', choices: CHOICES };
const verified = { type: 'verification.confirmed', email: ' Casey@Example.com' } as const;
const verifiedWithoutEmail = { type: 'verification.confirmed', email: '  ' } as const;

const alreadyRegistered = new Error('User already registered');
const weakPassword = new Error('Password should be at least 8 characters.');
/** A failure with no message of its own: the machine's own wording must show. */
const silent = { status: 500 };
const alreadyConfirmed = new Error('Email address already confirmed');
const rateLimited = new Error('For security purposes, you can only request this after 60 seconds.');
const notConfirmed = new Error('Email not confirmed');
// The duplicate check's failures [product: MSG-SIGNUP-1, MSG-SIGNUP-3, MSG-SIGNUP-5, SIGNUP-25].
const networkDown = new TypeError('Failed to fetch');
const lookupFieldErrors = Object.assign(new Error('Validation failed'), {
  status: 422,
  data: { message: 'Validation failed', errors: { email: ['Email is too long.'] } },
});
const lookupBadRequest = Object.assign(new Error('Bad request'), { status: 400, data: {} });
const lookupServerError = Object.assign(new Error('Internal Server Error'), { status: 500 });
const lookupLimited = Object.assign(new Error('Too many requests. Please try again in 42 seconds.'), {
  status: 429,
});
const lookupWordless = { status: 404 };

const ALREADY_REGISTERED = 'This email is already registered. Please sign in instead.';

/** What the view shows in each state (the UI replay will check these against the rendered dialog). */
const shown = {
  form: { verifying: false, busy: false },
  formBusy: { verifying: false, busy: true },
  verify: { verifying: true, busy: false },
  verifyBusy: { verifying: true, busy: true },
};
const view = ({ snapshot }: Observation) => ({
  verifying: snapshot.hasTag('verifying'),
  busy: snapshot.hasTag('busy'),
});

const feedback = ({ snapshot }: Observation) => ({
  error: snapshot.context.error,
  notice: snapshot.context.notice,
});

const dialog = foundOnce(() => screen.getByRole('dialog', { name: 'Join Beta' }));
const button = (name: string) => within(dialog()).getByRole('button', { name });
const field = (label: string) => within(dialog()).getByLabelText(label);

/** The form's fields by label, as the event names them. */
const FIELDS = {
  'Full name': 'fullName',
  Email: 'email',
  Password: 'password',
  'Confirm password': 'confirmPassword',
  'Company name': 'company',
  'Company size': 'companySize',
  Plan: 'plan',
  Interval: 'interval',
} as const;

/**
 * Fills in the whole form as the event has it, each field set rather than typed: the form keeps what a field holds
 * and the machine reads it only on submit, so keystrokes would prove nothing more (and the paths are many).
 */
function fillIn(event: Extract<SignupEvent, { type: 'form.submit' }>) {
  for (const [label, name] of Object.entries(FIELDS)) {
    fireEvent.change(field(label), { target: { value: event[name] } });
  }
}

/** The form; while it is sent, 'Create account' spins and cannot be pressed twice. */
const showsForm = (sending: boolean) => (snapshot: SignupSnapshot) => {
  expect(within(dialog()).queryByRole('heading', { name: 'Verify your email' })).not.toBeInTheDocument();
  const create = button('Create account');
  if (sending) {
    expect(create).toHaveAttribute('data-loading', 'true');
    expect(create).toBeDisabled();
  } else expect(create).toBeEnabled();
  expectFeedback(dialog(), snapshot.context);
};

/** 'Verify your email' for the address the link went to; while a request runs, neither button can be pressed. */
const showsVerify =
  (spinning: 'I verified my email' | 'Resend email' | null) => (snapshot: SignupSnapshot) => {
    expect(within(dialog()).getByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(within(dialog()).getByText(/We sent a confirmation link to/)).toHaveTextContent(
      `We sent a confirmation link to ${SENT_EMAIL}.`,
    );
    expect(within(dialog()).queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
    for (const name of ['I verified my email', 'Resend email'] as const) {
      const control = button(name);
      if (snapshot.hasTag('busy')) expect(control).toBeDisabled();
      else expect(control).toBeEnabled();
      if (name === spinning) expect(control).toHaveAttribute('data-loading', 'true');
      else expect(control).not.toHaveAttribute('data-loading');
    }
    expectFeedback(dialog(), snapshot.context);
  };

/** The dialog as a visitor sees it: opened from the landing page's 'Join Beta' [product: SIGNUP-1]. */
const signupView: MachineView<typeof signupMachine> = {
  render: async ({ logic, actorOptions }) => {
    const app = renderApp('/Landing', { authService: true }, { flows: { signup: logic }, actorOptions });
    // While the large page renders, waiting is done with cheap probes; the controls are then found by role once.
    await screen.findByText('Join Beta');
    screen.getByRole('button', { name: 'Join Beta' }).click();
    await waitFor(() => expect(document.querySelector('[role="dialog"] form')).not.toBeNull());
    expect(field('Full name')).toHaveValue('');
    return app;
  },
  perform: {
    'form.submit': async (event, user) => {
      fillIn(event);
      await user.click(button('Create account'));
    },
    'verification.resend': async (_event, user) => {
      await user.click(button('Resend email'));
    },
    'verification.confirmed': async (event, user) => {
      fireEvent.change(field('Email'), { target: { value: event.email } });
      await user.click(button('I verified my email'));
    },
  },
  shows: {
    editing: showsForm(false),
    checkingDuplicate: showsForm(true),
    signingUp: showsForm(true),
    resendingAfterSignUp: (snapshot) => {
      showsVerify('Resend email')(snapshot);
      // The address the link went to is filled in for 'I verified my email'; the visitor may correct it.
      expect(field('Email')).toHaveValue(SENT_EMAIL);
    },
    awaitingVerification: showsVerify(null),
    resending: showsVerify('Resend email'),
    signingIn: showsVerify('I verified my email'),
    // Signed in after verifying: the dialog has closed.
    signedUp: () => {
      expect(screen.queryByRole('dialog', { name: 'Join Beta' })).not.toBeInTheDocument();
    },
  },
};

describeModel(signupMachine, {
  events: [
    complete,
    ...incomplete.map(([event]) => event),
    { type: 'verification.resend' },
    verified,
    verifiedWithoutEmail,
  ],
  actors: {
    findSignup: {
      outputs: [false, true],
      errors: [
        networkDown,
        lookupFieldErrors,
        lookupBadRequest,
        lookupServerError,
        lookupLimited,
        lookupWordless,
      ],
    },
    signUp: {
      outputs: [{ emailConfirmed: false }, { emailConfirmed: true }],
      errors: [alreadyRegistered, weakPassword, silent],
    },
    resendConfirmation: { outputs: [undefined], errors: [alreadyConfirmed, rateLimited] },
    signIn: { outputs: [undefined], errors: [notConfirmed, silent] },
  },

  delays: {},
  view: signupView,
  effects: {
    // The lookup gets the trimmed, lowercased address [product: SIGNUP-9, SIGNUP-14].
    'form.submit': ({ event }) =>
      problemOf.get(event as SignupEvent) ? [] : [start('findSignup', { email: SENT_EMAIL })],
    'done:findSignup': ({ event }) => (event.output ? [] : [start('signUp', SIGN_UP)]),
    // The pending onboarding item is left for onboarding either way [product: DATA-19]; an unconfirmed address
    // gets the confirmation again [product: SIGNUP-12].
    'done:signUp': ({ event }) => [
      call('rememberPendingOnboarding', CHOICES),
      // Confirmed already: signed up, and the view closes the dialog.
      ...(event.output.emailConfirmed
        ? [emitted({ type: 'done' })]
        : [start('resendConfirmation', { email: SENT_EMAIL })]),
    ],
    // Signed in after 'I verified my email': the view closes the dialog.
    'done:signIn': [emitted({ type: 'done' })],
    'verification.resend': [start('resendConfirmation', { email: SENT_EMAIL })],
    'verification.confirmed': ({ event }) =>
      event === verifiedWithoutEmail
        ? []
        : [start('signIn', { email: SENT_EMAIL, password: 'Journey-Pass-1' })],
  },

  states: {
    editing: (observation) => expect(view(observation)).toEqual(shown.form),
    checkingDuplicate: (observation) => expect(view(observation)).toEqual(shown.formBusy),
    signingUp: (observation) => expect(view(observation)).toEqual(shown.formBusy),
    resendingAfterSignUp: (observation) => expect(view(observation)).toEqual(shown.verifyBusy),
    awaitingVerification: (observation) => expect(view(observation)).toEqual(shown.verify),
    resending: (observation) => expect(view(observation)).toEqual(shown.verifyBusy),
    signingIn: (observation) => expect(view(observation)).toEqual(shown.verifyBusy),
    // Done: the view closes the dialog.
    signedUp: ({ snapshot }) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.hasTag('done')).toBe(true);
    },
  },

  afterStep: {
    init: (observation) => {
      expect(observation.snapshot.context).toEqual({ form: null, error: null, notice: null });
      expect(observation.stepEffects.entries).toEqual([]);
    },
    'form.submit': (observation) => {
      const problem = problemOf.get(observation.event as SignupEvent);
      if (problem) {
        // Nothing is sent; the first problem shows.
        expect(feedback(observation)).toEqual({ error: problem, notice: null });
        expect(observation.stepEffects.entries).toEqual([]);
        return;
      }
      expect(observation.snapshot.matches('checkingDuplicate')).toBe(true);
      expect(feedback(observation)).toEqual({ error: null, notice: null });
      // The lookup gets the trimmed, lowercased address [product: SIGNUP-9, SIGNUP-14].
      expect(observation.stepEffects.inputsOf('findSignup')).toEqual([{ email: SENT_EMAIL }]);
    },
    'done:findSignup': (observation) => {
      if (observation.event.output) {
        expect(feedback(observation)).toEqual({ error: ALREADY_REGISTERED, notice: null });
        expect(observation.stepEffects.entries).toEqual([]);
      } else {
        expect(observation.stepEffects.inputsOf('signUp')).toEqual([SIGN_UP]);
      }
    },
    'error:findSignup': (observation) => {
      const expected = new Map<unknown, string>([
        [networkDown, 'Sorry, there was an error submitting your signup. Please try again.'],
        [lookupFieldErrors, 'email: Email is too long.'],
        [lookupBadRequest, 'Please check the form and try again.'],
        [lookupServerError, 'Unexpected error, please try again.'],
        [lookupLimited, 'Too many requests. Please try again in 42 seconds.'],
        [lookupWordless, 'Unexpected error, please try again.'],
      ]);
      expect(feedback(observation)).toEqual({ error: expected.get(observation.event.error), notice: null });
    },
    'done:signUp': (observation) => {
      if (observation.event.output.emailConfirmed) {
        expect(observation.snapshot.matches('signedUp')).toBe(true);
      } else {
        // [product: SIGNUP-12]: an unconfirmed address gets the confirmation again.
        expect(observation.stepEffects.inputsOf('resendConfirmation')).toEqual([{ email: SENT_EMAIL }]);
      }
    },
    'error:signUp': (observation) => {
      const expected = new Map<unknown, string>([
        [alreadyRegistered, ALREADY_REGISTERED],
        [weakPassword, 'Password should be at least 8 characters.'],
        [silent, 'Sign up failed'],
      ]);
      expect(feedback(observation)).toEqual({ error: expected.get(observation.event.error), notice: null });
      expect(observation.stepEffects.actionNames()).toEqual([]);
    },
    'verification.resend': (observation) => {
      expect(observation.stepEffects.inputsOf('resendConfirmation')).toEqual([{ email: SENT_EMAIL }]);
    },
    'done:resendConfirmation': (observation) => {
      const { previous } = observation;
      if (previous?.matches('resendingAfterSignUp')) {
        expect(feedback(observation)).toEqual({ error: null, notice: null });
      } else {
        expect(feedback(observation)).toEqual({
          error: null,
          notice: 'Verification email resent. Please check your inbox.',
        });
      }
    },
    'error:resendConfirmation': (observation) => {
      const { previous, event } = observation;
      if (previous?.matches('resendingAfterSignUp')) {
        // The automatic resend's outcome is not the visitor's concern.
        expect(feedback(observation)).toEqual({ error: null, notice: null });
      } else if (event.error === alreadyConfirmed) {
        expect(feedback(observation)).toEqual({
          error: null,
          notice: 'This email is already verified. You can proceed.',
        });
      } else {
        expect(feedback(observation)).toEqual({ error: 'Could not resend verification email', notice: null });
      }
    },
    'verification.confirmed': (observation) => {
      if (observation.event === verifiedWithoutEmail) {
        expect(feedback(observation)).toEqual({ error: 'Please enter your email to sign in.', notice: null });
        expect(observation.stepEffects.entries).toEqual([]);
      } else {
        expect(observation.stepEffects.inputsOf('signIn')).toEqual([
          { email: SENT_EMAIL, password: 'Journey-Pass-1' },
        ]);
      }
    },
    'done:signIn': (observation) => {
      expect(observation.snapshot.hasTag('done')).toBe(true);
    },
    'error:signIn': (observation) => {
      expect(feedback(observation)).toEqual({
        error:
          observation.event.error === notConfirmed
            ? 'Email not confirmed yet. Please check your inbox or resend the link.'
            : 'Sign in failed',
        notice: null,
      });
    },
  },
});
