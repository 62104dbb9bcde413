import { createTheme, Menu, Modal } from '@mantine/core';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import * as v from 'valibot';
import { createActor, fromPromise } from 'xstate';
import { type CurrentUserInput, currentUserSchema } from '../../contract/user';
import { type LoadedUser, sessionMachine } from '../../src/machines/session';
import { sessionNavigation } from '../../src/routes/navigation';
import { createAppRouter, rerunGuardsOnSessionChange } from '../../src/routes/router';
import { createSessionPort } from '../../src/routes/session-port';
import type { SignInEffects } from '../../src/services/sign-in-effects';
import { AppProviders } from '../../src/ui/AppProviders';

/** Menus and dialogs open and close at once in tests: no transitions to wait for. */
const testTheme = createTheme({
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
  /** Holds back the session actor's chunk until it resolves (default: loaded at once). */
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

/**
 * The whole SPA at `path`: the real session and sign-in machines (only their actors' effects are doubles), the
 * real route tree with its guards, and the real providers.
 */
export function renderApp(path: string, doubles: AppDoubles = {}) {
  const session = createActor(
    sessionMachine.provide({
      actors: {
        loadUser: fromPromise(() => (doubles.loadUser ?? (() => Promise.reject(noServerSession())))()),
        exchangeToken: fromPromise<unknown, { accessToken: string }>(({ input }) =>
          (doubles.exchangeToken ?? (async () => ({})))(input.accessToken),
        ),
        signOut: fromPromise(() => (doubles.signOut ?? (async () => {}))()),
        serverLogout: fromPromise(() => (doubles.serverLogout ?? (async () => {}))()),
      },
      actions: sessionNavigation(() => router),
    }),
  );
  const sessionPort = createSessionPort((doubles.sessionChunk ?? Promise.resolve()).then(() => session));
  const router = createAppRouter({
    session: sessionPort,
    runtimeConfig: async () => ({
      supabaseUrl: doubles.authService ? 'https://auth.example' : null,
      supabaseAnonKey: doubles.authService ? 'anon-key' : null,
      dashboardUrl: 'https://dash.example',
    }),
    signInEffects: async () => signInEffects(doubles.authService),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  rerunGuardsOnSessionChange(router, sessionPort);
  session.start();
  const view = render(
    <AppProviders theme={testTheme}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, session, pathname: () => router.state.location.pathname };
}
