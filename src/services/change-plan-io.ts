import type { ChangePlanIO } from '../machines/change-plan';
import type { IODeps } from './io-deps';

/** The change-plan dialog's I/O (src/machines/change-plan.ts) [product: BILL-9, BILL-12, BILL-16]. */
export function createChangePlanIO({ api, page }: Pick<IODeps, 'api' | 'page'>): ChangePlanIO {
  return {
    changePlan: ({ planName }) => api.billing.changePlan(planName),
    createCheckoutSession: ({ planName }) => api.billing.createCheckoutSession(planName),
    goToCheckout: ({ url }) => page.leaveTo(url),
  };
}
