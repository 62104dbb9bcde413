import { type ActorRefFrom, assertEvent, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { CurrentUser, ProfileFlags } from '../../contract/user';
import { errorMessage } from '../domain/messages';

/**
 * The signed-in session of the SPA [product: SESSION]: who the user is, the profile flags that drive
 * onboarding, and how auth-service events (SIGNED_IN, TOKEN_REFRESHED, SIGNED_OUT, PASSWORD_RECOVERY) turn into
 * server-session calls. The actors and the two navigation actions are stubs here; the app provides the real ones
 * where it mounts the actor (src/services/session-actors.ts, src/main.tsx) and tests provide doubles.
 */

export type SessionUser = CurrentUser;
export type SessionFlags = ProfileFlags;

/** What loading the identity answers: the user and the top-level flags of `GET /auth/me?include_flags=true`. */
export interface LoadedUser {
  user: SessionUser;
  flags: SessionFlags;
}

export interface SessionContext {
  user: SessionUser | null;
  flags: SessionFlags | null;
  error: string | null;
}

export type SessionEvent =
  | { type: 'auth.signedIn'; accessToken: string }
  | { type: 'auth.tokenRefreshed'; accessToken: string }
  | { type: 'auth.signedOut' }
  | { type: 'auth.passwordRecovery' }
  | { type: 'session.signOut' }
  | { type: 'session.reload' };

export const USER_LOAD_TIMEOUT_MS = 7000;

/** What the user sees when the first check of the session fails for another reason than "no session". */
export const SESSION_CHECK_FAILED =
  'We could not check your session. Please reload the page or try again shortly.';

/** The API client's errors carry the HTTP status; the machine only needs to know "the server has no session". */
function isUnauthenticatedError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 401;
}

const notProvided = (name: string) => () => {
  throw new Error(`The session machine's actor '${name}' was not provided.`);
};

/**
 * The 'loading' tag, for at most the user-load cap: pages wait while it is on, and stop waiting after 7 s
 * [product: SESSION-7, SESSION-10, LIMIT-7] while the answer itself is still awaited. Every state that loads the user has these two children.
 */
