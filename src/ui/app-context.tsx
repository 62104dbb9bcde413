import { createContext, type ReactNode, use, useSyncExternalStore } from 'react';
import type { ActorOptions, AnyActorLogic, AnyStateMachine, InspectionEvent } from 'xstate';
import type { RuntimeConfig } from '../../contract/session';
import type { SessionActorRef, SessionSnapshot } from '../machines/session';

/**
 * What the app hands every route and view: one type, built once by the composition root (src/app/root.ts) and
 * passed as the router's context. Views consume it through the hooks below and never reach the services behind it.
 * It is declared here, by its consumer, so that ui depends on nothing above it.
 */
export interface AppContext {
  /** The one session actor; it loads in a chunk of its own after the landing page's first paint. */
  session: SessionPort;
  /** The deployment's settings (auth service, dashboard); resolves to null when they could not be loaded. */
  runtimeConfig: Promise<RuntimeConfig | null>;
  /** Every flow's machine with its actors, actions and delays already provided; loads with the session. */
  flows: Promise<Flows>;
  /** Options every flow actor is created with: the Stately inspector in development, a test clock in tests. */
  actorOptions: FlowActorOptions;
  /** The server's own login page, for a deployment without an auth service; `returnTo` is where to come back. */
  signInFallbackUrl: (returnTo: string) => string;
  /** Leaves the SPA for another address (the server's login page). */
  leaveTo: (url: string) => void;
}

/**
 * Where the app registers its flows for the views' types, as TanStack Router registers its router: the registry
 * (src/app/flows.ts) adds `flows`, the machine of every flow by name, with `declare module`. The views read the
 * names and machines from it without importing anything above them.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the app's module augmentation.
export interface Register {}

/** The machines views run, by flow name; the root provides each once (src/app/flows.ts). */
export type Flows = Register extends { flows: infer Registered extends Record<string, AnyStateMachine> }
  ? Registered
  : Record<string, AnyStateMachine>;

export type FlowName = keyof Flows;

export interface FlowActorOptions {
  inspect?: (event: InspectionEvent) => void;
  clock?: ActorOptions<AnyActorLogic>['clock'];
}

/**
 * The one session actor as routes and views reach it. The actor, its machine and xstate load in a chunk of their
 * own while the landing page paints, so the port exists before the actor does.
 */
export interface SessionPort {
  /** The actor once its chunk has loaded, else null. */
  current(): SessionActorRef | null;
  /** Resolves with the actor; once it has, `use(ready)` no longer suspends. */
  readonly ready: Promise<SessionActorRef>;
  /**
   * Calls `onChange` when the actor arrives and at every change of its snapshot after that (read it with
   * `current()`); the returned function stops, even before the actor has arrived.
   */
  subscribe(onChange: () => void): () => void;
}

const Context = createContext<AppContext | null>(null);

export function AppContextProvider({ value, children }: { value: AppContext; children: ReactNode }) {
  return <Context value={value}>{children}</Context>;
}

export function useAppContext(): AppContext {
  const value = use(Context);
  if (!value) throw new Error('App views must be rendered inside AppContextProvider (src/routes/root.tsx).');
  return value;
}

/**
 * The session's current snapshot, or undefined until the session chunk has loaded; never suspends. Plain React
 * (the port's subscribe), so the landing page reads the session without @xstate/react in its first load, and
 * its build-time render and hydration both see no session.
 */
export function useSessionSnapshot(): SessionSnapshot | undefined {
  return useSessionValue(wholeSnapshot, undefined);
}

const wholeSnapshot = (snapshot: SessionSnapshot): SessionSnapshot | undefined => snapshot;

/**
 * One value read from the session with a selector (machines/session-selectors), `fallback` until the session chunk
 * has loaded. Re-renders only when that value changes: the landing page's sections do not render again on each of
 * the session's steps (loading, then signed out) that leaves what they show as it was.
 */
export function useSessionValue<T>(select: (snapshot: SessionSnapshot) => T, fallback: T): T {
  const port = useAppContext().session;
  return useSyncExternalStore(
    port.subscribe,
    () => {
      const snapshot = port.current()?.getSnapshot();
      return snapshot ? select(snapshot) : fallback;
    },
    () => fallback,
  );
}

/** The session actor; suspends until its chunk has loaded (render inside Suspense where that can happen). */
export function useSessionActor(): SessionActorRef {
  return use(useAppContext().session.ready);
}

/** A flow's provided machine; suspends until the flows have loaded. */
export function useFlowLogic<TName extends FlowName>(name: TName): Flows[TName] & AnyActorLogic {
  return use(useAppContext().flows)[name];
}

/** The external dashboard's address; suspends until the configuration is known (render inside Suspense). */
export function useDashboardUrl(): string | null {
  return use(useAppContext().runtimeConfig)?.dashboardUrl ?? null;
}

/** Whether the deployment has an auth service; suspends like useDashboardUrl. */
export function useHasAuthService(): boolean {
  const config = use(useAppContext().runtimeConfig);
  return Boolean(config?.supabaseUrl && config.supabaseAnonKey);
}
