import {
  checkoutSessionResponseSchema,
  portalResponseSchema,
  portalUrl,
  syncResponseSchema,
  type TrialResponse,
  trialResponseSchema,
} from '../../contract/billing';
import { type ContactCreate, contactCreatedSchema } from '../../contract/contact';
import type { CheckoutPlanName } from '../../contract/plans';
import type { PortalAnswer } from '../machines/pricingAction';
import type { ApiClient } from './api/client';
import type { AuthService } from './auth-service';

/**
 * What the landing page's flows do to the outside world [product: API-10, API-11, CLIENT-1, CLIENT-5, CLIENT-6]:
 * the product API's billing, contact and identity calls, and the auth service's reading of the address.
 */
export interface LandingEffects {
  syncSubscription(sessionId: string): Promise<unknown>;
  /** Settles once the auth service has taken any session the address carries (at once without one). */
  authServiceSettled(): Promise<unknown>;
  createCheckoutSession(planName: CheckoutPlanName): Promise<{ url: string }>;
  /** The billing portal, returning to `returnUrl` (the Billing page). */
  openPortal(returnUrl: string): Promise<PortalAnswer>;
  sendContact(message: ContactCreate): Promise<unknown>;
  lookupTrial(): Promise<TrialResponse>;
}

export interface LandingEffectDeps {
  apiClient: ApiClient;
  authService: Pick<AuthService, 'client'>;
}

export function createLandingEffects({ apiClient, authService }: LandingEffectDeps): LandingEffects {
  return {
    syncSubscription: (sessionId) =>
      apiClient.post('/billing/sync', syncResponseSchema, { json: { sessionId } }),
    authServiceSettled: async () => {
      const client = await authService.client();
      // getSession waits for the client's start, which is when it reads and stores the session in the address.
      await client?.auth.getSession();
    },
    createCheckoutSession: (planName) =>
      apiClient.post('/billing/checkout-session', checkoutSessionResponseSchema, { json: { planName } }),
    openPortal: async (returnUrl) => {
      const answer = await apiClient.post('/billing/portal', portalResponseSchema, {
        json: { return_url: returnUrl },
      });
      return { url: portalUrl(answer) };
    },
    sendContact: (message) => apiClient.post('/contact', contactCreatedSchema, { json: message }),
    lookupTrial: () => apiClient.get('/billing/trial', trialResponseSchema),
  };
}
