import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  type PasswordResetEvent,
  type PasswordResetSnapshot,
  passwordResetMachine,
} from '../../src/machines/password-reset';
import { renderLoadedApp } from '../ui/render-app';
import { call, describeModel, type MachineView, type StepObservation, start } from './harness';
import { expectEveryControlDisabled, expectFeedback, foundOnce } from './view-checks';

type Observation = StepObservation<PasswordResetSnapshot>;

const LINK = '/Reset?code=pkce-code-123';
/** Explicit fixtures for the one event [product: RESET-5]: a good pair, a short one, a mismatch, no confirmation. */
const good = { type: 'form.submit', password: 'New-Pass-123', confirmPassword: 'New-Pass-123' } as const;
const problems = new Map<PasswordResetEvent, string>([
  [
    { type: 'form.submit', password: 'short', confirmPassword: 'short' },
    'Password must be at least 8 characters long.',
  ],
  [
    { type: 'form.submit', password: 'New-Pass-123', confirmPassword: 'New-Pass-124' },
    'Passwords do not match.',
  ],
  [{ type: 'form.submit', password: 'New-Pass-123', confirmPassword: '' }, 'Please confirm your password.'],
]);

const SESSION_MISSING =
  'Auth session missing. Please open the link from your email again, or request a new reset email.';
const expiredLink = new Error('Email link is invalid or has expired');
const sessionMissing = Object.assign(new Error('Auth session missing!'), { name: 'AuthSessionMissingError' });
/** The same, known by its name alone, or by its message alone: each is the link's missing session to the visitor. */
const sessionMissingByName = Object.assign(new Error('No session'), { name: 'AuthSessionMissingError' });
const sessionMissingByMessage = new Error('Session missing for this request');
const samePassword = new Error('New password should be different from the old password.');
const silent = { status: 500 };

const feedback = ({ snapshot }: Observation) => ({
  error: snapshot.context.error,
  notice: snapshot.context.notice,
});
/** What the view shows: the button's label and whether it can be pressed. */
const button = ({ snapshot }: Observation) => ({
  label: snapshot.hasTag('updating') ? 'Updating…' : 'Update password',
  disabled: snapshot.hasTag('busy'),
});

const page = foundOnce(() => screen.getByRole('main'));
const submitButton = () => within(page()).getByRole('button');

/**
 * The page as a visitor sees it: 'Set a new password' and its one button, whose label and state follow the machine
 * [product: RESET-1, RESET-4, MSG-RESET-3]; the outcome above the fields.
 */
const showsPage =
  ({ label, disabled }: { label: 'Update password' | 'Updating…'; disabled: boolean }) =>
  (snapshot: PasswordResetSnapshot) => {
    expect(within(page()).getByRole('heading', { level: 1 })).toHaveTextContent('Set a new password');
    expect(submitButton()).toHaveAccessibleName(label);
    if (disabled) expectEveryControlDisabled(page());
    else expect(submitButton()).toBeEnabled();
    expectFeedback(page(), snapshot.context);
  };

/**
 * The Reset page opened from the e-mailed link: only the reset flow is the model's; the session has nobody. Rendered
 * once the flows have loaded (renderLoadedApp), as the session's replays are: rendered while they loaded, every
 * path first waited about 60 ms for the page.
 */
const resetView: MachineView<typeof passwordResetMachine> = {
  render: async ({ logic, actorOptions }) => {
    const app = await renderLoadedApp(LINK, {}, { flows: { passwordReset: logic }, actorOptions });
    await screen.findByLabelText('New password');
    return app;
  },
  perform: {
    // Set rather than typed: the form keeps what each field holds and reads it only on submit.
    'form.submit': async (event, user) => {
      fireEvent.change(within(page()).getByLabelText('New password'), { target: { value: event.password } });
      fireEvent.change(within(page()).getByLabelText('Confirm new password'), {
        target: { value: event.confirmPassword },
      });
      await user.click(within(page()).getByRole('button', { name: 'Update password' }));
    },
  },
  shows: {
    pickingUpSession: showsPage({ label: 'Update password', disabled: true }),
    'ready.editing': showsPage({ label: 'Update password', disabled: false }),
    'ready.updatingPassword': showsPage({ label: 'Updating…', disabled: true }),
    // The success stays in view until the page leaves for Landing (goToLanding, the composition root's).
    succeeded: showsPage({ label: 'Update password', disabled: true }),
    left: showsPage({ label: 'Update password', disabled: true }),
  },
};

