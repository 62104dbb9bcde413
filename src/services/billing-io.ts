import type { BillingIO } from '../machines/billing';
import type { IODeps } from './io-deps';
import { takePortalReturn } from './storage';

/** The billing page's I/O (src/machines/billing.ts) [product: BILL, CLIENT-4]. */
export function createBillingIO({ api, page }: Pick<IODeps, 'api' | 'page'>): BillingIO {
  return {
    loadInfo: () => api.billing.info(),
    loadWebhookHealth: () => api.billing.webhookHealth(),
    syncSubscription: async ({ sessionId }) => {
      await api.billing.sync(sessionId ?? undefined);
    },
    // Where the visitor comes back from: Checkout's `session_id` in the address, else the portal's flag.
    detectArrival: async () => {
      // Read the flag either way, so a portal visit is not remembered past this arrival.
      const fromPortal = takePortalReturn();
      const sessionId = new URL(page.address.current(), page.address.origin()).searchParams
        .get('session_id')
        ?.trim();
      if (sessionId) return { from: 'checkout', sessionId };
      return fromPortal ? { from: 'portal' } : { from: 'elsewhere' };
    },
  };
}
