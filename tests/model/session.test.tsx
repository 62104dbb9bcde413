import { screen, within } from '@testing-library/react';
import * as v from 'valibot';
import { expect } from 'vitest';
import { currentUserSchema } from '../../contract/user';
import { type LoadedUser, type SessionSnapshot, sessionMachine } from '../../src/machines/session';
import {
  selectIsAdmin,
  selectIsLoadingUser,
  selectIsSigningOut,
  selectOnboardingRequired,
  selectUser,
} from '../../src/machines/session-selectors';
import { renderApp } from '../ui/render-app';
import { call, describeModel, type MachineView, type StepObservation, start } from './harness';

type Observation = StepObservation<SessionSnapshot>;

const alice: LoadedUser = {
  user: v.parse(currentUserSchema, { id: 'user-alice', email: 'alice@example.com', role: 'user' }),
  flags: { has_signup: true, onboarding_required: false },
};
/** What the API client throws when the server has no session. */
const unauthorized = Object.assign(new Error('Unauthorized'), { status: 401 });
const networkDown = new Error('Network down');
/** A failure without a message of its own: the machine must fall back to its own wording. */
const serverFault = { status: 500 };
const signOutRefused = new Error('Sign-out refused');

/** The product's cap on waiting for the user, written here and not read back from the machine [product: LIMIT-7]. */
const USER_LOAD_TIMEOUT_MS = 7000;
/** [product: MSG-SESSION-4] */
const SESSION_CHECK_FAILED = 'We could not check your session. Please reload the page or try again shortly.';

/** Every state that loads the user carries the 'loading' tag only until the 7 s cap [product: SESSION-10]. */
const LOADING_STATES = [
  { checkingUser: 'waiting' },
  { signingIn: { patience: 'waiting' } },
  { reloadingUser: 'waiting' },
] as const;
const OVERDUE_STATES = [
  { checkingUser: 'overdue' },
  { signingIn: { patience: 'overdue' } },
  { reloadingUser: 'overdue' },
] as const;
const signingInStep = (step: 'exchangingToken' | 'loadingUser') => ({ signingIn: { steps: step } }) as const;

function expectLoadingTagOnlyWhileWaitingForTheUser({ snapshot }: Observation) {
  const loading = LOADING_STATES.some((state) => snapshot.matches(state));
  expect(selectIsLoadingUser(snapshot)).toBe(loading);
}

function expectSignedOutLocally({ snapshot }: Observation) {
  expect(selectUser(snapshot)).toBeNull();
  expect(snapshot.context.flags).toBeNull();
  expect(selectIsAdmin(snapshot)).toBe(false);
  expect(selectOnboardingRequired(snapshot)).toBe(false);
}

/**
 * The session as a visitor sees it on the landing page: the top bar's 'Sign In' for nobody, the account menu for a
 * user (with 'Signing out...' while signing out), and a red toast for every error the session reports.
 */
