import { screen, waitFor, within } from '@testing-library/react';
import * as v from 'valibot';
import { expect } from 'vitest';
import { currentUserSchema } from '../../contract/user';
import type { LoadedUser, SessionSnapshot, sessionMachine } from '../../src/machines/session';
import {
  selectIsAdmin,
  selectIsLoadingUser,
  selectIsSigningOut,
  selectOnboardingRequired,
  selectUser,
} from '../../src/machines/session-selectors';
import { renderLoadedApp } from '../ui/render-app';
import { call, type MachineView, type ModelTestOptions, type StepObservation, start } from './harness';
import { foundOnce } from './view-checks';

type Observation = StepObservation<SessionSnapshot>;

/** Alice's server session was opened from auth-service session A. */
const alice: LoadedUser = {
  user: v.parse(currentUserSchema, { id: 'user-alice', email: 'alice@example.com', role: 'user' }),
  flags: { has_signup: true, onboarding_required: false },
  authSessionId: 'auth-A',
};
/** A token of the auth-service session the server holds, and one of another sign-in. */
const heldToken = { accessToken: 'token-of-A', authSessionId: 'auth-A' };
const newToken = { accessToken: 'token-of-B', authSessionId: 'auth-B' };

/** What the API client throws: the HTTP status and the server's code; a network failure carries neither. */
const httpError = (status: number, code: string, message: string) =>
  Object.assign(new Error(message), { status, code });
const unauthorized = httpError(401, 'unauthenticated', 'Not authenticated');
const networkDown = new Error('Network down');
/** A failure without a message of its own: the machine must fall back to its own wording. */
const serverFault = { status: 500 };
/** [product: LIMIT-25] */
const rateLimited = httpError(
  429,
  'rate_limited',
  'Too many failed sign-in attempts. Please try again in 42 seconds.',
);
const mismatch = httpError(
  409,
  'auth_session_mismatch',
  'This sign-in does not belong to your current session.',
);
const signOutRefused = new Error('Sign-out refused');
/**
 * The session's own words for a failure that brings no message of its own (`serverFault`): a sign-in whose
 * exchange failed [product: MSG-SESSION-1], a sign-out that failed, signed out locally all the same [product: MSG-SESSION-3].
 */
const SIGN_IN_LOAD_FAILED = 'Could not load your account after sign-in.';
const SIGN_OUT_FAILED = 'Sign out failed.';
/** What the session says when the token exchange fails: the error's own message, else its fallback. */
const signInFailureText = (error: unknown) =>
  error === serverFault ? SIGN_IN_LOAD_FAILED : (error as Error).message;
/** A 401 without the server's code (a proxy's): no server session, as `unauthorized`, not a refused sign-in. */
const proxy401 = { status: 401 };

/** The product's texts and values, written here and not read back from the machine. */
const USER_LOAD_TIMEOUT_MS = 7000; // [product: LIMIT-7]
const FIRST_RETRY_MS = 200; // [product: LIMIT-18]
const SESSION_CHECK_FAILED = 'We could not check your session. Please reload the page or try again shortly.';
const SERVER_UNREACHABLE = 'The server could not be reached. Trying again…';
const SIGN_IN_ENDED =
  'Your sign-in has ended (signed out elsewhere, revoked, or the password was changed). Please sign in again.';
const refused = httpError(401, 'invalid_token', SIGN_IN_ENDED);

const tokenOf = (event: object) => {
  const { accessToken, authSessionId } = event as { accessToken?: unknown; authSessionId?: unknown };
  return { accessToken, authSessionId };
};
const pendingTokenOf = (snapshot: SessionSnapshot | undefined) =>
  snapshot?.context.pending ? tokenOf(snapshot.context.pending) : undefined;

/** The 'loading' tag is on only while the user is first read and while a sign-in is traded (≤ 7 s). */
function expectLoadingTagOnlyWhileWaitingForTheUser({ snapshot }: Observation) {
  const loading = snapshot.matches('loadingUser') || snapshot.matches({ signingIn: 'waiting' });
  expect(selectIsLoadingUser(snapshot)).toBe(loading);
}

