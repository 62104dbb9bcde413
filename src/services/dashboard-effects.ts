import type { AuthApi } from './api/auth';

/** What 'Open Dashboard' does [product: CHECK-3, HEAD-2]. */
export interface DashboardEffects {
  refreshSession(): Promise<unknown>;
  openInNewTab(url: string): void;
}

export function createDashboardEffects({
  authApi,
  open = (url) => window.open(url, '_blank', 'noopener,noreferrer'),
}: {
  authApi: Pick<AuthApi, 'me'>;
  /** Default: the browser's window.open. */
  open?: (url: string) => unknown;
}): DashboardEffects {
  return {
    refreshSession: () => authApi.me(),
    openInNewTab: (url) => void open(url),
  };
}
