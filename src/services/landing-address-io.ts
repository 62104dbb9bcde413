import { addressWithout, readLandingAddress } from '../domain/address';
import type { LandingAddressIO } from '../machines/landing-address';
import type { IODeps } from './io-deps';

/** The landing page's address handling (src/machines/landing-address.ts) [product: LAND-26, LAND-27, CLIENT-5]. */
export function createLandingAddressIO({
  api,
  authService,
  page,
}: Pick<IODeps, 'api' | 'authService' | 'page'>): LandingAddressIO {
  return {
    // Read once, when the flow starts: the address the page was opened with.
    readAddress: async () => readLandingAddress(page.address.current()),
    syncSubscription: ({ sessionId }) => api.billing.sync(sessionId),
    authServiceSettled: async () => {
      const client = await authService.client();
      // getSession waits for the client's start, which is when it reads and stores the session in the address.
      await client?.auth.getSession();
    },
    cleanAddress: ({ remove, dropHash }) => {
      const current = page.address.current();
      const cleaned = addressWithout(current, remove, dropHash);
      if (cleaned !== current) page.address.replace(cleaned);
    },
    reportSyncFailure: ({ error }) => {
      console.warn('The subscription could not be synced after checkout.', error);
    },
  };
}
