import type { LandingAccountIO } from '../machines/landingAccount';
import type { IODeps } from './io-deps';

/** The signed-in landing page's trial lookup (src/machines/landingAccount.ts) [product: CLIENT-6]. */
export function createLandingAccountIO({ api }: Pick<IODeps, 'api'>): LandingAccountIO {
  return { lookupTrial: () => api.billing.trial() };
}
