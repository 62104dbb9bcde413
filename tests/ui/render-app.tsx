import { createTheme, Menu, Modal } from '@mantine/core';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { type AppIO, flowRegistry } from '../../src/app/flows';
import { type AppRootOptions, createAppRoot } from '../../src/app/root';
import { portMethodsOf } from '../../src/machines/io';
import type { LoadedUser, SessionActorRef } from '../../src/machines/session';
import type { Services } from '../../src/services/io-deps';
import { AppProviders } from '../../src/ui/AppProviders';
import { noServerSession } from './app-fixtures';

// The fixtures (no DOM, no app: the mutation run's node copies of the model tests import them too).
export { aUser, deferred, fakeTab, noServerSession, signedIn } from './app-fixtures';

/** Menus and dialogs open and close at once in tests: no transitions to wait for. */
export const testTheme = createTheme({
  components: {
    Menu: Menu.extend({ defaultProps: { transitionProps: { duration: 0 }, hideDetached: false } }),
    Modal: Modal.extend({ defaultProps: { transitionProps: { duration: 0 } } }),
  },
});

/** Each flow's port methods the test replaces, by flow name (the registry's names: src/app/flows.ts). */
export type FlowDoubles = { [Name in keyof AppIO]?: Partial<AppIO[Name]> };

export interface AppDoubles extends FlowDoubles {
  /**
   * Who the server says is signed in: the session's `loadUser` (default: nobody, a 401), and what the identity
   * calls of the other flows answer. The session's token exchange and refresh answer it too, unless the test gives
   * `session: { signIn, refreshSession }`.
   */
  loadUser?: () => Promise<LoadedUser>;
  /**
   * Whether the deployment has an auth service. Absent: it has none, and sign-in goes to the server's login page
   * (the sign-up dialog then says sign-up is not available).
   */
  authService?: boolean;
  /** Holds back the flows' chunk (and with it the session actor) until it resolves (default: loaded at once). */
  sessionChunk?: Promise<void>;
}

export const notImplemented = () => Object.assign(new Error('Not implemented'), { status: 501 });

/**
 * What every flow's I/O does in a test, unless the test says otherwise. Every request (an invoked actor) the test
 * does not stub fails it, naming the request, except the ones below: the session's calls and the identity calls
 * answer the user `loadUser` gives (as the server would); the landing page's API calls (and the portal's) answer 501
 * like a server without the route would. Commands (navigation, leaving the page, storage, the console) stay the
 * app's own, so a test sees where the page goes; leaving it is recorded in `leftTo`.
 */
function defaultsOf(doubles: AppDoubles): FlowDoubles {
  const missing = async () => {
    throw notImplemented();
  };
  const loadUser = doubles.loadUser ?? (() => Promise.reject(noServerSession()));
  const sessionUser = async () => (await loadUser()).user;
  return {
    session: {
      loadUser,
      signIn: () => loadUser(),
      refreshSession: () => loadUser(),
      signOut: async () => {},
      serverLogout: async () => {},
    },
    signIn: { prepareAuthService: () => {} },
    onboarding: { readPendingOnboarding: async () => null },
    billing: { loadWebhookHealth: async () => null, detectArrival: async () => ({ from: 'elsewhere' }) },
    dashboardLink: { refreshIdentity: sessionUser },
    settings: { loadCurrentUser: sessionUser },
    landingAddress: { syncSubscription: missing, authServiceSettled: async () => {} },
    pricingAction: { createCheckoutSession: missing },
    portal: { openPortal: missing },
    contact: { sendContact: missing },
    landingAccount: { lookupTrial: missing },
  };
}

/** Requests the app answers from the page itself (its address, its session), not a server: they stay its own. */
const PAGE_REQUESTS: { [Name in keyof AppIO]?: readonly (keyof AppIO[Name])[] } = {
  landingAddress: ['readAddress'],
  onboarding: ['reloadSession'],
};

/** The doubles of every registered flow's port: the test's stubs, else the defaults, else a failing request. */
function flowDoubles(doubles: AppDoubles): FlowDoubles {
  const defaults = defaultsOf(doubles);
  return Object.fromEntries(
    Object.entries(flowRegistry).map(([name, { machine }]) => {
      const flow = name as keyof AppIO;
      const kept: readonly string[] = PAGE_REQUESTS[flow] ?? [];
      const failing = portMethodsOf(machine)
        .requests.filter((request) => !kept.includes(request))
        .map((request) => [
          request,
          async () => {
            throw new Error(`The test did not expect the ${name} request '${request}'.`);
          },
        ]);
      return [name, { ...Object.fromEntries(failing), ...defaults[flow], ...doubles[flow] }];
    }),
  );
}

/**
 * Services no test reaches: a flow's I/O is made from them, but every method a test runs is a double or works on the
 * page alone. Using one fails the test, naming it.
 */
const unreachable = (path: string): object =>
  new Proxy(() => {}, {
    get: (_, key) => unreachable(`${path}.${String(key)}`),
    apply: () => {
      throw new Error(`A test reached ${path}: stub the port method that needs it.`);
    },
  });
export const unreachableServices = {
  api: unreachable('api'),
  authService: unreachable('authService'),
  tabs: unreachable('tabs'),
} as Services;

/** What the composition root's services loader answers in a test: no network, the deployment's settings. */
export const testServices = (doubles: Pick<AppDoubles, 'authService'> = {}) => ({
  services: unreachableServices,
  runtimeConfig: async () => ({
    supabaseUrl: doubles.authService ? 'https://auth.example' : null,
    supabaseAnonKey: doubles.authService ? 'anon-key' : null,
    dashboardUrl: 'https://dash.example',
  }),
});

/** The composition root with doubles for every flow's I/O: what the browser builds, minus the network. */
export function createTestRoot(path: string, doubles: AppDoubles = {}, options: AppRootOptions = {}) {
  const leftTo: string[] = [];
  const root = createAppRoot({
    services: async () => testServices(doubles),
    io: flowDoubles(doubles),
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
 * guards, the real providers; only the flows' requests are doubles.
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
    /** Path, query and hash, as the address bar shows them. */
    href: () => router.state.location.href,
  };
}
