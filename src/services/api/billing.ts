import {
  type BillingInfo,
  billingInfoSchema,
  type CancelRequest,
  type CancelResponse,
  type ChangePlanResponse,
  cancelResponseSchema,
  changePlanResponseSchema,
  checkoutSessionResponseSchema,
  type PortalResponse,
  portalResponseSchema,
  type SyncResponse,
  syncResponseSchema,
  type WebhookHealth,
  webhookHealthSchema,
} from '../../../contract/billing';
import type { CheckoutPlanName } from '../../../contract/plans';
import type { CheckoutStart } from '../../machines/changePlan';
import { type ApiClient, ApiError } from './client';

/** The billing endpoints of the product API [product: API-10, API-11, API-12, API-13, API-14, CLIENT-4]. */

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
  checkout(planName: CheckoutPlanName): Promise<CheckoutStart>;
  portal(returnUrl: string): Promise<PortalResponse>;
  cancel(request: CancelRequest): Promise<CancelResponse>;
  changePlan(planName: CheckoutPlanName): Promise<ChangePlanResponse>;
  sync(sessionId?: string): Promise<SyncResponse>;
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
    checkout: async (planName) => {
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
    portal: (returnUrl) =>
      client.post('/billing/portal', portalResponseSchema, { json: { return_url: returnUrl } }),
    cancel: (request) => client.post('/billing/cancel', cancelResponseSchema, { json: request }),
    changePlan: (planName) =>
      client.post('/billing/change-plan', changePlanResponseSchema, { json: { planName } }),
    sync: (sessionId) =>
      client.post('/billing/sync', syncResponseSchema, { json: sessionId ? { sessionId } : {} }),
  };
}