describeModel(passwordResetMachine, {
  input: { href: LINK },
  events: [good, ...problems.keys()],
  actors: {
    pickUpSession: { outputs: [{ hasSession: true }, { hasSession: false }], errors: [expiredLink, silent] },
    updatePassword: {
      outputs: [undefined],
      errors: [sessionMissing, sessionMissingByName, sessionMissingByMessage, samePassword, silent],
    },
  },
  // [product: RESET-3, RESET-4, LIMIT-12, LIMIT-13]: 300 ms before cleaning the address, 1.2 s before Landing.
  delays: { addressCleanup: 300, resetRedirect: 1200 },
  view: resetView,
  effects: {
    init: [start('pickUpSession', { href: LINK })],
    'after:addressCleanup': [call('cleanAddress')],
    'form.submit': ({ event, snapshot }) =>
      problems.has(event as PasswordResetEvent) || !snapshot.context.hasSession
        ? []
        : [start('updatePassword', { password: 'New-Pass-123' })],
    // [product: RESET-4, RESET-7]: the message, and the current user reloaded.
    'done:updatePassword': [call('refreshUser')],
    'after:resetRedirect': [call('goToLanding')],
  },
  states: {
    pickingUpSession: (o) => expect(button(o)).toEqual({ label: 'Update password', disabled: true }),
    'ready.editing': (o) => expect(button(o)).toEqual({ label: 'Update password', disabled: false }),
    'ready.updatingPassword': (o) => expect(button(o)).toEqual({ label: 'Updating…', disabled: true }),
    succeeded: (o) => {
      expect(button(o)).toEqual({ label: 'Update password', disabled: true });
      expect(feedback(o)).toEqual({ error: null, notice: 'Your password has been updated.' });
    },
    left: ({ snapshot }) => expect(snapshot.status).toBe('done'),
  },
  afterStep: {
    init: ({ stepEffects }) => expect(stepEffects.inputsOf('pickUpSession')).toEqual([{ href: LINK }]),
    'done:pickUpSession': (o) => {
      expect(o.snapshot.context.hasSession).toBe(o.event.output.hasSession);
      expect(o.stepEffects.actionNames()).toEqual([]);
    },
    'error:pickUpSession': (o) =>
      expect(feedback(o)).toEqual({
        error: o.event.error === expiredLink ? 'Email link is invalid or has expired' : SESSION_MISSING,
        notice: null,
      }),
    // [product: RESET-3]: the link's secrets leave the address 300 ms after the session was read.
    'after:addressCleanup': (o) => {
      expect(o.stepEffects.actionNames()).toEqual(['cleanAddress']);
      expect(o.effects.actionNames().filter((name) => name === 'cleanAddress')).toHaveLength(1);
    },
    'form.submit': (o) => {
      const problem = problems.get(o.event as PasswordResetEvent);
      if (problem) {
        expect(feedback(o)).toEqual({ error: problem, notice: null });
        expect(o.stepEffects.entries).toEqual([]);
      } else if (!o.snapshot.context.hasSession) {
        // [product: RESET-6]: nothing to update without the link's session.
        expect(feedback(o)).toEqual({ error: SESSION_MISSING, notice: null });
        expect(o.stepEffects.entries).toEqual([]);
      } else {
        expect(o.stepEffects.inputsOf('updatePassword')).toEqual([{ password: 'New-Pass-123' }]);
      }
    },
    // [product: RESET-4, RESET-7]: the message, and the current user reloaded.
    'done:updatePassword': (o) => expect(o.stepEffects.actionNames()).toEqual(['refreshUser']),
    'error:updatePassword': (o) => {
      const expected = new Map<unknown, string>([
        [sessionMissing, SESSION_MISSING],
        [sessionMissingByName, SESSION_MISSING],
        [sessionMissingByMessage, SESSION_MISSING],
        [samePassword, 'New password should be different from the old password.'],
        [silent, 'Could not reset password.'],
      ]);
      expect(feedback(o)).toEqual({ error: expected.get(o.event.error), notice: null });
    },
    // [product: RESET-4, LIMIT-12]: Landing 1.2 s after the success.
    'after:resetRedirect': (o) => {
      expect(o.stepEffects.actionNames()).toEqual(['goToLanding']);
      expect(o.history.at(-2)).toBe('done:updatePassword');
    },
  },
});

/**
 * A sequence the generated paths do not take (they take each transition once, and a submit after a picked-up session
 * without one already takes the same transition): the link is refused, then the visitor submits anyway.
 */
describe('a refused link, then a submit [product: RESET-6]', () => {
  it('asks to open the link again and sends nothing', async () => {
    const updatePassword = vi.fn(async () => {});
    const actor = createActor(
      passwordResetMachine.provide({
        actors: {
          pickUpSession: fromPromise(async () => Promise.reject(expiredLink)),
          updatePassword: fromPromise(updatePassword),
        },
        actions: { cleanAddress: () => {}, refreshUser: () => {}, goToLanding: () => {} },
      }),
      { input: { href: LINK } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.context.error === expiredLink.message);
    actor.send(good);
    expect(actor.getSnapshot().context.error).toBe(SESSION_MISSING);
    expect(updatePassword).not.toHaveBeenCalled();
    actor.stop();
  });
});
