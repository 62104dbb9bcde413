import type { SubscriptionStatus } from '../../contract/billing';

/**
 * Subscription rules [product: SUB-1, SUB-3, BILL-5, BILL-6]. A subscription object without a status is active; no
 * subscription object at all (null or undefined) is "no subscription", which is why these functions take the object.
 */

export type SubscriptionLike = {
  status?: string | null;
  cancel_at_period_end?: boolean | null;
};

export const DEFAULT_SUBSCRIPTION_STATUS: SubscriptionStatus = 'active';

/** The status, lowercased, with a missing or blank one read as active. */
export function subscriptionStatus(subscription: SubscriptionLike): string {
  const status = subscription.status?.trim().toLowerCase();
  return status || DEFAULT_SUBSCRIPTION_STATUS;
}

const EXISTING_ON_LANDING = new Set(['trialing', 'active', 'past_due', 'unpaid', 'incomplete']);
const LIVE_ON_BILLING = new Set(['trialing', 'active', 'past_due', 'unpaid']);
const CANCELLATION_DONE = new Set(['canceled', 'incomplete_expired']);

/** The landing page treats a subscription as existing when its status is not over, or it is set to cancel later. */
export function subscriptionExists(subscription: SubscriptionLike | null | undefined): boolean {
  if (!subscription) return false;
  return (
    EXISTING_ON_LANDING.has(subscriptionStatus(subscription)) || subscription.cancel_at_period_end === true
  );
}

/** The billing page's live statuses: trialing, active, past_due, unpaid. */
export function isLiveSubscription(subscription: SubscriptionLike | null | undefined): boolean {
  return !!subscription && LIVE_ON_BILLING.has(subscriptionStatus(subscription));
}

/** Cancellation is already scheduled (or done): cancel_at_period_end, or status canceled / incomplete_expired. */
export function isCancellationScheduled(subscription: SubscriptionLike | null | undefined): boolean {
  if (!subscription) return false;
  return (
    subscription.cancel_at_period_end === true || CANCELLATION_DONE.has(subscriptionStatus(subscription))
  );
}

export const CANCELLATION_SCHEDULED_LABEL = 'Cancellation Scheduled';

/** The cancel button is disabled while cancelling, without a subscription, or once cancellation is scheduled. */
export function isCancelDisabled(
  subscription: SubscriptionLike | null | undefined,
  cancelling: boolean,
): boolean {
  return cancelling || !subscription || isCancellationScheduled(subscription);
}
