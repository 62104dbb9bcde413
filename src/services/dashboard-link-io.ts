import type { DashboardLinkIO } from '../machines/dashboard-link';
import type { IODeps } from './io-deps';

/**
 * The way to the external dashboard (src/machines/dashboard-link.ts) [product: CHECK-5, HEAD-3, HEAD-9]. The tab is
 * opened at the click (`reserveTab` runs synchronously inside it), while the browser still counts it as the user's
 * own action: a tab opened after the identity call would be blocked as a pop-up. It is sent to the dashboard once
 * the call is over; `opener` is cut so the dashboard cannot reach back into this page.
 */
export function createDashboardLinkIO({ api }: Pick<IODeps, 'api'>): DashboardLinkIO {
  let tab: Window | null = null;
  return {
    refreshIdentity: () => api.auth.me(),
    reserveTab: () => {
      tab = window.open('', '_blank');
      if (tab) tab.opener = null;
    },
    openDashboard: ({ link }) => {
      if (tab && !tab.closed) tab.location.href = link;
      // The browser refused the blank tab: try once more, now without a handle on it.
      else window.open(link, '_blank', 'noopener,noreferrer');
      tab = null;
    },
  };
}
