import { createContext, type ReactNode, use } from 'react';
import type { SessionActorRef } from '../machines/session';

/**
 * App-wide values for views: the session actor (it arrives through router context; the root route hands it down
 * here) and the external dashboard address from the runtime configuration.
 */
interface AppContextValue {
  session: SessionActorRef;
  /** Resolves to null when the runtime configuration could not be loaded. */
  dashboardUrl: Promise<string | null>;
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

/** Suspends until the runtime configuration is known; render inside a Suspense boundary. */
export function useDashboardUrl(): string | null {
  return use(useAppContext().dashboardUrl);
}
