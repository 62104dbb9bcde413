import { fromPromise } from 'xstate';
import type { RefundRequestInput, RefundResponse, RefundReversal } from '../../contract/refund';
import type { FlowDeps } from './flow-deps';

/** The refund machine's actors, as the app provides them (src/app/flows.ts). */
export function refundImplementations({ effects }: FlowDeps) {
  const refund = async () => (await effects()).refund;
  return {
    actors: {
      reverse: fromPromise<RefundResponse, RefundRequestInput>(async ({ input }) =>
        (await refund()).reverse(input),
      ),
      loadReversals: fromPromise<RefundReversal[]>(async () => (await refund()).recentReversals()),
    },
  };
}
