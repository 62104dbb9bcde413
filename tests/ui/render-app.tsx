import { createTheme, Menu, Modal } from '@mantine/core';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import * as v from 'valibot';
import { type CurrentUserInput, currentUserSchema } from '../../contract/user';
import { type AppRootOptions, createAppRoot } from '../../src/app/root';
import type { LoadedUser, SessionActorRef } from '../../src/machines/session';
import type { LandingEffects } from '../../src/services/landing-effects';
import type { SessionEffects } from '../../src/services/session-effects';
import type { SignInEffects } from '../../src/services/sign-in-effects';
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

export interface AppDoubles {
  loadUser?: () => Promise<LoadedUser>;
  exchangeToken?: (accessToken: string) => Promise<unknown>;
  signOut?: () => Promise<void>;
  serverLogout?: () => Promise<void>;
  /**
   * The auth service as the sign-in dialog uses it. Absent: the deployment has no auth service, and sign-in goes
   * to the server's login page. A request the test does not stub fails the test.
   */
  authService?: Partial<SignInEffects>;
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
    checkIdentity: missing,
    ...stubs,
  };
}

function sessionEffects(doubles: AppDoubles): SessionEffects {
  return {
    loadUser: doubles.loadUser ?? (() => Promise.reject(noServerSession())),
    exchangeToken: doubles.exchangeToken ?? (async () => ({})),
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
  const root = createTestRoot(path, doubles, options);
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
