import {
  type RefundRequestInput,
  type RefundResponse,
  type RefundReversal,
  refundResponseSchema,
  refundReversalListSchema,
} from '../../contract/refund';
import { type ApiClient, ApiError } from './api/client';

/** What the refund machine's actors do, through the product API [product: API-2]. */
export interface RefundEffects {
  /** The server's answer; an error answer is returned with its text in `error` [product: MSG-REFUND-3]. */
  reverse(request: RefundRequestInput): Promise<RefundResponse>;
  recentReversals(): Promise<RefundReversal[]>;
}

export function createRefundEffects(api: ApiClient): RefundEffects {
  return {
    reverse: async (request) => {
      try {
        return await api.post('admin/refunds/reverse', refundResponseSchema, { json: request });
      } catch (error) {
        // The server said why (403, 404, 422, 502): its text is shown. Anything else (no answer) rejects.
        if (error instanceof ApiError)
          return { processed: false, alreadyProcessed: false, error: error.message };
        throw error;
      }
    },
    recentReversals: async () => (await api.get('admin/refunds', refundReversalListSchema)).reversals,
  };
}
