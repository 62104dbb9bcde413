import type { RefundIO } from '../machines/refund';
import type { IODeps } from './io-deps';

/** The refund tool's I/O (src/machines/refund.ts) [product: API-2, REFUND-16]. */
export function createRefundIO({ api, authService }: Pick<IODeps, 'api' | 'authService'>): RefundIO {
  return {
    reverse: (request) => api.refunds.reverse(request),
    loadReversals: () => api.refunds.recent(),
    confirmIdentity: ({ password }) =>
      authService.reauthenticate(password, (token) => api.auth.stepUp(token)),
  };
}
