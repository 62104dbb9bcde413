import type { CancellationIO } from '../machines/cancellation';
import type { IODeps } from './io-deps';

/** The cancel dialog's I/O (src/machines/cancellation.ts) [product: BILL-10, BILL-11]. */
export function createCancellationIO({ api }: Pick<IODeps, 'api'>): CancellationIO {
  return { cancelSubscription: (request) => api.billing.cancel(request) };
}
