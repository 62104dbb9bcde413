import { paths } from '../domain/pages';
import type { PricingActionIO } from '../machines/pricingAction';
import type { IODeps } from './io-deps';
import { createPortalIO } from './portal-io';

/** What a pricing button does to the outside world (src/machines/pricingAction.ts) [product: API-10, API-11]. */
export function createPricingActionIO(deps: Pick<IODeps, 'api' | 'page'>): PricingActionIO {
  const { api, page } = deps;
  const portal = createPortalIO(deps);
  return {
    createCheckoutSession: async ({ planName }) => {
      const start = await api.billing.createCheckoutSession(planName);
      // A subscription that exists (or an answer without an address) is the portal's business, as a failure is.
      if (start.existingSubscription || !start.url) throw new Error('No checkout for this customer.');
      return { url: start.url };
    },
    openPortal: async () => ({ url: await portal.openPortal() }),
    goToOnboarding: () => page.navigate(paths.onboarding),
    goToBilling: () => page.navigate(paths.billing),
    leaveTo: ({ url }) => page.leaveTo(url),
  };
}
