import * as v from 'valibot';
import { BILLING_INTERVALS, CHECKOUT_PLAN_NAMES, type CheckoutPlanName, PLAN_IDS } from './plan-catalogue';

/** The schemas of plans and intervals [product: PLAN, SUB-6]; the catalogue itself is in ./plan-catalogue.ts. */

export * from './plan-catalogue';

export const planIdSchema = v.picklist(PLAN_IDS, 'Plan must be one of: starter, pro, business.');
export const billingIntervalSchema = v.picklist(BILLING_INTERVALS, 'Interval must be monthly or annual.');
export const checkoutPlanNameSchema = v.picklist(
  CHECKOUT_PLAN_NAMES as CheckoutPlanName[],
  'Plan name must be starter, pro or business followed by _monthly or _yearly.',
);
