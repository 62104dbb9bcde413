import { type ActorRefFrom, assertEvent, assign, type SnapshotFrom, setup } from 'xstate';
import { SIGN_IN_ENDED_MESSAGE } from '../../contract/session';
import type { CurrentUser, ProfileFlags } from '../../contract/user';
import { errorMessage, isUnauthenticatedError, statusOf } from '../domain/messages';
import { RETRY_ATTEMPTS_TO_MAX, retryDelayMs } from '../domain/retry';
import { command, type PortIO, port, request } from './io';

/**
 * The signed-in session of the SPA [product: SESSION]: who the user is, the profile flags that drive onboarding, and
 * how the auth service's events turn into calls on the server session. A sign-in is exchanged once; a token refresh
 * extends the server session without a sign-in; a page load or another tab reuses the server session. Its port is
 * implemented by src/services/session-io.ts; tests provide doubles. docs/machines/session.md walks through it.
 */

export type SessionUser = CurrentUser;
export type SessionFlags = ProfileFlags;

/** A token of the auth service, with the auth-service session it belongs to (its `session_id`), when it names one. */
export interface AuthToken {
  accessToken: string;
  authSessionId: string | null;
}

/** What loading the identity answers: the user, the top-level flags, and which auth-service session is behind it. */
export interface LoadedUser {
  user: SessionUser;
  flags: SessionFlags;
  /** The auth-service session the server session was opened from, as far as this browser knows (null: unknown). */
  authSessionId: string | null;
}

/** The newest token the auth service reported and the session has not acted on yet. */
interface PendingToken extends AuthToken {
  kind: 'signIn' | 'refresh';
}

export interface SessionContext {
  user: SessionUser | null;
  flags: SessionFlags | null;
  error: string | null;
  /** The auth-service session the server session belongs to (null: none, or unknown). */
  authSessionId: string | null;
  pending: PendingToken | null;
  /** Failed refreshes in a row (network, 5xx), for the backoff; 0 after a success. */
  refreshAttempts: number;
}

export type SessionEvent =
  /** SIGNED_IN or INITIAL_SESSION: the auth service holds this session (a new sign-in, or one already known). */
  | ({ type: 'auth.signedIn' } & AuthToken)
  | ({ type: 'auth.tokenRefreshed' } & AuthToken)
  | { type: 'auth.signedOut' }
  | { type: 'auth.passwordRecovery' }
  /** Another tab of this browser opened a server session (the cookie is shared): read it. */
  | { type: 'tabs.signedIn' }
  /** Another tab signed out (the user asked, or its sign-in ended: then `reason` says why). */
  | { type: 'tabs.signedOut'; reason: string | null }
  | { type: 'session.signOut' }
  | { type: 'session.reload' };

export const USER_LOAD_TIMEOUT_MS = 7000;

/** What the user sees when the first check of the session fails for another reason than "no session". */
export const SESSION_CHECK_FAILED =
  'We could not check your session. Please reload the page or try again shortly.';

/** What the user sees while a hung identity call is tried again after the 7 s cap. */
export const SERVER_UNREACHABLE = 'The server could not be reached. Trying again…';

/** What the session asks of the product API, the auth service, the other tabs and the page (src/services/session-io.ts). */
export const sessionPort = port('session', {
  /** GET /auth/me?include_flags=true. Rejects when there is no server session (401) or the call fails. */
  loadUser: request<() => Promise<LoadedUser>>(),
  /**
   * Trades the token for a server session (POST /auth/sso/supabase), unless another tab already did for the
   * same auth-service session; answers the user either way.
   */
  signIn: request<(token: AuthToken) => Promise<LoadedUser>>(),
  /** A refreshed token extends the server session it belongs to (POST /auth/refresh); answers the user. */
  refreshSession: request<(token: AuthToken) => Promise<LoadedUser>>(),
  /**
   * Server logout and auth-service sign-out, telling the other tabs; `everywhere` ends the auth service's other
   * sessions of the user too (the user asked), `reason` is what the other tabs say.
   */
  signOut: request<(options: { everywhere: boolean; reason: string | null }) => Promise<void>>(),
  /** Server logout only: the auth service has already signed out. */
  serverLogout: request<() => Promise<void>>(),
  /** Navigation to /Reset. */
  goToReset: command<() => void>(),
  /** Navigation to /Landing after a user-initiated sign-out. */
  goToLanding: command<() => void>(),
});
export type SessionIO = PortIO<typeof sessionPort>;

