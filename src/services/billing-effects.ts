import type { BillingInfo, CancelRequest, CancelResponse, WebhookHealth } from '../../contract/billing';
import { portalUrl } from '../../contract/billing';
import type { CheckoutPlanName } from '../../contract/plans';
import { paths } from '../domain/pages';
import type { CheckoutStart } from '../machines/changePlan';
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
  changePlan(planName: CheckoutPlanName): Promise<{ changed: boolean }>;
  cancel(request: CancelRequest): Promise<CancelResponse>;
  /** Whether the visitor has just come back from the portal (the flag is consumed). */
  takePortalReturn(): Promise<boolean>;
  /** Leaves for the hosted Checkout page. */
  goToCheckout(url: string): void;
  /** Leaves for the portal, setting the flag the billing page polls on when it is back. */
  goToPortal(url: string): void;
}

export interface BillingEffectDeps {
  billingApi: BillingApi;
  /** The page's origin: the portal returns to its Billing page [product: ROUTE, API-11]. */
  origin: string;
  /** Default `window.location.assign`. */
  leaveTo?: (url: string) => void;
}

export function createBillingEffects({ billingApi, origin, leaveTo }: BillingEffectDeps): BillingEffects {
  const leave = leaveTo ?? ((url: string) => window.location.assign(url));
  return {
    loadInfo: () => billingApi.info(),
    loadWebhookHealth: () => billingApi.webhookHealth(),
    syncSubscription: async (sessionId) => {
      await billingApi.sync(sessionId ?? undefined);
    },
    createCheckout: (planName) => billingApi.checkout(planName),
    openPortal: async () => portalUrl(await billingApi.portal(new URL(paths.billing, origin).href)),
    changePlan: async (planName) => ({ changed: (await billingApi.changePlan(planName)).changed }),
    cancel: (request) => billingApi.cancel(request),
    takePortalReturn: async () => takePortalReturn(),
    goToCheckout: (url) => leave(url),
    goToPortal: (url) => {
      markPortalVisit();
      leave(url);
    },
  };
}
