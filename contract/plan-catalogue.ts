/**
 * Plans, billing intervals and the catalogue [product: PLAN]. Prices are whole US dollars per month. Plain data
 * without valibot, so the landing page's pricing cards do not bring the validation library into its first load;
 * the schemas are in ./plans.ts, which re-exports all of this.
 */

export const PLAN_IDS = ['starter', 'pro', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Interval as the signup record and the forms name it. */
export const BILLING_INTERVALS = ['monthly', 'annual'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** Interval as the payment provider's price lookup keys name it (the suffix of a checkout plan name). */
export const CHECKOUT_INTERVALS = ['monthly', 'yearly'] as const;
export type CheckoutInterval = (typeof CHECKOUT_INTERVALS)[number];

export const DEFAULT_PLAN: PlanId = 'starter';
export const DEFAULT_INTERVAL: BillingInterval = 'monthly';

/** `starter_monthly` ... `business_yearly`: the plan names sent to checkout and change-plan. */
export const CHECKOUT_PLAN_NAMES = PLAN_IDS.flatMap((plan) =>
  CHECKOUT_INTERVALS.map((interval) => `${plan}_${interval}` as const),
);
export type CheckoutPlanName = `${PlanId}_${CheckoutInterval}`;

/** Discount of annual billing over twelve monthly payments. */
export const ANNUAL_DISCOUNT = 0.2;
export const TRIAL_DAYS = 14;

export type PlanDetails = {
  id: PlanId;
  /** Label shown on plan cards and badges. */
  label: string;
  /** Name used where the product calls the tier by its product name (plan mapping, emails) [product: SUB-4]. */
  marketingName: string;
  monthlyUsd: number;
  /** One device limit, the same on the landing page and in the plan picker [product: PLAN-10]. */
  devices: number;
  features: readonly string[];
  /** Business adds white-label to its device line. */
  deviceNote?: string;
};

export const PLANS: Readonly<Record<PlanId, PlanDetails>> = Object.freeze({
  starter: {
    id: 'starter',
    label: 'Starter',
    marketingName: 'Starter',
    monthlyUsd: 19,
    devices: 15,
    features: ['Basic monitoring', 'Email support', 'Community access'],
  },
  pro: {
    id: 'pro',
    label: "Founders' Tier",
    marketingName: 'Professional',
    monthlyUsd: 59,
    devices: 50,
    features: [
      'Advanced monitoring and alerts',
      'Priority support',
      'Integrations access',
      'Lifetime pricing locked (beta)',
    ],
  },
  business: {
    id: 'business',
    label: 'Business',
    marketingName: 'Business',
    monthlyUsd: 199,
    devices: 250,
    features: ['White-labeling', 'Dedicated account manager', '24/7/365 support'],
    deviceNote: 'plus white-label',
  },
});

/** Plans in display order. */
export const PLAN_LIST: readonly PlanDetails[] = PLAN_IDS.map((id) => PLANS[id]);

/** The label shown when a user has no plan yet [product: DATA-3]. */
export const DEFAULT_PLAN_LABEL = PLANS.pro.label;