const pendingToken = ({ context }: { context: SessionContext }): AuthToken => {
  if (!context.pending) throw new Error('No auth-service token to act on.');
  return { accessToken: context.pending.accessToken, authSessionId: context.pending.authSessionId };
};

const sessionSetup = setup({
  // Stryker disable next-line ObjectLiteral: equivalent, xstate's setup never reads `types` at run time (type-checking only)
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    tags: {} as 'loading' | 'signingOut',
  },
  actors: sessionPort.actors,
  actions: {
    ...sessionPort.actions,
    storeUser: assign((_, loaded: LoadedUser) => ({
      user: loaded.user,
      flags: loaded.flags,
      authSessionId: loaded.authSessionId,
      error: null,
    })),
    /** Nobody is signed in here any more: no user, and no token or retry of theirs left to act on. */
    clearUser: assign({ user: null, flags: null, authSessionId: null, pending: null, refreshAttempts: 0 }),
    /** The newest token wins: a later SIGNED_IN or TOKEN_REFRESHED replaces an earlier one not acted on yet. */
    keepToken: assign(({ event }) => {
      assertEvent(event, ['auth.signedIn', 'auth.tokenRefreshed']);
      const kind = event.type === 'auth.signedIn' ? 'signIn' : 'refresh';
      return { pending: { kind, accessToken: event.accessToken, authSessionId: event.authSessionId } };
    }),
    forgetToken: assign({ pending: null, refreshAttempts: 0 }),
    countRefreshAttempt: assign({
      refreshAttempts: ({ context }) => Math.min(context.refreshAttempts + 1, RETRY_ATTEMPTS_TO_MAX),
    }),
    /** A known user keeps being shown with the reason [product: MSG-SESSION-2]; a first check says it failed. */
    sayLoadFailed: assign(({ context }, params: { error: unknown }) => ({
      error: context.user
        ? (errorMessage(params.error) ?? 'Could not refresh your account.')
        : SESSION_CHECK_FAILED,
    })),
    storeError: assign((_, params: { error: unknown; fallback: string }) => ({
      error: errorMessage(params.error) ?? params.fallback,
    })),
    showError: assign((_, params: { text: string | null }) => ({ error: params.text })),
    clearError: assign({ error: null }),
  },
  guards: {
    isUnauthenticated: (_, params: { error: unknown }) => isUnauthenticatedError(params.error),
    hasUser: ({ context }) => context.user !== null,
    isUnauthenticatedWithToken: ({ context }, params: { error: unknown }) =>
      isUnauthenticatedError(params.error) && context.pending !== null,
    /** The auth service reports the very session the server session was opened from: nothing to trade. */
    isHeldAuthSession: ({ context }, params: { authSessionId: string | null }) =>
      params.authSessionId !== null && params.authSessionId === context.authSessionId,
    /** A sign-in reported while the server session was being read, for another auth-service session. */
    isSignInPending: ({ context }, params: { loaded: LoadedUser }) =>
      context.pending !== null &&
      (context.pending.authSessionId === null ||
        context.pending.authSessionId !== params.loaded.authSessionId),
    isRefreshPending: ({ context }) => context.pending?.kind === 'refresh',
    /** The network, the server or a limit: worth trying again. */
    isTransientFailure: (_, params: { error: unknown }) => {
      const status = statusOf(params.error);
      return status === null || status >= 500 || status === 429;
    },
    /** No server session any more (401), or the token belongs to a sign-in it never heard of (409). */
    needsSignIn: (_, params: { error: unknown }) => {
      const status = statusOf(params.error);
      // A status means one of the API client's errors, which carry the server's code beside it.
      return (
        (status === 401 && (params.error as { code?: unknown }).code !== 'invalid_token') || status === 409
      );
    },
  },
  delays: {
    userLoadTimeout: USER_LOAD_TIMEOUT_MS,
    refreshRetryDelay: ({ context }) => retryDelayMs(context.refreshAttempts),
  },
});

