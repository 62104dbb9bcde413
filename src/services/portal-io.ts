import { paths } from '../domain/pages';
import type { PortalIO } from '../machines/portal';
import { addressOf, type IODeps } from './io-deps';
import { markPortalVisit } from './storage';

/** The way to the billing portal (src/machines/portal.ts), for every flow that opens it [product: BILL-8, ROUTE-18]. */
export function createPortalIO({ api, page }: Pick<IODeps, 'api' | 'page'>): PortalIO {
  return {
    openPortal: () => api.billing.portal(addressOf(page, paths.billing)),
    goToPortal: ({ url }) => {
      markPortalVisit();
      page.leaveTo(url);
    },
  };
}