const loadingAtMostUntilTheCap = {
  initial: 'waiting',
  states: {
    waiting: { tags: ['loading'], after: { userLoadTimeout: { target: 'overdue' } } },
    overdue: {},
  },
} as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    tags: {} as 'loading' | 'signingOut',
  },
  actors: {
    /** Rejects when there is no server session (401) or the call fails. */
    loadUser: fromPromise<LoadedUser>(notProvided('loadUser')),
    /** Trades the auth-service access token for a server session (POST /auth/sso/supabase). */
    exchangeToken: fromPromise<unknown, { accessToken: string }>(notProvided('exchangeToken')),
    /** Server logout, then auth-service sign-out. */
    signOut: fromPromise<void>(notProvided('signOut')),
    /** Server logout only: the auth service has already signed out. */
    serverLogout: fromPromise<void>(notProvided('serverLogout')),
  },
  actions: {
    storeUser: assign((_, loaded: LoadedUser) => ({ user: loaded.user, flags: loaded.flags })),
    clearUser: assign({ user: null, flags: null }),
    storeError: assign((_, params: { error: unknown; fallback: string }) => ({
      error: errorMessage(params.error) ?? params.fallback,
    })),
    showError: assign((_, params: { text: string }) => ({ error: params.text })),
    clearError: assign({ error: null }),
    /** Navigation to /Reset; provided by the app. */
    goToReset: () => {},
    /** Navigation to /Landing after a user-initiated sign-out; provided by the app. */
    goToLanding: () => {},
  },
  guards: {
    isUnauthenticated: (_, params: { error: unknown }) => isUnauthenticatedError(params.error),
    hasUser: ({ context }) => context.user !== null,
  },
  delays: {
    userLoadTimeout: USER_LOAD_TIMEOUT_MS,
  },
}).createMachine({
  id: 'session',
  context: { user: null, flags: null, error: null },
  initial: 'checkingUser',
  on: {
    // Both events carry a fresh auth-service token; re-entering the sign-in restarts it with the newest one.
    'auth.signedIn': { target: '.signingIn' },
    'auth.tokenRefreshed': { target: '.signingIn' },
    'auth.passwordRecovery': { actions: 'goToReset' },
  },
  states: {
    checkingUser: {
      ...loadingAtMostUntilTheCap,
      invoke: {
        src: 'loadUser',
        onDone: { target: 'signedIn', actions: { type: 'storeUser', params: ({ event }) => event.output } },
        onError: [
          // No server session is the ordinary anonymous visit, not an error to show.
          {
            guard: { type: 'isUnauthenticated', params: ({ event }) => ({ error: event.error }) },
            target: 'anonymous',
            actions: 'clearUser',
          },
          // Anything else (5xx, network, an answer of the wrong shape) is said, not passed off as anonymous [product: MSG-SESSION-4].
          {
            target: 'checkFailed',
            actions: ['clearUser', { type: 'showError', params: { text: SESSION_CHECK_FAILED } }],
          },
        ],
      },
      on: { 'auth.signedOut': { target: 'loggingOut' } },
    },
    anonymous: {
      on: {
        'auth.signedOut': { target: 'loggingOut' },
        'session.reload': { target: 'reloadingUser' },
      },
    },
    // Shown as anonymous, with the error; a reload (or a sign-in) tries again.
    checkFailed: {
      on: {
        'auth.signedOut': { target: 'loggingOut' },
        'session.reload': { target: 'reloadingUser' },
      },
    },
    // The auth service signed someone in: trade its token for a server session, then load the user. The 7 s cap
    // runs over both steps together, in its own region.
    signingIn: {
      type: 'parallel',
      entry: 'clearError',
      on: { 'auth.signedOut': { target: 'loggingOut' } },
      states: {
        steps: {
          initial: 'exchangingToken',
          states: {
            exchangingToken: {
              invoke: {
                src: 'exchangeToken',
                input: ({ event }) => {
                  assertEvent(event, ['auth.signedIn', 'auth.tokenRefreshed']);
                  return { accessToken: event.accessToken };
                },
                onDone: { target: 'loadingUser' },
                // A refused exchange may still leave an older server session in place; loading the user decides.
                onError: { target: 'loadingUser' },
              },
            },
            loadingUser: {
              invoke: {
                src: 'loadUser',
                onDone: {
                  target: '#session.signedIn',
                  actions: { type: 'storeUser', params: ({ event }) => event.output },
                },
                onError: {
                  target: '#session.discardingSession',
                  actions: {
                    type: 'storeError',
                    params: ({ event }) => ({
                      error: event.error,
                      fallback: 'Could not load your account after sign-in.',
                    }),
                  },
                },
              },
            },
          },
        },
        patience: loadingAtMostUntilTheCap,
      },
    },
    // The auth service says signed in but the server has no user: sign out everywhere so both sides agree.
    discardingSession: {
      entry: 'clearUser',
      invoke: {
        src: 'signOut',
        onDone: { target: 'signInFailed' },
        onError: { target: 'signInFailed' },
      },
    },
    signInFailed: {
      on: {
        'auth.signedOut': { target: 'loggingOut' },
        'session.reload': { target: 'reloadingUser' },
      },
    },
    signedIn: {
      on: {
        'auth.signedOut': { target: 'loggingOut' },
        'session.signOut': { target: 'signingOut' },
        'session.reload': { target: 'reloadingUser' },
      },
    },
    // Keeps the current user while reloading; the guard waits (at most 7 s) so it never acts on stale flags.
    reloadingUser: {
      ...loadingAtMostUntilTheCap,
      entry: 'clearError',
      invoke: {
        src: 'loadUser',
        onDone: { target: 'signedIn', actions: { type: 'storeUser', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isUnauthenticated', params: ({ event }) => ({ error: event.error }) },
            target: 'anonymous',
            actions: 'clearUser',
          },
          {
            target: 'reloadFailed',
            actions: {
              type: 'storeError',
              params: ({ event }) => ({ error: event.error, fallback: 'Could not refresh your account.' }),
            },
          },
        ],
      },
      on: { 'auth.signedOut': { target: 'loggingOut' } },
    },
    // A transient failure (network, 5xx) keeps whatever user was known; the error says why nothing changed.
    reloadFailed: {
      on: {
        'auth.signedOut': { target: 'loggingOut' },
        // Only someone who is signed in can sign out (the account menu is theirs).
        'session.signOut': { guard: 'hasUser', target: 'signingOut' },
        'session.reload': { target: 'reloadingUser' },
      },
    },
    // Auth-service SIGNED_OUT events that the sign-out itself causes are ignored here on purpose.
    signingOut: {
      tags: ['signingOut'],
      entry: 'clearError',
      invoke: {
        src: 'signOut',
        onDone: { target: 'anonymous', actions: ['clearUser', 'goToLanding'] },
        // Signing out must always end signed out locally: on logout failure it goes to Landing [product: SET-10].
        onError: {
          target: 'anonymous',
          actions: [
            'clearUser',
            {
              type: 'storeError',
              params: ({ event }) => ({ error: event.error, fallback: 'Sign out failed.' }),
            },
            'goToLanding',
          ],
        },
      },
    },
    loggingOut: {
      entry: 'clearUser',
      invoke: {
        src: 'serverLogout',
        onDone: { target: 'anonymous' },
        onError: { target: 'anonymous' },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
export type SessionActorRef = ActorRefFrom<SessionMachine>;
export type SessionSnapshot = SnapshotFrom<SessionMachine>;
