import { ANNUAL_DISCOUNT, type BillingInterval, PLANS, type PlanId } from '../../contract/plan-catalogue';

/** Prices [product: PLAN-7]: annual = monthly x 12 x 0.8, rounded to whole dollars; shown per month as annual / 12. */

export const ANNUAL_SAVINGS_LABEL = `Save ${Math.round(ANNUAL_DISCOUNT * 100)}%`;

/** Whole US dollars billed once a year for a plan whose monthly price is `monthlyUsd`. */
export function annualPrice(monthlyUsd: number): number {
  return Math.round(monthlyUsd * 12 * (1 - ANNUAL_DISCOUNT));
}

/** The per-month figure shown for annual billing (not rounded here; see formatUsd). */
export function annualPricePerMonth(monthlyUsd: number): number {
  return annualPrice(monthlyUsd) / 12;
}

/**
 * US dollars for price cards: whole amounts without cents (`$19`), others with two decimals (`$15.17`), so the
 * catalogue's round prices stay clean while the annual per-month figure is not misleadingly rounded to a dollar.
 * Written out, as Intl.NumberFormat's en-US dollars would read: building that formatter loads the locale's data, which
 * took 50 to 270 ms of the landing page's 4x-throttled hydration (the price cards format as they hydrate).
 */
export function formatUsd(amount: number): string {
  const whole = Math.abs(amount - Math.round(amount)) < 0.005;
  const [units = '', cents] = Math.abs(amount)
    .toFixed(whole ? 0 : 2)
    .split('.');
  const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount < 0 ? '-' : ''}$${grouped}${cents === undefined ? '' : `.${cents}`}`;
}

export type PlanPrice = {
  /** What is charged per billing period, in whole dollars. */
  charged: number;
  /** What the card shows as the monthly figure. */
  perMonth: number;
  interval: BillingInterval;
};

/** A plan's price for one billing interval. */
export function planPrice(plan: PlanId, interval: BillingInterval): PlanPrice {
  const monthly = PLANS[plan].monthlyUsd;
  return interval === 'annual'
    ? { charged: annualPrice(monthly), perMonth: annualPricePerMonth(monthly), interval }
    : { charged: monthly, perMonth: monthly, interval };
}
