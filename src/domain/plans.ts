import {
  type BillingInterval,
  type CheckoutPlanName,
  DEFAULT_PLAN_LABEL,
  PLANS,
  type PlanDetails,
  type PlanId,
} from '../../contract/plan-catalogue';
import { subscriptionExists } from './subscription';

/** Plan and interval mapping [product: SUB-4, SUB-5], and which plan is "current" on the pricing cards. */

export type PlanName = 'Starter' | 'Professional' | 'Business';

const PLAN_ALIASES: Readonly<Record<string, PlanId>> = {
  starter: 'starter',
  pro: 'pro',
  professional: 'pro',
  business: 'business',
  enterprise: 'business',
};

/**
 * The plan id for any spelling the back ends use (`pro`, `Professional`, `enterprise`...). Unknown or missing
 * values mean Professional [product: SUB-4].
 */
export function toPlanId(plan: string | null | undefined): PlanId {
  return PLAN_ALIASES[(plan ?? '').trim().toLowerCase()] ?? 'pro';
}

/** starter -> Starter; pro/professional -> Professional; business/enterprise -> Business; unknown -> Professional. */
export function planName(plan: string | null | undefined): PlanName {
  const names: Record<PlanId, PlanName> = { starter: 'Starter', pro: 'Professional', business: 'Business' };
  return names[toPlanId(plan)];
}

/**
 * The app's interval for any spelling the back ends use: annual, year or yearly is annual; anything else monthly
 * (case-insensitive) [product: SUB-5].
 */
export function toBillingInterval(interval: string | null | undefined): BillingInterval {
  const value = (interval ?? '').trim().toLowerCase();
  return value === 'annual' || value === 'year' || value === 'yearly' ? 'annual' : 'monthly';
}

/**
 * The plan name sent to checkout and change-plan, `pro_yearly` [product: SUB-6]: the one place where the app's
 * annual interval is written `yearly`, as the payment provider's prices are named.
 */
export function checkoutPlanName(
  plan: string | null | undefined,
  interval: string | null | undefined,
): CheckoutPlanName {
  return `${toPlanId(plan)}_${toBillingInterval(interval) === 'annual' ? 'yearly' : 'monthly'}`;
}

/**
 * The plan badge's text: the catalogue label of a known plan (`pro` -> Founders' Tier); any other non-blank text
 * as given (it may already be a label, such as the server's plan_label); "Founders' Tier" when there is none.
 */
export function planLabel(plan: string | null | undefined): string {
  const text = plan?.trim();
  if (!text) return DEFAULT_PLAN_LABEL;
  const id = PLAN_ALIASES[text.toLowerCase()];
  return id ? PLANS[id].label : text;
}

export type PlanChoice = { plan: string | null | undefined; interval: string | null | undefined };

/**
 * The plan and interval the landing page marks as current [product: LAND-22, LAND-42]: the user's, while their
 * subscription exists there (SUB-3); a canceled or expired one is nobody's current plan.
 */
export function currentPlanOf(
  user: {
    plan?: string | null;
    billing_interval?: string | null;
    subscription_status?: string | null;
  } | null,
): PlanChoice | null {
  if (!user?.plan?.trim() || !subscriptionExists({ status: user.subscription_status ?? null })) return null;
  return { plan: user.plan, interval: user.billing_interval };
}

/**
 * A pricing card is the current plan only when both the plan and the interval match the subscription; with no
 * current plan nothing is marked.
 */
export function isCurrentPlan(card: PlanChoice, current: PlanChoice | null | undefined): boolean {
  if (!current?.plan?.trim()) return false;
  return (
    toPlanId(card.plan) === toPlanId(current.plan) &&
    toBillingInterval(card.interval) === toBillingInterval(current.interval)
  );
}

/**
 * The plan-change confirm button [product: BILL-9] is disabled while updating, and when the chosen plan equals
 * the current plan on the monthly view.
 */
export function isPlanChangeConfirmDisabled(input: {
  chosenPlan: string | null | undefined;
  currentPlan: string | null | undefined;
  view: string | null | undefined;
  updating: boolean;
}): boolean {
  if (input.updating) return true;
  const onMonthlyView = toBillingInterval(input.view) === 'monthly';
  return (
    onMonthlyView && !!input.currentPlan?.trim() && toPlanId(input.chosenPlan) === toPlanId(input.currentPlan)
  );
}

/**
 * A plan's device line, the same on the landing cards and in the plan picker [product: PLAN-10]: `Up to 50 devices`,
 * `Up to 250 devices plus white-label`.
 */
export function devicesText(plan: Pick<PlanDetails, 'devices' | 'deviceNote'>): string {
  return `Up to ${plan.devices} devices${plan.deviceNote ? ` ${plan.deviceNote}` : ''}`;
}
