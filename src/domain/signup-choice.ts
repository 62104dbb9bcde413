import * as v from 'valibot';
import { type BillingInterval, type PlanId, planIdSchema } from '../../contract/plans';

/**
 * The plan and interval a signup starts with, when something chose them: a pricing card, or the detail of the
 * `open-signup-modal` window event [product: LAND-30]. The dialog falls back to its defaults for what is missing
 * [product: PLAN-9].
 */
export interface SignupChoice {
  plan?: PlanId;
  interval?: BillingInterval;
}

const planFieldSchema = v.object({ plan: planIdSchema });
const annualFieldSchema = v.object({ annual: v.boolean() });

/**
 * Reads `{ plan, annual }` from an event detail any script may have sent: each field is kept only when it is
 * valid (`plan` one of starter, pro, business; `annual` a boolean), anything else is ignored.
 */
export function signupChoiceFromDetail(detail: unknown): SignupChoice {
  const plan = v.safeParse(planFieldSchema, detail);
  const annual = v.safeParse(annualFieldSchema, detail);
  return {
    ...(plan.success ? { plan: plan.output.plan } : {}),
    ...(annual.success ? { interval: annual.output.annual ? 'annual' : 'monthly' } : {}),
  };
}
