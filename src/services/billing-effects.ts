import type { BillingInfo, CancelRequest, CancelResponse, WebhookHealth } from '../../contract/billing';
import { portalUrl } from '../../contract/billing';
import type { CheckoutPlanName } from '../../contract/plans';
import { paths } from '../domain/pages';
import type { BillingArrival } from '../machines/billing';
import type { CheckoutStart, PlanChange } from '../machines/changePlan';
import type { BillingApi } from './api/billing';
import { markPortalVisit, takePortalReturn } from './storage';

/** What the billing, changePlan and cancellation machines' actors do [product: BILL, CLIENT-4]. */
export interface BillingEffects {
  loadInfo(): Promise<BillingInfo>;
  loadWebhookHealth(): Promise<WebhookHealth | null>;
  /** Re-reads the subscription at the provider; with the Checkout session id after a checkout. */
  syncSubscription(sessionId: string | null): Promise<void>;
  createCheckout(planName: CheckoutPlanName): Promise<CheckoutStart>;
  /** The portal's address (returning to the Billing page), or null when the answer carries none. */
  openPortal(): Promise<string | null>;
  changePlan(planName: CheckoutPlanName): Promise<PlanChange>;
  cancel(request: CancelRequest): Promise<CancelResponse>;
  /** Where the visitor comes back from: Checkout's `session_id` in the address, else the portal's flag (consumed). */
  detectArrival(): Promise<BillingArrival>;
  /** Leaves for the hosted Checkout page. */
  goToCheckout(url: string): void;
  /** Leaves for the portal, setting the flag the billing page polls on when it is back. */
  goToPortal(url: string): void;
}

export interface BillingEffectDeps {
  billingApi: BillingApi;
  /** The page's origin: the portal returns to its Billing page [product: ROUTE, API-11]. */
  origin: string;
  /** The page's current address; default `window.location.href`. */
  currentUrl?: () => string;
  /** Default `window.location.assign`. */
  leaveTo?: (url: string) => void;
}

export function createBillingEffects({
  billingApi,
  origin,
  leaveTo,
  currentUrl,
}: BillingEffectDeps): BillingEffects {
  const leave = leaveTo ?? ((url: string) => window.location.assign(url));
  const here = currentUrl ?? (() => window.location.href);
  return {
    loadInfo: () => billingApi.info(),
    loadWebhookHealth: () => billingApi.webhookHealth(),
    syncSubscription: async (sessionId) => {
      await billingApi.sync(sessionId ?? undefined);
    },
    createCheckout: (planName) => billingApi.checkout(planName),
    openPortal: async () => portalUrl(await billingApi.portal(new URL(paths.billing, origin).href)),
    changePlan: (planName) => billingApi.changePlan(planName),
    cancel: (request) => billingApi.cancel(request),
    detectArrival: async () => {
      // Read the flag either way, so a portal visit is not remembered past this arrival.
      const fromPortal = takePortalReturn();
      const sessionId = new URL(here()).searchParams.get('session_id')?.trim();
      if (sessionId) return { from: 'checkout', sessionId };
      return fromPortal ? { from: 'portal' } : { from: 'elsewhere' };
    },
    goToCheckout: (url) => leave(url),
    goToPortal: (url) => {
      markPortalVisit();
      leave(url);
    },
  };
}
