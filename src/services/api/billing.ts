import {
  type BillingInfo,
  billingInfoSchema,
  type CancelRequest,
  type CancelResponse,
  cancelResponseSchema,
  changePlanResponseSchema,
  checkoutSessionResponseSchema,
  portalResponseSchema,
  portalUrl,
  type SyncResponse,
  syncResponseSchema,
  type TrialResponse,
  trialResponseSchema,
  type WebhookHealth,
  webhookHealthSchema,
} from '../../../contract/billing';
import type { CheckoutPlanName } from '../../../contract/plans';
import type { CheckoutStart, PlanChange } from '../../machines/change-plan';
import { type ApiClient, ApiError } from './client';

/**
 * The billing endpoints of the product API: one call per endpoint, each with one answer shape, whichever flow asks
 * [product: API-10, API-11, API-12, API-13, API-14, CLIENT-4, CLIENT-5, CLIENT-6].
 */

/** Where webhook health is asked, in order [product: BILL-13]. */
export const WEBHOOK_HEALTH_PATHS = [
  '/billing/health',
  '/webhooks/health',
  '/webhooks/stripe/health',
] as const;

export interface BillingApi {
  info(): Promise<BillingInfo>;
  /** The first of the three health addresses that answers; null when all fail [product: BILL-13]. */
  webhookHealth(): Promise<WebhookHealth | null>;
  /** POST /billing/checkout-session; a subscription that exists already (409) is an answer, not a failure. */
  createCheckoutSession(planName: CheckoutPlanName): Promise<CheckoutStart>;
  /** POST /billing/portal: the portal's address (url, location or session_url), or null when it has none. */
  portal(returnUrl: string): Promise<string | null>;
  cancel(request: CancelRequest): Promise<CancelResponse>;
  /** A direct change; `noSubscription` when the server has none to change (409 no_subscription). */
  changePlan(planName: CheckoutPlanName): Promise<PlanChange>;
  /** Re-reads the subscription at the provider; with the Checkout session id after a checkout. */
  sync(sessionId?: string): Promise<SyncResponse>;
  /** GET /billing/trial. */
  trial(): Promise<TrialResponse>;
}

/** A 409, or an answer naming `existing_subscription`, means "use the portal" [product: BILL-12]. */
export function isExistingSubscription(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const data = error.data as { error?: unknown } | null;
  return (
    error.status === 409 || error.code === 'existing_subscription' || data?.error === 'existing_subscription'
  );
}

export function createBillingApi(client: ApiClient): BillingApi {
  return {
    info: () => client.get('/billing/info', billingInfoSchema),
    webhookHealth: async () => {
      for (const path of WEBHOOK_HEALTH_PATHS) {
        try {
          return await client.get(path, webhookHealthSchema);
        } catch {
          // The next address may be the one this deployment serves.
        }
      }
      return null;
    },
    createCheckoutSession: async (planName) => {
      try {
        const { url } = await client.post('/billing/checkout-session', checkoutSessionResponseSchema, {
          json: { planName },
        });
        return { existingSubscription: false, url: url || null };
      } catch (error) {
        if (isExistingSubscription(error)) return { existingSubscription: true };
        throw error;
      }
    },
    portal: async (returnUrl) =>
      portalUrl(
        await client.post('/billing/portal', portalResponseSchema, { json: { return_url: returnUrl } }),
      ),
    cancel: (request) => client.post('/billing/cancel', cancelResponseSchema, { json: request }),
    changePlan: async (planName) => {
      try {
        const { changed } = await client.post('/billing/change-plan', changePlanResponseSchema, {
          json: { planName },
        });
        return { noSubscription: false, changed };
      } catch (error) {
        if (error instanceof ApiError && error.code === 'no_subscription') return { noSubscription: true };
        throw error;
      }
    },
    sync: (sessionId) =>
      client.post('/billing/sync', syncResponseSchema, { json: sessionId ? { sessionId } : {} }),
    trial: () => client.get('/billing/trial', trialResponseSchema),
  };
}
