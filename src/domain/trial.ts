import { TRIAL_DAYS } from '../../contract/plan-catalogue';
import { type DateInput, toEpochMs } from '../../contract/time';

/** The 14-day trial [product: LIMIT-1, LIMIT-2, LIMIT-3, LAND-15]. */

export const DAY_MS = 24 * 60 * 60 * 1000;
/** 14 days: the estimate used when the server has no trial end date for a user without a subscription. */
export const TRIAL_ESTIMATE_MS = TRIAL_DAYS * DAY_MS;

/** Whole days left, rounded up (any part of a day counts as a day), never below 0. */
export function trialDaysLeft(trialEnd: DateInput, now: number): number | null {
  const end = toEpochMs(trialEnd);
  if (end === null) return null;
  return Math.max(0, Math.ceil((end - now) / DAY_MS));
}

/** A subscription status meaning "no subscription": absent, empty, or the literal 'none'. */
export function hasNoSubscriptionStatus(status: string | null | undefined): boolean {
  return (
    status === null || status === undefined || status.trim() === '' || status.trim().toLowerCase() === 'none'
  );
}

/**
 * The trial end to count down to: the known end date; or, with no end date and no subscription, 336 hours
 * after the account was created; otherwise none (a subscriber without a trial date is not on trial).
 */
export function trialEndMs(input: {
  trialEndsAt: DateInput;
  subscriptionStatus: string | null | undefined;
  createdAt: DateInput;
}): number | null {
  const known = toEpochMs(input.trialEndsAt);
  if (known !== null) return known;
  if (!hasNoSubscriptionStatus(input.subscriptionStatus)) return null;
  const created = toEpochMs(input.createdAt);
  return created === null ? null : created + TRIAL_ESTIMATE_MS;
}

export const ACTIVE_MEMBER_BADGE = 'Active Member';
export const EARLY_ACCESS_BADGE = 'Early Access';

/** The signed-in banner badge: `Trial: 1 day left`, `Trial: 5 days left`, or 'Active Member'. */
export function trialBadge(daysLeft: number | null | undefined): string {
  if (daysLeft === null || daysLeft === undefined || daysLeft <= 0) return ACTIVE_MEMBER_BADGE;
  return `Trial: ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left`;
}

/** The landing page's top banner badge: 'Early Access' for visitors, else the trial badge. */
export function bannerBadge(signedIn: boolean, daysLeft: number | null | undefined): string {
  return signedIn ? trialBadge(daysLeft) : EARLY_ACCESS_BADGE;
}
