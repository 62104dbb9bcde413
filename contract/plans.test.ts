import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_PLAN_NAMES, checkoutPlanNameSchema, DEFAULT_PLAN_LABEL, PLAN_LIST, PLANS } from './plans';

describe('plan catalogue', () => {
  it.each([
    ['starter', 'Starter', 'Starter', 19, 15],
    ['pro', "Founders' Tier", 'Professional', 59, 50],
    ['business', 'Business', 'Business', 199, 250],
  ] as const)(
    '%s is %s (%s) at $%i a month, up to %s devices everywhere [product: PLAN-10]',
    (id, label, name, usd, devices) => {
      expect(PLANS[id]).toMatchObject({
        id,
        label,
        marketingName: name,
        monthlyUsd: usd,
        devices,
      });
    },
  );

  it('lists the plans in display order', () => {
    expect(PLAN_LIST.map((plan) => plan.id)).toEqual(['starter', 'pro', 'business']);
  });

  it("labels a missing plan Founders' Tier", () => {
    expect(DEFAULT_PLAN_LABEL).toBe("Founders' Tier");
  });
});

describe('checkout plan names', () => {
  it('are every plan with _monthly or _yearly', () => {
    expect(CHECKOUT_PLAN_NAMES).toEqual([
      'starter_monthly',
      'starter_yearly',
      'pro_monthly',
      'pro_yearly',
      'business_monthly',
      'business_yearly',
    ]);
    for (const name of CHECKOUT_PLAN_NAMES) expect(v.parse(checkoutPlanNameSchema, name)).toBe(name);
  });
});