function expectSignedOutLocally({ snapshot }: Observation) {
  expect(selectUser(snapshot)).toBeNull();
  expect(snapshot.context.flags).toBeNull();
  expect(snapshot.context.authSessionId).toBeNull();
  expect(selectIsAdmin(snapshot)).toBe(false);
  expect(selectOnboardingRequired(snapshot)).toBe(false);
}

/**
 * The session as a visitor sees it on the landing page: the top bar's 'Sign In' for nobody, the account menu for a
 * user (with 'Signing out...' while signing out), and a red toast for every error the session reports.
 */
function landingTopBar(snapshot: SessionSnapshot) {
  // Role queries within the bar: on the whole landing page each costs tens of milliseconds, at every step.
  const bar = within(topBar());
  const user = selectUser(snapshot);
  if (user) {
    expect(bar.getByRole('button', { name: 'Open account menu' })).toBeInTheDocument();
    expect(bar.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  } else {
    expect(bar.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(bar.queryByRole('button', { name: 'Open account menu' })).not.toBeInTheDocument();
  }
  if (snapshot.context.error) expectToast(snapshot.context.error);
}

/** The page's top bar: the landing page's, or the signed-in frame's (not a dialog's header, in a portal). */
const topBar = foundOnce(() => {
  const bar = [...document.querySelectorAll('header')].find((header) => !header.closest('[data-portal]'));
  expect(bar, 'the page has no top bar').toBeDefined();
  return bar as HTMLElement;
});

/** A toast (Mantine's notifications are alerts) that says exactly `text`. */
function expectToast(text: string) {
  const toasts = [...document.querySelectorAll<HTMLElement>('[role="alert"]')];
  expect(
    toasts.some((toast) => within(toast).queryByText(text) !== null),
    `no toast says '${text}'`,
  ).toBe(true);
}

/** The account menu's dropdown (in a portal), once open. */
function accountMenu() {
  const menu = document.querySelector<HTMLElement>('[role="menu"]');
  expect(menu, 'the account menu is not open').not.toBeNull();
  return menu as HTMLElement;
}

const sessionView: MachineView<typeof sessionMachine> = {
  // Once the flows have loaded (the session machine starts with them either way). Rendered while they loaded, most
  // toasts of a path appeared about 300 ms after their step, as React's throttle of Suspense reveals commits them,
  // and each path waited that out (docs/testing.md, budget).
  render: ({ logic, actorOptions }) =>
    renderLoadedApp('/Landing', {}, { flows: { session: logic }, actorOptions }),
  perform: {
    // The only event a visitor causes here; the rest come from the auth service, the other tabs and other pages.
    'session.signOut': async (_event, user) => {
      // The menu stays open after a sign-out that showed 'Signing out...'; the visitor opens it only when closed.
      const menuButton = within(topBar()).getByRole('button', { name: 'Open account menu' });
      if (menuButton.getAttribute('aria-expanded') !== 'true') await user.click(menuButton);
      await user.click(await within(await waitFor(accountMenu)).findByRole('menuitem', { name: 'Sign out' }));
    },
  },
  shows: {
    loadingUser: landingTopBar,
    unreachable: (snapshot) => {
      landingTopBar(snapshot);
      expectToast(SERVER_UNREACHABLE);
    },
    anonymous: landingTopBar,
    loadFailed: landingTopBar,
    signingIn: landingTopBar,
    discardingSession: landingTopBar,
    signInFailed: landingTopBar,
    signedIn: landingTopBar,
    signingOut: () => {
      expect(within(accountMenu()).getByRole('menuitem', { name: 'Signing out...' })).toBeDisabled();
    },
    loggingOut: landingTopBar,
  },
};

let settingsApp: Awaited<ReturnType<typeof renderLoadedApp>> | undefined;
const onSettingsPage = () => settingsApp?.pathname() === '/Settings';
/** The page's 'Logout', found within the page's main region rather than the whole document. */
const logoutButton = () =>
  within(document.querySelector('main') as HTMLElement)
    .getByText(/^(Logout|Signing out\.\.\.)$/)
    .closest('button') as HTMLButtonElement;

/**
 * The session on the Settings page, where a signed-in user signs out with 'Logout' ('Signing out...' and disabled
 * meanwhile) [product: SET-10]; once the session has taken the visitor to the landing page, its top bar.
 */
function settingsPageOrTopBar(snapshot: SessionSnapshot) {
  if (!onSettingsPage()) {
    if (settingsApp?.pathname() === '/Landing') landingTopBar(snapshot);
    return;
  }
  if (!selectUser(snapshot)) return;
  if (snapshot.matches('signingOut')) {
    expect(logoutButton()).toHaveTextContent('Signing out...');
    expect(logoutButton()).toBeDisabled();
  } else {
    expect(logoutButton()).toHaveTextContent('Logout');
    expect(logoutButton()).toBeEnabled();
  }
}

/** The Settings page as a second host of the session [issue 24 item 4]. */
export const settingsHost: MachineView<typeof sessionMachine> = {
  render: async ({ logic, actorOptions }) => {
    settingsApp = await renderLoadedApp(
      '/Settings',
      { settings: { loadCurrentUser: async () => alice.user } },
      { flows: { session: logic }, actorOptions },
    );
    return settingsApp;
  },
  perform: {
    // The signed-in user signs out on the Settings page: reached from the account menu when the session has taken
    // them elsewhere meanwhile.
    'session.signOut': async (_event, user) => {
      if (!onSettingsPage()) {
        await user.click(screen.getByRole('button', { name: 'Open account menu' }));
        await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
        await screen.findByText('Logout', {}, { timeout: 5000 });
      }
      await user.click(logoutButton());
    },
  },
  shows: { '#session': settingsPageOrTopBar },
};

/**
 * The session's model test, shared by its two files: `session.test.tsx` (the bare actor and the landing page) and
 * `session-settings.test.tsx` (the Settings page), which `npm run test:model` runs side by side.
 */
export const sessionModel: ModelTestOptions<typeof sessionMachine> & {
  view: MachineView<typeof sessionMachine>;
} = {
  events: [
    // INITIAL_SESSION or SIGNED_IN for the session the server holds, and a real sign-in (another auth session).
    { type: 'auth.signedIn', ...heldToken },
    { type: 'auth.signedIn', ...newToken },
    { type: 'auth.tokenRefreshed', ...heldToken },
    { type: 'auth.tokenRefreshed', ...newToken },
    { type: 'auth.signedOut' },
    { type: 'auth.passwordRecovery' },
    { type: 'tabs.signedIn' },
    { type: 'tabs.signedOut', reason: null },
    { type: 'tabs.signedOut', reason: SIGN_IN_ENDED },
    { type: 'session.signOut' },
    { type: 'session.reload' },
  ],
  actors: {
    loadUser: { outputs: [alice], errors: [unauthorized, networkDown, serverFault] },
    signIn: { outputs: [alice], errors: [refused, rateLimited, serverFault] },
    refreshSession: { outputs: [alice], errors: [networkDown, unauthorized, mismatch, refused, proxy401] },
    signOut: { outputs: [undefined], errors: [signOutRefused, serverFault] },
    serverLogout: { outputs: [undefined], errors: [networkDown] },
  },
  delays: { userLoadTimeout: USER_LOAD_TIMEOUT_MS, refreshRetryDelay: FIRST_RETRY_MS },

  view: sessionView,

  effects: {
    init: [start('loadUser')],
    // A sign-in is traded only where the session lands in signingIn; held sessions and buffered ones start nothing.
    'auth.signedIn': ({ event, snapshot }) =>
      snapshot.matches('signingIn') ? [start('signIn', tokenOf(event))] : [],
    'auth.tokenRefreshed': ({ event, snapshot }) =>
      snapshot.matches('signingIn')
        ? [start('signIn', tokenOf(event))]
        : snapshot.matches({ signedIn: 'refreshing' })
          ? [start('refreshSession', tokenOf(event))]
          : [],
    'auth.passwordRecovery': [call('goToReset')],
    // The server session ends; no navigation: the auth service signed out on its own (another tab, expiry).
    'auth.signedOut': ({ snapshot, previous }) =>
      snapshot.matches('loggingOut') && !previous?.matches('loggingOut') ? [start('serverLogout')] : [],
    // Another tab opened a server session: read it (the cookie is shared), never trade a token for it.
    'tabs.signedIn': ({ snapshot }) => (snapshot.matches('loadingUser') ? [start('loadUser')] : []),
    'session.reload': [start('loadUser')],
    'session.signOut': [start('signOut', { everywhere: true, reason: null })],
    // A token reported while the server session was read is acted on once it is known.
    'done:loadUser': ({ snapshot, previous }) =>
      snapshot.matches('signingIn')
        ? [start('signIn', pendingTokenOf(previous))]
        : snapshot.matches({ signedIn: 'refreshing' })
          ? [start('refreshSession', pendingTokenOf(previous))]
          : [],
    'error:loadUser': ({ snapshot, previous }) =>
      snapshot.matches('signingIn') ? [start('signIn', pendingTokenOf(previous))] : [],
    'done:signIn': [],
    // A refused sign-in signs out of this browser's auth-service session only, telling the other tabs why.
    'error:signIn': ({ event }) => [
      start('signOut', { everywhere: false, reason: signInFailureText(event.error) }),
    ],
    'error:refreshSession': ({ snapshot, previous }) =>
      snapshot.matches('signingIn')
        ? [start('signIn', pendingTokenOf(previous))]
        : snapshot.matches('discardingSession')
          ? [start('signOut', { everywhere: false, reason: SIGN_IN_ENDED })]
          : [],
    'after:refreshRetryDelay': ({ previous }) => [start('refreshSession', pendingTokenOf(previous))],
    // Signing out always leaves for Landing, even when it failed; discarding a failed sign-in stays put.
    'done:signOut': ({ previous }) => (previous?.matches('signingOut') ? [call('goToLanding')] : []),
    'error:signOut': ({ previous }) => (previous?.matches('signingOut') ? [call('goToLanding')] : []),
    // The cap: a hung identity call is tried again; a hung exchange is still awaited.
    'after:userLoadTimeout': ({ snapshot }) => (snapshot.matches('unreachable') ? [start('loadUser')] : []),
  },

  states: {
    loadingUser: (observation) => {
      expectLoadingTagOnlyWhileWaitingForTheUser(observation);
      expect(observation.snapshot.context.error).toBeNull();
    },
    unreachable: (observation) => {
      // Said, and tried again, instead of a silent visitor view; a user already known stays.
      expectLoadingTagOnlyWhileWaitingForTheUser(observation);
      expect(observation.snapshot.context.error).toBe(SERVER_UNREACHABLE);
      expect(observation.snapshot.context.user).toEqual(observation.previous?.context.user);
    },
    anonymous: (observation) => {
      expectSignedOutLocally(observation);
      expectLoadingTagOnlyWhileWaitingForTheUser(observation);
    },
    loadFailed: ({ snapshot, previous }) => {
      expect(selectIsLoadingUser(snapshot)).toBe(false);
      if (snapshot.context.user) {
        // A transient failure keeps the user that was known, and says why nothing changed.
        expect(['Network down', 'Could not refresh your account.']).toContain(snapshot.context.error);
      } else if (previous?.matches('loadFailed') !== true) {
        // The first check failed for another reason than "no session": said, not hidden [product: MSG-SESSION-4].
        expect(snapshot.context.error).toBe(SESSION_CHECK_FAILED);
      }
    },
    signingIn: (observation) => {
      expectLoadingTagOnlyWhileWaitingForTheUser(observation);
      expect(observation.snapshot.context.error).toBeNull();
      expect(observation.snapshot.context.pending).not.toBeNull();
    },
    discardingSession: (observation) => {
      expectSignedOutLocally(observation);
      // Entering it signs out everywhere it must, once.
      if (!observation.previous?.matches('discardingSession'))
        expect(observation.stepEffects.inputsOf('signOut')).toHaveLength(1);
    },
    signInFailed: (observation) => {
      expectSignedOutLocally(observation);
      expectLoadingTagOnlyWhileWaitingForTheUser(observation);
      expect([SIGN_IN_ENDED, rateLimited.message, SIGN_IN_LOAD_FAILED]).toContain(
        observation.snapshot.context.error,
      );
    },
    signedIn: ({ snapshot }) => {
      expect(selectUser(snapshot)).toEqual(alice.user);
      expect(snapshot.context.flags).toEqual(alice.flags);
      expect(snapshot.context.authSessionId).toBe('auth-A');
      expect(snapshot.context.error).toBeNull();
      // Refreshing or waiting to retry is not loading: the page and what is typed in it stay.
      expect(selectIsLoadingUser(snapshot)).toBe(false);
    },
    'signedIn.current': ({ snapshot }) => {
      expect(snapshot.context.pending).toBeNull();
      expect(snapshot.context.refreshAttempts).toBe(0);
    },
    'signedIn.waitingToRetry': ({ snapshot }) => {
      expect(snapshot.context.refreshAttempts).toBeGreaterThan(0);
      expect(snapshot.context.pending?.kind).toBe('refresh');
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
      expect(snapshot.matches('loadingUser')).toBe(true);
    },
    'auth.signedIn': ({ snapshot, previous, event }) => {
      if (previous?.matches('signedIn') && event.authSessionId === previous.context.authSessionId) {
        // INITIAL_SESSION, or SIGNED_IN on focus or from another tab, for the session the server holds: not a
        // sign-in, nothing changes.
        expect(snapshot.value).toEqual(previous.value);
        expect(snapshot.context).toEqual(previous.context);
      } else if (previous?.matches('loadingUser') || previous?.matches('unreachable')) {
        // Kept until the server session is known.
        expect(snapshot.value).toEqual(previous.value);
        expect(snapshot.context.pending).toMatchObject({ kind: 'signIn', ...tokenOf(event) });
      }
    },
    'auth.tokenRefreshed': ({ snapshot, previous, event }) => {
      if (previous?.matches('signedIn') && event.authSessionId === previous.context.authSessionId) {
        // A refresh is not a sign-in: the user stays, no loading.
        expect(snapshot.matches({ signedIn: 'refreshing' })).toBe(true);
        expect(snapshot.context.user).toEqual(previous.context.user);
      }
    },
    'auth.passwordRecovery': ({ snapshot, previous }) => {
      // Navigation only: the session itself does not change.
      expect(snapshot.value).toEqual(previous?.value);
      expect(snapshot.context).toEqual(previous?.context);
    },
    'auth.signedOut': ({ snapshot, previous }) => {
      if (previous?.matches('signingOut') || previous?.matches('discardingSession')) {
        // The sign-out's own echo.
        expect(snapshot.value).toEqual(previous.value);
      } else if (previous?.context.user) {
        // A signed-in customer signed out by the auth service is told why.
        expect(snapshot.matches('loggingOut')).toBe(true);
        expect(snapshot.context.error).toBe(SIGN_IN_ENDED);
      } else {
        expect(snapshot.matches('loggingOut')).toBe(true);
      }
    },
    'tabs.signedOut': ({ snapshot, previous, event }) => {
      if (previous?.matches('signingOut') || previous?.matches('discardingSession')) return;
      // Another tab signed out: this one follows at once, saying why when that tab had a reason.
      expect(snapshot.matches('anonymous')).toBe(true);
      expect(snapshot.context.error).toBe(event.reason);
    },
    'session.reload': ({ snapshot, previous }) => {
      expect(snapshot.matches('loadingUser')).toBe(true);
      // The known user stays visible while the reload runs.
      expect(snapshot.context.user).toEqual(previous?.context.user);
    },
    'session.signOut': ({ snapshot }) => {
      expect(snapshot.matches('signingOut')).toBe(true);
    },
    'after:userLoadTimeout': ({ snapshot, previous, now }) => {
      // The cap ends loading [product: SESSION-7, SESSION-10]: an identity call is said and tried again, every 7 s.
      expect(now % USER_LOAD_TIMEOUT_MS).toBe(0);
      expect(selectIsLoadingUser(snapshot)).toBe(false);
      if (previous?.matches('signingIn')) expect(snapshot.matches({ signingIn: 'overdue' })).toBe(true);
      else expect(snapshot.matches('unreachable')).toBe(true);
    },
    'done:loadUser': ({ snapshot, previous }) => {
      const pending = previous?.context.pending;
      if (pending && pending.authSessionId !== alice.authSessionId) {
        // A sign-in reported meanwhile for another auth-service session is traded now.
        expect(snapshot.matches('signingIn')).toBe(true);
      } else if (pending?.kind === 'refresh') {
        expect(snapshot.matches({ signedIn: 'refreshing' })).toBe(true);
      } else {
        // The server holds the session the auth service reports (or none was reported): no exchange.
        expect(snapshot.matches({ signedIn: 'current' })).toBe(true);
      }
    },
    'error:loadUser': ({ snapshot, previous, event }) => {
      const error = event.error;
      if (error === unauthorized) {
        // No server session: the auth service's, if it reported one, is traded; else an ordinary visit.
        expect(snapshot.matches(previous?.context.pending ? 'signingIn' : 'anonymous')).toBe(true);
        if (!previous?.context.pending) expect(snapshot.context.error).toBeNull();
      } else if (previous?.context.user) {
        expect(snapshot.matches('loadFailed')).toBe(true);
        expect(snapshot.context.user).toEqual(previous.context.user);
        expect(snapshot.context.error).toBe(
          error === networkDown ? 'Network down' : 'Could not refresh your account.',
        );
      } else {
        expect(snapshot.matches('loadFailed')).toBe(true);
        expect(snapshot.context.error).toBe(SESSION_CHECK_FAILED);
      }
    },
    'error:signIn': ({ snapshot, event }) => {
      // What happened and, for a limit, when to try again: never 'Not authenticated' [product: LIMIT-25].
      expect(snapshot.matches('discardingSession')).toBe(true);
      expect(snapshot.context.error).toBe(signInFailureText(event.error));
    },
    'done:refreshSession': ({ snapshot }) => {
      expect(snapshot.matches({ signedIn: 'current' })).toBe(true);
    },
    'error:refreshSession': ({ snapshot, previous, event }) => {
      if (event.error === networkDown) {
        // The network: try again after a while, still signed in [product: LIMIT-18].
        expect(snapshot.matches({ signedIn: 'waitingToRetry' })).toBe(true);
        expect(snapshot.context.user).toEqual(previous?.context.user);
      } else if (event.error === refused) {
        // The auth service refused: signed out, with the reason.
        expect(snapshot.matches('discardingSession')).toBe(true);
        expect(snapshot.context.error).toBe(SIGN_IN_ENDED);
      } else {
        // The server session is gone, or belongs to another sign-in: the token is traded instead.
        expect(snapshot.matches('signingIn')).toBe(true);
      }
    },
    'after:refreshRetryDelay': ({ snapshot }) => {
      expect(snapshot.matches({ signedIn: 'refreshing' })).toBe(true);
    },
    'done:signOut': ({ snapshot, previous }) => {
      expect(snapshot.matches(previous?.matches('signingOut') ? 'anonymous' : 'signInFailed')).toBe(true);
    },
    'error:signOut': ({ snapshot, previous, event }) => {
      if (previous?.matches('signingOut')) {
        // Signing out always ends signed out locally.
        expect(snapshot.matches('anonymous')).toBe(true);
        expect(snapshot.context.user).toBeNull();
        expect(snapshot.context.error).toBe(
          event.error === serverFault ? SIGN_OUT_FAILED : 'Sign-out refused',
        );
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
};
