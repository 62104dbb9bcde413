import { paths } from '../domain/pages';
import type { IODeps } from './io-deps';
import { addressOf } from './io-deps';
import { markPortalVisit } from './storage';

/** The way to the billing portal, for every flow that opens it [product: BILL-8, ROUTE-18, API-11]. */
export function createPortalIO({ api, page }: Pick<IODeps, 'api' | 'page'>) {
  return {
    /** The portal's address, returning to the Billing page; null when the answer carries none. */
    openPortal: () => api.billing.portal(addressOf(page, paths.billing)),
    /** Leaves for the portal, setting the flag the Billing page polls on when the customer is back. */
    goToPortal: ({ url }: { url: string }) => {
      markPortalVisit();
      page.leaveTo(url);
    },
  };
}