/**
 * The identity call and what its answer means, the same in `loadingUser` and `unreachable`. A sign-in reported
 * meanwhile for another auth-service session (or with no server session) is traded now; a refresh reported meanwhile
 * is sent once the user is known. Tokens reported meanwhile wait for the answer.
 */
const readingTheServerSession = sessionSetup.createStateConfig({
  invoke: {
    src: 'loadUser',
    onDone: [
      {
        guard: { type: 'isSignInPending', params: ({ event }) => ({ loaded: event.output }) },
        target: '#session.signingIn',
      },
      {
        guard: 'isRefreshPending',
        target: '#session.signedIn.refreshing',
        actions: { type: 'storeUser', params: ({ event }) => event.output },
      },
      {
        target: '#session.signedIn',
        actions: [{ type: 'storeUser', params: ({ event }) => event.output }, 'forgetToken'],
      },
    ],
    onError: [
      {
        // No server session, but the auth service has one: trade it [product: SESSION-4].
        guard: { type: 'isUnauthenticatedWithToken', params: ({ event }) => ({ error: event.error }) },
        target: '#session.signingIn',
      },
      // No server session is the ordinary anonymous visit, not an error to show.
      {
        guard: { type: 'isUnauthenticated', params: ({ event }) => ({ error: event.error }) },
        target: '#session.anonymous',
        actions: ['clearUser', 'clearError'],
      },
      // Anything else (5xx, network, an answer of the wrong shape) is said, not passed off as anonymous
      // [product: MSG-SESSION-4]; a user already shown stays [product: MSG-SESSION-2].
      {
        target: '#session.loadFailed',
        actions: { type: 'sayLoadFailed', params: ({ event }) => ({ error: event.error }) },
      },
    ],
  },
  on: {
    'auth.signedIn': { actions: 'keepToken' },
    'auth.tokenRefreshed': { actions: 'keepToken' },
  },
});

/** While signing out, what the auth service and the other tabs report is the sign-out's own echo. */
const ignoringOutsideEvents = {
  'auth.signedIn': {},
  'auth.tokenRefreshed': {},
  'auth.signedOut': {},
  'tabs.signedIn': {},
  'tabs.signedOut': {},
} as const;

