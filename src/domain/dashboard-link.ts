/**
 * The address of the external monitoring dashboard for one user [product: HEAD-2, SET-33]: the deployment's
 * dashboard address with the user's monitoring preferences as query parameters, so the dashboard opens on the
 * chosen view and refreshes as chosen. The refresh interval is sent only while auto refresh is on [product: SET-12].
 */

export interface MonitoringPreferences {
  defaultDashboard: string;
  autoRefresh: boolean;
  refreshInterval: string;
}

export function dashboardLink(baseUrl: string, preferences: MonitoringPreferences | null): string {
  if (!preferences) return baseUrl;
  const url = new URL(baseUrl);
  url.searchParams.set('view', preferences.defaultDashboard);
  url.searchParams.set('autoRefresh', String(preferences.autoRefresh));
  if (preferences.autoRefresh) url.searchParams.set('refreshInterval', preferences.refreshInterval);
  else url.searchParams.delete('refreshInterval');
  return url.href;
}
