import { createTheme, Menu, Modal } from '@mantine/core';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import * as v from 'valibot';
import { type CurrentUserInput, currentUserSchema } from '../../contract/user';
import { type AppRootOptions, createAppRoot } from '../../src/app/root';
import type { AuthToken, LoadedUser, SessionActorRef } from '../../src/machines/session';
import type { AccountEffects } from '../../src/services/account-effects';
import type { BillingEffects } from '../../src/services/billing-effects';
import type { LandingEffects } from '../../src/services/landing-effects';
import type { OnboardingEffects } from '../../src/services/onboarding-effects';
import type { PasswordResetEffects } from '../../src/services/password-reset-effects';
import type { RefundEffects } from '../../src/services/refund-effects';
import type { SessionEffects } from '../../src/services/session-effects';
import type { SignInEffects } from '../../src/services/sign-in-effects';
import type { SignupEffects } from '../../src/services/signup-effects';
import { AppProviders } from '../../src/ui/AppProviders';

/** Menus and dialogs open and close at once in tests: no transitions to wait for. */
export const testTheme = createTheme({
  components: {
    Menu: Menu.extend({ defaultProps: { transitionProps: { duration: 0 }, hideDetached: false } }),
    Modal: Modal.extend({ defaultProps: { transitionProps: { duration: 0 } } }),
  },
});

export function aUser(overrides: Partial<CurrentUserInput> = {}) {
  return v.parse(currentUserSchema, {
    id: 'user-1',
    email: 'casey@example.com',
    full_name: 'Casey Jones',
    role: 'user',
    ...overrides,
  });
}

export function signedIn(
  options: { onboardingRequired?: boolean; user?: Partial<CurrentUserInput> } = {},
): LoadedUser {
  return {
    user: aUser(options.user),
    flags: {
      has_signup: !options.onboardingRequired,
      onboarding_required: options.onboardingRequired ?? false,
    },
    authSessionId: 'auth-session-1',
  };
}

export const noServerSession = () => Object.assign(new Error('Not authenticated'), { status: 401 });

/** A promise the test settles by hand, to observe what the app shows meanwhile. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A stand-in for the tab `window.open('', '_blank')` answers: where the app sent it is its `location.href`. */
export function fakeTab() {
  return { opener: {} as unknown, closed: false, location: { href: 'about:blank' } };
}

export interface AppDoubles {
  loadUser?: () => Promise<LoadedUser>;
  /** The token exchange; default: the server now holds the session, so it answers what `loadUser` does. */
  signIn?: (token: AuthToken) => Promise<LoadedUser>;
  /** Default: the server session is extended and answers what `loadUser` does. */
  refreshSession?: (token: AuthToken) => Promise<LoadedUser>;
  signOut?: (options: { everywhere: boolean; reason: string | null }) => Promise<void>;
  serverLogout?: () => Promise<void>;
  /**
   * The auth service as the sign-in dialog uses it. Absent: the deployment has no auth service, and sign-in goes
   * to the server's login page. A request the test does not stub fails the test.
   */
  authService?: Partial<SignInEffects>;
  /**
   * The account flows' requests (Profile, Settings, Dashboard). The identity calls answer the session's user (as the
   * server would); a save the test does not stub fails it.
   */
  account?: Partial<AccountEffects>;
  /** The sign-up dialog's requests (needs `authService` too, for the dialog to offer sign-up at all). */
  signup?: Partial<SignupEffects>;
  /** Onboarding's requests; default: no pending item, and any other request fails the test. */
  onboarding?: Partial<OnboardingEffects>;
  passwordReset?: Partial<PasswordResetEffects>;
  /**
   * The billing page's effects (info, health, checkout, portal, cancel, change plan). A request the test does not
   * stub fails the test; the portal-return flag reads false and leaving the page is recorded in `leftTo`.
   */
  billing?: Partial<BillingEffects>;
  /** The admin refund requests; one the test does not stub fails the test. */
  refund?: Partial<RefundEffects>;
  /**
   * The landing page's API calls (billing, contact, identity, the auth service's reading of the address). A call
   * the test does not stub answers 501 like a server without the route would, except the auth service's, which
   * settles at once.
   */
  landing?: Partial<LandingEffects>;
  /** Holds back the flows' chunk (and with it the session actor) until it resolves (default: loaded at once). */
  sessionChunk?: Promise<void>;
}

function signInEffects(stubs: Partial<SignInEffects> = {}): SignInEffects {
  const unexpected = (name: string) => async () => {
    throw new Error(`The test did not expect the sign-in request '${name}'.`);
  };
  return {
    prepare: async () => {},
    signInWithPassword: unexpected('signInWithPassword'),
    signOut: unexpected('signOut'),
    startGoogleSignIn: unexpected('startGoogleSignIn'),
    requestPasswordReset: unexpected('requestPasswordReset'),
    resendConfirmation: unexpected('resendConfirmation'),
    ...stubs,
  };
}

function accountEffects(doubles: AppDoubles): AccountEffects {
  const unexpected = (name: string) => async () => {
    throw new Error(`The test did not expect the account request '${name}'.`);
  };
  const sessionUser = async () =>
    (await (doubles.loadUser ?? (() => Promise.reject(noServerSession())))()).user;
  return {
    refreshIdentity: sessionUser,
    loadCurrentUser: sessionUser,
    updateProfile: unexpected('updateProfile'),
    saveSettings: unexpected('saveSettings'),
    ...doubles.account,
  };
}

