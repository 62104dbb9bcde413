import {
  type RefundRequestInput,
  type RefundResponse,
  type RefundReversal,
  refundResponseSchema,
  refundReversalListSchema,
} from '../../../contract/refund';
import { type ApiClient, ApiError } from './client';

/** The admin refund endpoints [product: API-2, REFUND]. */
export interface RefundsApi {
  /** POST /admin/refunds/reverse: the server's answer; an error answer comes back with its text in `error`. */
  reverse(request: RefundRequestInput): Promise<RefundResponse>;
  /** GET /admin/refunds: the recent reversals, newest first. */
  recent(): Promise<RefundReversal[]>;
}

export function createRefundsApi(client: ApiClient): RefundsApi {
  return {
    reverse: async (request) => {
      try {
        return await client.post('admin/refunds/reverse', refundResponseSchema, { json: request });
      } catch (error) {
        // The server said why (403, 404, 422, 502): its text is shown [product: MSG-REFUND-3]. No answer rejects.
        if (error instanceof ApiError)
          return {
            processed: false,
            alreadyProcessed: false,
            error: error.message,
            // The sign-in is too old for moving money: the page asks for the password [product: REFUND-16].
            ...(error.code === 'reauthentication_required' && { reauthenticate: true }),
          };
        throw error;
      }
    },
    recent: async () => (await client.get('admin/refunds', refundReversalListSchema)).reversals,
  };
}