function landingTopBar(snapshot: SessionSnapshot) {
  const user = selectUser(snapshot);
  if (user) {
    expect(screen.getByRole('button', { name: 'Open account menu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  } else {
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Open account menu' })).not.toBeInTheDocument();
  }
  if (snapshot.context.error) expect(screen.getByText(snapshot.context.error)).toBeInTheDocument();
}

const sessionView: MachineView<typeof sessionMachine> = {
  render: ({ logic, actorOptions }) => renderApp('/Landing', {}, { flows: { session: logic }, actorOptions }),
  perform: {
    // The only event a visitor causes here; the rest come from the auth service and from other pages.
    'session.signOut': async (_event, user) => {
      // The menu stays open after a sign-out that showed 'Signing out...'; the visitor opens it only when closed.
      const menuButton = screen.getByRole('button', { name: 'Open account menu' });
      if (menuButton.getAttribute('aria-expanded') !== 'true') await user.click(menuButton);
      await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    },
  },
  shows: {
    checkingUser: landingTopBar,
    anonymous: landingTopBar,
    checkFailed: (snapshot) => {
      landingTopBar(snapshot);
      expect(screen.getByText(SESSION_CHECK_FAILED)).toBeInTheDocument();
    },
    signingIn: landingTopBar,
    discardingSession: landingTopBar,
    signInFailed: landingTopBar,
    signedIn: landingTopBar,
    reloadingUser: landingTopBar,
    reloadFailed: landingTopBar,
    signingOut: () => {
      const menu = screen.getByRole('menu');
      expect(within(menu).getByRole('menuitem', { name: 'Signing out...' })).toBeDisabled();
    },
    loggingOut: landingTopBar,
  },
};

describeModel(sessionMachine, {
  events: [
    { type: 'auth.signedIn', accessToken: 'token-from-sign-in' },
    { type: 'auth.tokenRefreshed', accessToken: 'token-from-refresh' },
    { type: 'auth.signedOut' },
    { type: 'auth.passwordRecovery' },
    { type: 'session.signOut' },
    { type: 'session.reload' },
  ],
  actors: {
    loadUser: { outputs: [alice], errors: [unauthorized, networkDown, serverFault] },
    exchangeToken: { outputs: [{ ok: true }], errors: [new Error('Exchange refused')] },
    signOut: { outputs: [undefined], errors: [signOutRefused] },
    serverLogout: { outputs: [undefined], errors: [networkDown] },
  },
  delays: { userLoadTimeout: USER_LOAD_TIMEOUT_MS },

  view: sessionView,

  effects: {
    init: [start('loadUser')],
    'auth.signedIn': ({ event }) => [start('exchangeToken', { accessToken: event.accessToken })],
    'auth.tokenRefreshed': ({ event }) => [start('exchangeToken', { accessToken: event.accessToken })],
    'auth.passwordRecovery': [call('goToReset')],
    // The server session ends; no navigation: the auth service signed out on its own (another tab, expiry).
    'auth.signedOut': [start('serverLogout')],
    'session.reload': [start('loadUser')],
    'session.signOut': [start('signOut')],
    // A refused exchange may leave an older server session: loading the user still decides.
    'done:exchangeToken': [start('loadUser')],
    'error:exchangeToken': [start('loadUser')],
    // A failed load following an exchange signs out on both sides; any other failed load does nothing more.
    'error:loadUser': ({ previous }) =>
      previous?.matches(signingInStep('loadingUser')) ? [start('signOut')] : [],
    // Signing out always leaves for Landing, even when it failed; discarding a failed sign-in stays put.
    'done:signOut': ({ previous }) => (previous?.matches('signingOut') ? [call('goToLanding')] : []),
    'error:signOut': ({ previous }) => (previous?.matches('signingOut') ? [call('goToLanding')] : []),
  },

  states: {
    checkingUser: (observation) => {
      expectLoadingTagOnlyWhileWaitingForTheUser(observation);
      expect(observation.effects.inputsOf('loadUser')).toHaveLength(1);
    },
    'checkingUser.waiting': ({ now }) => {
      expect(now).toBeLessThan(USER_LOAD_TIMEOUT_MS);
    },
    anonymous: (observation) => {
      expectSignedOutLocally(observation);
      expectLoadingTagOnlyWhileWaitingForTheUser(observation);
    },
    checkFailed: (observation) => {
      // Not passed off as an anonymous visit: the visitor is told the check failed [product: MSG-SESSION-4].
      expectSignedOutLocally(observation);
      expect(observation.snapshot.context.error).toBe(SESSION_CHECK_FAILED);
      expectLoadingTagOnlyWhileWaitingForTheUser(observation);
    },
    signingIn: (observation) => {
      expectLoadingTagOnlyWhileWaitingForTheUser(observation);
      expect(observation.snapshot.context.error).toBeNull();
    },
    'signingIn.steps.loadingUser': ({ effects }) => {
      expect(effects.inputsOf('exchangeToken').length).toBeGreaterThan(0);
    },
    discardingSession: (observation) => {
      expectSignedOutLocally(observation);
      // Entering it signs out everywhere, once.
      if (!observation.previous?.matches('discardingSession'))
        expect(observation.stepEffects.inputsOf('signOut')).toHaveLength(1);
    },
    signInFailed: (observation) => {
      expectSignedOutLocally(observation);
      expectLoadingTagOnlyWhileWaitingForTheUser(observation);
      expect(['Unauthorized', 'Network down', 'Could not load your account after sign-in.']).toContain(
        observation.snapshot.context.error,
      );
    },
    signedIn: ({ snapshot }) => {
      expect(selectUser(snapshot)).toEqual(alice.user);
      expect(snapshot.context.flags).toEqual(alice.flags);
      expect(snapshot.context.error).toBeNull();
      expect(selectIsLoadingUser(snapshot)).toBe(false);
    },
    reloadingUser: (observation) => {
      expectLoadingTagOnlyWhileWaitingForTheUser(observation);
      expect(observation.snapshot.context.error).toBeNull();
    },
    reloadFailed: ({ snapshot }) => {
      expect(['Network down', 'Could not refresh your account.']).toContain(snapshot.context.error);
      expect(selectIsLoadingUser(snapshot)).toBe(false);
    },
    signingOut: ({ snapshot }) => {
      expect(selectIsSigningOut(snapshot)).toBe(true);
      expect(selectIsLoadingUser(snapshot)).toBe(false);
    },
    loggingOut: (observation) => {
      expectSignedOutLocally(observation);
      expect(observation.effects.inputsOf('serverLogout').length).toBeGreaterThan(0);
    },
  },

  afterStep: {
    init: ({ snapshot }) => {
      expect(snapshot.matches({ checkingUser: 'waiting' })).toBe(true);
    },
    'auth.signedIn': ({ snapshot }) => {
      expect(snapshot.matches(signingInStep('exchangingToken'))).toBe(true);
    },
    'auth.tokenRefreshed': ({ snapshot }) => {
      expect(snapshot.matches(signingInStep('exchangingToken'))).toBe(true);
    },
    'auth.passwordRecovery': ({ snapshot, previous }) => {
      // Navigation only: the session itself does not change.
      expect(snapshot.value).toEqual(previous?.value);
      expect(snapshot.context).toEqual(previous?.context);
    },
    'auth.signedOut': ({ snapshot }) => {
      expect(snapshot.matches('loggingOut')).toBe(true);
    },
    'session.reload': ({ snapshot, previous }) => {
      expect(snapshot.matches('reloadingUser')).toBe(true);
      // The known user stays visible while the reload runs.
      expect(snapshot.context.user).toEqual(previous?.context.user);
    },
    'session.signOut': ({ snapshot }) => {
      expect(snapshot.matches('signingOut')).toBe(true);
    },
    'after:userLoadTimeout': ({ snapshot, previous, now }) => {
      // The cap ends loading in whichever loading state it runs, and changes nothing else: the answer is still
      // awaited [product: SESSION-7, SESSION-10].
      expect(now % USER_LOAD_TIMEOUT_MS).toBe(0);
      expect(selectIsLoadingUser(snapshot)).toBe(false);
      expect(snapshot.context).toEqual(previous?.context);
      expect(OVERDUE_STATES.filter((state) => snapshot.matches(state))).toHaveLength(1);
    },
    'done:exchangeToken': ({ snapshot }) => {
      expect(snapshot.matches(signingInStep('loadingUser'))).toBe(true);
    },
    'error:exchangeToken': ({ snapshot }) => {
      expect(snapshot.matches(signingInStep('loadingUser'))).toBe(true);
    },
    'done:loadUser': ({ snapshot }) => {
      expect(snapshot.matches('signedIn')).toBe(true);
      expect(snapshot.context.user).toEqual(alice.user);
    },
    'error:loadUser': ({ snapshot, previous, event }) => {
      const error = event.error;
      if (previous?.matches(signingInStep('loadingUser'))) {
        // A failed load following an exchange: the user is cleared and both sides are signed out.
        expect(snapshot.matches('discardingSession')).toBe(true);
        expect(snapshot.context.user).toBeNull();
        expect(snapshot.context.error).toBe(
          error instanceof Error ? error.message : 'Could not load your account after sign-in.',
        );
      } else if (previous?.matches('reloadingUser') && error !== unauthorized) {
        // A transient failure keeps the user that was known, and says why nothing changed.
        expect(snapshot.matches('reloadFailed')).toBe(true);
        expect(snapshot.context.user).toEqual(previous.context.user);
        expect(snapshot.context.error).toBe(
          error === networkDown ? 'Network down' : 'Could not refresh your account.',
        );
      } else if (previous?.matches('checkingUser') && error !== unauthorized) {
        // The first check failed for another reason than "no session": said, not hidden.
        expect(snapshot.matches('checkFailed')).toBe(true);
        expect(snapshot.context.error).toBe(SESSION_CHECK_FAILED);
      } else {
        // No server session: the ordinary anonymous visit, with nothing to report.
        expect(snapshot.matches('anonymous')).toBe(true);
        expect(snapshot.context.user).toBeNull();
        expect(snapshot.context.error).toBeNull();
      }
    },
    'done:signOut': ({ snapshot, previous }) => {
      expect(snapshot.matches(previous?.matches('signingOut') ? 'anonymous' : 'signInFailed')).toBe(true);
    },
    'error:signOut': ({ snapshot, previous }) => {
      if (previous?.matches('signingOut')) {
        // Signing out always ends signed out locally.
        expect(snapshot.matches('anonymous')).toBe(true);
        expect(snapshot.context.user).toBeNull();
        expect(snapshot.context.error).toBe('Sign-out refused');
      } else {
        expect(snapshot.matches('signInFailed')).toBe(true);
      }
    },
    'done:serverLogout': ({ snapshot }) => {
      expect(snapshot.matches('anonymous')).toBe(true);
    },
    'error:serverLogout': ({ snapshot }) => {
      expect(snapshot.matches('anonymous')).toBe(true);
      expect(snapshot.context.user).toBeNull();
    },
  },
});