/** Effects a test did not stub: calling one fails the test with its name. */
function unexpectedRequests<T extends object>(
  flow: string,
  stubs: Partial<T>,
  names: readonly (keyof T)[],
): T {
  const unexpected = (name: keyof T) => async () => {
    throw new Error(`The test did not expect the ${flow} request '${String(name)}'.`);
  };
  return { ...Object.fromEntries(names.map((name) => [name, unexpected(name)])), ...stubs } as T;
}

function billingEffects(stubs: Partial<BillingEffects> = {}, leftTo: string[]): BillingEffects {
  const unexpected = (name: string) => async () => {
    throw new Error(`The test did not expect the billing request '${name}'.`);
  };
  return {
    loadInfo: unexpected('loadInfo'),
    loadWebhookHealth: async () => null,
    syncSubscription: unexpected('syncSubscription'),
    createCheckout: unexpected('createCheckout'),
    openPortal: unexpected('openPortal'),
    changePlan: unexpected('changePlan'),
    cancel: unexpected('cancel'),
    detectArrival: async () => ({ from: 'elsewhere' }),
    goToCheckout: (url) => leftTo.push(url),
    goToPortal: (url) => leftTo.push(url),
    ...stubs,
  };
}

export const notImplemented = () => Object.assign(new Error('Not implemented'), { status: 501 });

function landingEffects(stubs: Partial<LandingEffects> = {}): LandingEffects {
  const missing = async () => {
    throw notImplemented();
  };
  return {
    syncSubscription: missing,
    authServiceSettled: async () => {},
    createCheckoutSession: missing,
    openPortal: missing,
    sendContact: missing,
    lookupTrial: missing,
    ...stubs,
  };
}

function refundEffects(stubs: Partial<RefundEffects> = {}): RefundEffects {
  const unexpected = (name: string) => async () => {
    throw new Error(`The test did not expect the refund request '${name}'.`);
  };
  return { reverse: unexpected('reverse'), recentReversals: unexpected('recentReversals'), ...stubs };
}

function sessionEffects(doubles: AppDoubles): SessionEffects {
  const loadUser = doubles.loadUser ?? (() => Promise.reject(noServerSession()));
  return {
    loadUser,
    signIn: doubles.signIn ?? (() => loadUser()),
    refreshSession: doubles.refreshSession ?? (() => loadUser()),
    signOut: doubles.signOut ?? (async () => {}),
    serverLogout: doubles.serverLogout ?? (async () => {}),
  };
}

/** The composition root with doubles for every effect: what the browser builds, minus the network. */
export function createTestRoot(path: string, doubles: AppDoubles = {}, options: AppRootOptions = {}) {
  const leftTo: string[] = [];
  const root = createAppRoot({
    services: async () => ({
      effects: {
        session: sessionEffects(doubles),
        signIn: signInEffects(doubles.authService),
        account: accountEffects(doubles),
        signup: unexpectedRequests<SignupEffects>('sign-up', doubles.signup ?? {}, [
          'findSignup',
          'signUp',
          'resendConfirmation',
          'signIn',
          'rememberPendingOnboarding',
        ]),
        onboarding: unexpectedRequests<OnboardingEffects>(
          'onboarding',
          { readPendingOnboarding: async () => null, ...doubles.onboarding },
          ['createSignup', 'forgetPendingOnboarding'],
        ),
        passwordReset: unexpectedRequests<PasswordResetEffects>(
          'password reset',
          doubles.passwordReset ?? {},
          ['pickUpSession', 'updatePassword'],
        ),
        billing: billingEffects(doubles.billing, leftTo),
        refund: refundEffects(doubles.refund),
        landing: landingEffects(doubles.landing),
      },
      runtimeConfig: async () => ({
        supabaseUrl: doubles.authService ? 'https://auth.example' : null,
        supabaseAnonKey: doubles.authService ? 'anon-key' : null,
        dashboardUrl: 'https://dash.example',
      }),
    }),
    history: createMemoryHistory({ initialEntries: [path] }),
    actorOptions: {},
    apiBase: '/api',
    leaveTo: (url) => leftTo.push(url),
    ...(doubles.sessionChunk
      ? {
          loadFlowsChunk: () =>
            (doubles.sessionChunk ?? Promise.resolve()).then(() => import('../../src/app/flows')),
        }
      : {}),
    ...options,
  });
  return { ...root, leftTo };
}

/**
 * The whole SPA at `path`, built by the app's own composition root: the real machines and route tree with its
 * guards, the real providers; only the effects behind the actors are doubles.
 */
export function renderApp(path: string, doubles: AppDoubles = {}, options: AppRootOptions = {}) {
  return mount(createTestRoot(path, doubles, options));
}

/**
 * The SPA at `path` once its flows, session actor and configuration have loaded, as a page is after its first
 * paint. Nothing suspends on the way, so React never holds a reveal back for its fallback throttle (300 ms): for
 * tests that replay many paths through a page and do not look at its first paint.
 */
export async function renderLoadedApp(path: string, doubles: AppDoubles = {}, options: AppRootOptions = {}) {
  const root = createTestRoot(path, doubles, options);
  await Promise.all([root.context.flows, root.context.session.ready, root.context.runtimeConfig]);
  return mount(root);
}

function mount(root: ReturnType<typeof createTestRoot>) {
  const { router, context } = root;
  const view = render(
    <AppProviders theme={testTheme}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return {
    ...view,
    router,
    leftTo: root.leftTo,
    /** The running session actor (throws before its chunk has loaded: wait for something on screen first). */
    get session(): SessionActorRef {
      const actor = context.session.current();
      if (!actor) throw new Error('The session actor has not loaded yet.');
      return actor;
    },
    pathname: () => router.state.location.pathname,
  };
}
