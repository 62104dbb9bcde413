import { paths } from '../domain/pages';
import type { PricingActionIO } from '../machines/pricing-action';
import type { IODeps } from './io-deps';

/** What a pricing button does to the outside world (src/machines/pricing-action.ts) [product: API-10]. */
export function createPricingActionIO({ api, page }: Pick<IODeps, 'api' | 'page'>): PricingActionIO {
  return {
    createCheckoutSession: ({ planName }) => api.billing.createCheckoutSession(planName),
    goToOnboarding: () => page.navigate(paths.onboarding),
    goToBilling: () => page.navigate(paths.billing),
    goToCheckout: ({ url }) => page.leaveTo(url),
  };
}
