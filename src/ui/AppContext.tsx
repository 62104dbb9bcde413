import { createContext, type ReactNode, use, useSyncExternalStore } from 'react';
import type { RuntimeConfig } from '../../contract/session';
import type { SessionActorRef, SessionSnapshot } from '../machines/session';
import type { SessionPort } from '../routes/session-port';
import type { SignInEffects } from '../services/sign-in-effects';

/**
 * App-wide values for views: the session actor (it arrives through router context; the root route hands it down
 * here), the runtime configuration and the effects the dialogs' machines are provided with.
 */
interface AppContextValue {
  session: SessionPort;
  /** Resolves to null when the runtime configuration could not be loaded. */
  runtimeConfig: Promise<RuntimeConfig | null>;
  signInEffects: () => Promise<SignInEffects>;
}

const AppContext = createContext<AppContextValue | null>(null);

export function AppContextProvider({ value, children }: { value: AppContextValue; children: ReactNode }) {
  return <AppContext value={value}>{children}</AppContext>;
}

function useAppContext(): AppContextValue {
  const value = use(AppContext);
  if (!value)
    throw new Error('App views must be rendered inside AppContextProvider (see src/routes/root.tsx).');
  return value;
}

/**
 * The session's current snapshot, or undefined until the session chunk has loaded; never suspends. Plain React
 * (the port's subscribe), so the landing page reads the session without @xstate/react in its first load, and
 * its build-time render and hydration both see no session.
 */
export function useSessionSnapshot(): SessionSnapshot | undefined {
  const port = useAppContext().session;
  return useSyncExternalStore(port.subscribe, () => port.current()?.getSnapshot(), noSession);
}

const noSession = () => undefined;

/** The session actor; suspends until its chunk has loaded (render inside Suspense where that can happen). */
export function useSessionActor(): SessionActorRef {
  return use(useAppContext().session.ready);
}

export function useSignInEffects(): () => Promise<SignInEffects> {
  return useAppContext().signInEffects;
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
