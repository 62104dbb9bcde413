import type { LandingAccountIO } from '../machines/landing-account';
import type { IODeps } from './io-deps';

/** The signed-in landing page's trial lookup (src/machines/landing-account.ts) [product: CLIENT-6]. */
export function createLandingAccountIO({ api }: Pick<IODeps, 'api'>): LandingAccountIO {
  return { lookupTrial: () => api.billing.trial() };
}
