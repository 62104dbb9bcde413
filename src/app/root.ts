import type { AnyRoute, RouterHistory } from '@tanstack/react-router';
import type { RuntimeConfig } from '../../contract/session';
import { type AppPath, paths } from '../domain/pages';
import type { SessionEvent } from '../machines/session';
import { selectIsLoadingUser } from '../machines/session-selectors';
import { loginFallbackUrl } from '../routes/redirect';
import { createAppRouter, rerunGuardsOnSessionChange } from '../routes/router';
import type { Page, Services } from '../services/io-deps';
import type { AppContext, FlowActorOptions, Flows } from '../ui/app-context';
import type { FlowOverrides } from './flows';
import { getInspector } from './inspection';
import { createSessionPort } from './session-port';
import { settledPromise } from './settled-promise';

/**
 * The composition root: the one place that creates the services, provides every flow's machine with its actors,
 * actions and delays (./flows.ts), starts the session actor and builds the router with the app's context. The
 * browser (src/main.tsx), the landing page's build-time render (src/prerender/landing.tsx) and the tests all build
 * the app here; they differ only in the services and options they pass.
 */

/** The I/O the app needs, however it is made: the real services (loaded on demand) or test doubles. */
export interface AppServicesPort {
  /** What every flow's I/O is made from (src/services/<flow>-io.ts). */
  services: Services;
  runtimeConfig: () => Promise<RuntimeConfig>;
  /** Where the product API lives (the build's setting); absent for doubles. */
  apiBase?: string;
  /** Starts the auth service's client, so it can read a session from the address; absent for doubles. */
  startAuthService?: () => Promise<unknown>;
}

/**
 * Builds the services once; `onSessionEvent` is where the auth service and the other tabs report sign-ins and
 * sign-outs.
 */
export type ServicesLoader = (hooks: {
  onSessionEvent: (event: SessionEvent) => void;
}) => Promise<AppServicesPort>;

export interface AppRootOptions {
  /** Default: the real services, in a chunk of their own. */
  services?: ServicesLoader;
  /** Default: the browser's history; tests pass a memory history. */
  history?: RouterHistory;
  /** The landing page's build-time render: no window, nothing loads, nobody is signed in. */
  buildTime?: { origin: string };
  /** Flows to run instead of the provided ones (the model-based view replay brings its own doubles). */
  flows?: Partial<Flows>;
  /** Port methods to use instead of the flows' I/O (the UI tests' doubles, tests/ui/render-app.tsx). */
  io?: FlowOverrides['io'];
  /** Default: the Stately inspector when asked for in development. Tests pass a simulated clock. */
  actorOptions?: FlowActorOptions;
  /** Default: the API's address from the build configuration. */
  apiBase?: string;
  /** Default: `window.location.assign`. */
  leaveTo?: (url: string) => void;
  /** Default: the flows' chunk (./flows.ts); tests hold it back to see the app before it arrives. */
  loadFlowsChunk?: () => Promise<typeof import('./flows')>;
  /**
   * What the flows' and services' chunks wait for before they load; default: nothing. The browser passes the
   * hydration of the prerendered landing page, so that fetching and evaluating them (xstate builds every machine)
   * come after it, in tasks of their own, not in the task that evaluates the first load.
   */
  startAfter?: Promise<unknown>;
}

