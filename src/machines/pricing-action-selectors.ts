import type { PlanId } from '../../contract/plans';
import type { PricingActionSnapshot } from './pricing-action';

/*
 * The pricingAction machine's selectors, apart from the machine so that the landing page's first load reads its
 * snapshots without carrying the machine and xstate (they load with the flows, after the first paint).
 */

/** Whether a pricing action is under way (every plan button waits). */
export const selectIsBusy = (snapshot: PricingActionSnapshot) => snapshot.hasTag('busy');
/** The plan whose button is under way, for its spinner. */
export const selectPendingPlan = (snapshot: PricingActionSnapshot): PlanId | null =>
  snapshot.hasTag('busy') ? (snapshot.context.choice?.plan ?? null) : null;