export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  context: { user: null, flags: null, error: null, authSessionId: null, pending: null, refreshAttempts: 0 },
  initial: 'loadingUser',
  // What holds in every state; the states that must not react say so themselves.
  on: {
    'auth.signedIn': { target: '.signingIn', actions: 'keepToken' },
    'auth.tokenRefreshed': { target: '.signingIn', actions: 'keepToken' },
    // Signed out by the auth service itself (expiry, a refused refresh, another tab's or device's sign-out).
    'auth.signedOut': [
      {
        guard: 'hasUser',
        target: '.loggingOut',
        actions: { type: 'showError', params: { text: SIGN_IN_ENDED_MESSAGE } },
      },
      { target: '.loggingOut' },
    ],
    'auth.passwordRecovery': { actions: 'goToReset' },
    'tabs.signedIn': { target: '.loadingUser' },
    'tabs.signedOut': {
      target: '.anonymous',
      actions: ['clearUser', { type: 'showError', params: ({ event }) => ({ text: event.reason }) }],
    },
  },
  states: {
    // Reads the server session (the first check, a reload, another tab's sign-in), keeping any user known so far.
    // Pages wait on the 'loading' tag for at most the 7 s cap [product: SESSION-7, SESSION-10, LIMIT-7].
    loadingUser: {
      ...readingTheServerSession,
      tags: ['loading'],
      entry: 'clearError',
      after: { userLoadTimeout: { target: 'unreachable' } },
    },
    // The identity call hung past the cap: said, and tried again every 7 s, instead of a silent visitor view.
    unreachable: {
      ...readingTheServerSession,
      entry: { type: 'showError', params: { text: SERVER_UNREACHABLE } },
      after: { userLoadTimeout: { target: 'unreachable', reenter: true } },
    },
    anonymous: {
      on: { 'session.reload': { target: 'loadingUser' } },
    },
    // Shown as before (a visitor, or the user kept), with the error; a reload (or a sign-in) tries again.
    loadFailed: {
      on: {
        'session.reload': { target: 'loadingUser' },
        // Only someone who is signed in can sign out (the account menu is theirs).
        'session.signOut': { guard: 'hasUser', target: 'signingOut' },
      },
    },
    // The auth service signed someone in that the server does not hold yet: trade the token for a server session.
    // The 'loading' tag stays for at most the cap, while the answer itself is still awaited.
    signingIn: {
      initial: 'waiting',
      entry: 'clearError',
      invoke: {
        src: 'signIn',
        input: pendingToken,
        onDone: {
          target: 'signedIn',
          actions: [{ type: 'storeUser', params: ({ event }) => event.output }, 'forgetToken'],
        },
        // Refused (an ended sign-in, a limit with its wait), or unreachable: both sides sign out so they agree.
        onError: {
          target: 'discardingSession',
          actions: {
            type: 'storeError',
            params: ({ event }) => ({
              error: event.error,
              fallback: 'Could not load your account after sign-in.',
            }),
          },
        },
      },
      states: {
        waiting: { tags: ['loading'], after: { userLoadTimeout: { target: 'overdue' } } },
        overdue: {},
      },
    },
    // The auth service says signed in but the server will not have it: sign out of both so they agree.
    discardingSession: {
      entry: 'clearUser',
      invoke: {
        src: 'signOut',
        input: ({ context }) => ({ everywhere: false, reason: context.error }),
        onDone: { target: 'signInFailed' },
        onError: { target: 'signInFailed' },
      },
      on: ignoringOutsideEvents,
    },
    signInFailed: {
      on: { 'session.reload': { target: 'loadingUser' } },
    },
    signedIn: {
      initial: 'current',
      // The backoff counts the failures of one stay: a new sign-in or a reload starts it afresh.
      entry: assign({ refreshAttempts: 0 }),
      on: {
        // INITIAL_SESSION, and SIGNED_IN again on focus or in another tab, for the session the server holds.
        'auth.signedIn': [
          { guard: { type: 'isHeldAuthSession', params: ({ event }) => event } },
          { target: 'signingIn', actions: 'keepToken' },
        ],
        'auth.tokenRefreshed': [
          {
            guard: { type: 'isHeldAuthSession', params: ({ event }) => event },
            target: '.refreshing',
            actions: 'keepToken',
          },
          { target: 'signingIn', actions: 'keepToken' },
        ],
        'session.signOut': { target: 'signingOut' },
        'session.reload': { target: 'loadingUser' },
      },
      states: {
        current: {},
        // A token refresh is not a sign-in: no 'loading' tag, the page and what is typed in it stay.
        refreshing: {
          invoke: {
            src: 'refreshSession',
            input: pendingToken,
            onDone: {
              target: 'current',
              actions: [{ type: 'storeUser', params: ({ event }) => event.output }, 'forgetToken'],
            },
            onError: [
              {
                guard: { type: 'isTransientFailure', params: ({ event }) => ({ error: event.error }) },
                target: 'waitingToRetry',
                actions: 'countRefreshAttempt',
              },
              {
                guard: { type: 'needsSignIn', params: ({ event }) => ({ error: event.error }) },
                target: '#session.signingIn',
              },
              {
                target: '#session.discardingSession',
                actions: {
                  type: 'storeError',
                  params: ({ event }) => ({ error: event.error, fallback: SIGN_IN_ENDED_MESSAGE }),
                },
              },
            ],
          },
        },
        // The server session lives on until its own bound meanwhile [product: LIMIT-18].
        waitingToRetry: {
          after: { refreshRetryDelay: { target: 'refreshing' } },
        },
      },
    },
    // Auth-service SIGNED_OUT events that the sign-out itself causes are ignored here on purpose.
    signingOut: {
      tags: ['signingOut'],
      entry: 'clearError',
      invoke: {
        src: 'signOut',
        input: { everywhere: true, reason: null },
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
      on: ignoringOutsideEvents,
    },
    loggingOut: {
      entry: 'clearUser',
      invoke: {
        src: 'serverLogout',
        onDone: { target: 'anonymous' },
        onError: { target: 'anonymous' },
      },
      on: { 'auth.signedOut': {} },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
export type SessionActorRef = ActorRefFrom<SessionMachine>;
export type SessionSnapshot = SnapshotFrom<SessionMachine>;