export function createAppRoot(options: AppRootOptions = {}) {
  const started = options.startAfter ?? Promise.resolve();
  const loadServices = once(() =>
    (options.services ?? loadRealServices)({
      // Events only arrive once the services have loaded; they keep their order on the way.
      onSessionEvent: (event) => void session.ready.then((actor) => actor.send(event)),
    }),
  );
  const actorOptions = options.actorOptions ?? { inspect: getInspector() };
  const navigate = (to: AppPath, navigation: { replace?: boolean } = {}) =>
    void router.navigate({ to, ...(navigation.replace ? { replace: true } : {}) });
  // The landing page opens the sign-up dialog when `show_signup` is present, whatever its value [product: PROF-5, SET-2].
  const offerSignUp = () => void router.navigate({ to: paths.landing, search: { show_signup: 1 } });
  const leaveTo = options.leaveTo ?? ((url: string) => window.location.assign(url));
  const address = {
    current: () => router.history.location.href,
    replace: (href: string) => router.history.replace(href),
    origin: () => options.buildTime?.origin ?? window.location.origin,
  };
  const page: Page = {
    navigate,
    offerSignUp,
    // Called only once the flows run, by which time the port below exists.
    reloadSession: async () => {
      const actor = await session.ready;
      actor.send({ type: 'session.reload' });
      const { waitFor } = await import('xstate');
      // Stryker disable next-line ObjectLiteral: equivalent, xstate's waitFor waits without end (Infinity) by default too
      return waitFor(actor, (snapshot) => !selectIsLoadingUser(snapshot), {
        timeout: Number.POSITIVE_INFINITY,
      });
    },
    address,
    leaveTo,
  };

  const flows: Promise<Flows> = options.buildTime
    ? never()
    : settledPromise(
        started.then(options.loadFlowsChunk ?? (() => import('./flows'))).then(({ createFlows }) =>
          createFlows(
            {
              services: async () => (await loadServices()).services,
              page,
            },
            { flows: options.flows, io: options.io },
          ),
        ),
      );
  const session = createSessionPort(
    flows.then(async (provided) => {
      // xstate is part of the flows' chunk, loaded by now; a static import would put it in the first load.
      const { createActor } = await import('xstate');
      const actor = createActor(provided.session, actorOptions);
      actor.start();
      return actor;
    }),
  );

  // The build's API address arrives with the services (their chunk parses the build settings, with valibot, out of
  // the landing page's first load); it is only needed once a visitor asks to sign in, after they have loaded.
  let apiBase = options.apiBase ?? DEFAULT_API_BASE;
  if (!options.buildTime && options.apiBase === undefined)
    void started
      .then(loadServices)
      .then((services) => {
        apiBase = services.apiBase ?? apiBase;
      })
      .catch(() => {});
  const context: AppContext = {
    session,
    runtimeConfig: options.buildTime
      ? never()
      : settledPromise(
          started
            .then(loadServices)
            .then((services) => services.runtimeConfig())
            .catch(noConfiguration),
        ),
    flows,
    actorOptions,
    signInFallbackUrl: (returnTo) => loginFallbackUrl(apiBase, returnTo),
    leaveTo,
  };
  const router = createAppRouter({
    context,
    ...(options.history ? { history: options.history } : {}),
    ...(options.buildTime ? { buildTime: options.buildTime } : {}),
  });
  // Stryker disable next-line ConditionalExpression: equivalent, at build time the flows never load, so the session port the guards would follow never gets its actor
  if (!options.buildTime) rerunGuardsOnSessionChange(router, session);

  /**
   * Starts everything the page at the current address needs at once: the code of its routes (the signed-in frame
   * and the page) and the services, beside the flows' chunk, which is already on its way. Otherwise the page's code
   * waited for its guard, which waited for the session, which waited for the flows and the services. Resolves once
   * the routes' code is there (a chunk that fails is left to the router, which loads it again and says so).
   */
  const preloadCurrentPage = async () => {
    void loadServices().catch(() => {});
    const routes = router
      .matchRoutes(router.latestLocation)
      .map((match) => (router.routesById as Record<string, AnyRoute>)[match.routeId]);
    await Promise.allSettled(routes.map((route) => route && router.loadRouteChunk(route)));
  };

  /**
   * Resolves once the session's first check has settled, whatever it found (or once its code could not load): a page
   * that carries the user's identity renders after it, so that it shows the page, not its pending frame.
   */
  const sessionChecked = async () => {
    try {
      const actor = await session.ready;
      const { waitFor } = await import('xstate');
      // Stryker disable next-line ObjectLiteral: equivalent, xstate's waitFor waits without end (Infinity) by default too
      await waitFor(actor, (snapshot) => !selectIsLoadingUser(snapshot), {
        timeout: Number.POSITIVE_INFINITY,
      });
    } catch {
      // The page renders regardless, and says what failed.
    }
  };

  return { router, context, loadServices, preloadCurrentPage, sessionChecked };
}

export type AppRoot = ReturnType<typeof createAppRoot>;

const loadRealServices: ServicesLoader = ({ onSessionEvent }) =>
  import('../services/app-services').then(({ createAppServices }) => createAppServices({ onSessionEvent }));

function once<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

const never = <T>() => new Promise<T>(() => {});

const DEFAULT_API_BASE = '/api';

/** The configuration could not be read: the app runs without it (no dashboard link, sign-in at the server). */
// Stryker disable next-line ArrowFunction: equivalent, its two readers (useDashboardUrl, useHasAuthService) read undefined as null
const noConfiguration = () => null;
