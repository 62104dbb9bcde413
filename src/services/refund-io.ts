import type { RefundIO } from '../machines/refund';
import type { IODeps } from './io-deps';

/** The refund tool's I/O (src/machines/refund.ts) [product: API-2]. */
export function createRefundIO({ api }: Pick<IODeps, 'api'>): RefundIO {
  return {
    reverse: (request) => api.refunds.reverse(request),
    loadReversals: () => api.refunds.recent(),
  };
}
