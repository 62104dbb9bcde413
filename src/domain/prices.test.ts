import { describe, expect, it } from 'vitest';
import { ANNUAL_SAVINGS_LABEL, annualPrice, annualPricePerMonth, formatUsd, planPrice } from './prices';

describe('annual prices [product: PLAN-7]', () => {
  it.each([
    [19, 182, '$15.17'],
    [59, 566, '$47.17'],
    [199, 1910, '$159.17'],
    [10, 96, '$8'],
    [0, 0, '$0'],
  ])('$%i a month costs $%i a year, shown as %s a month', (monthly, annual, perMonth) => {
    expect(annualPrice(monthly)).toBe(annual);
    expect(formatUsd(annualPricePerMonth(monthly))).toBe(perMonth);
  });

  it.each([
    [25, 240],
    [5.25, 50], // 50.4
    [5.26, 50], // 50.496
    [5.3, 51], // 50.88
  ])('rounds $%d x 12 x 0.8 to the nearest dollar: $%i', (monthly, annual) => {
    expect(annualPrice(monthly)).toBe(annual);
  });

  it("says 'Save 20%'", () => {
    expect(ANNUAL_SAVINGS_LABEL).toBe('Save 20%');
  });
});

describe('formatUsd [product: PLAN-8]', () => {
  it.each([
    [19, '$19'],
    [1910, '$1,910'],
    [15.166666, '$15.17'],
    [15.5, '$15.50'],
    [19.001, '$19'],
  ])('%d -> %s', (amount, text) => {
    expect(formatUsd(amount)).toBe(text);
  });

  it("reads as Intl's en-US dollars for whole amounts and every twelfth of one", () => {
    const intl = (digits: number) =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    const [whole, cents] = [intl(0), intl(2)];
    for (let twelfths = -2400; twelfths <= 1_200_000; twelfths += 7) {
      const amount = twelfths / 12;
      const expected = twelfths % 12 === 0 ? whole.format(amount) : cents.format(amount);
      expect(formatUsd(amount)).toBe(expected);
    }
  });
});

describe('planPrice [product: PLAN-7]', () => {
  it.each([
    ['starter', 'monthly', { charged: 19, perMonth: 19 }],
    ['pro', 'monthly', { charged: 59, perMonth: 59 }],
    ['business', 'monthly', { charged: 199, perMonth: 199 }],
    ['starter', 'annual', { charged: 182, perMonth: 182 / 12 }],
    ['pro', 'annual', { charged: 566, perMonth: 566 / 12 }],
    ['business', 'annual', { charged: 1910, perMonth: 1910 / 12 }],
  ] as const)('%s %s', (plan, interval, expected) => {
    expect(planPrice(plan, interval)).toEqual({ ...expected, interval });
  });
});
