import { createContext, type ReactNode, use } from 'react';
import type { RuntimeConfig } from '../../contract/session';
import type { SessionActorRef } from '../machines/session';

/**
 * App-wide values for views: the session actor (it arrives through router context; the root route hands it down
 * here) and the runtime configuration.
 */
interface AppContextValue {
  session: SessionActorRef;
  /** Resolves to null when the runtime configuration could not be loaded. */
  runtimeConfig: Promise<RuntimeConfig | null>;
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

export function useSessionActor(): SessionActorRef {
  return useAppContext().session;
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
