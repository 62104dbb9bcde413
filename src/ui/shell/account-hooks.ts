import { useSelector } from '@xstate/react';
import { defaultSettings, type Settings } from '../../../contract/settings';
import { dashboardLink } from '../../domain/dashboard-link';
import type { SessionSnapshot } from '../../machines/session';
import { useDashboardUrl, useSessionActor } from '../app-context';

/** The signed-in user's settings (the defaults until the user is known); one value, so views re-render on change. */
const selectSettings = (snapshot: SessionSnapshot): Settings =>
  snapshot.context.user?.settings ?? defaultSettings;

export function useUserSettings(): Settings {
  return useSelector(useSessionActor(), selectSettings);
}

/**
 * The external dashboard's address with the user's monitoring preferences [product: SET-33]; null when the
 * deployment has none. Suspends until the configuration is known.
 */
export function useDashboardLink(): string | null {
  const base = useDashboardUrl();
  const settings = useUserSettings();
  return base ? dashboardLink(base, settings) : null;
}
