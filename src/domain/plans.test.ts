import { describe, expect, it } from 'vitest';
import { PLANS } from '../../contract/plan-catalogue';
import {
  checkoutPlanName,
  currentPlanOf,
  devicesText,
  isCurrentPlan,
  isPlanChangeConfirmDisabled,
  planLabel,
  planName,
  toBillingInterval,
  toPlanId,
} from './plans';

describe('planName [product: SUB-4]', () => {
  it.each([
    ['starter', 'Starter'],
    ['Starter', 'Starter'],
    ['pro', 'Professional'],
    ['professional', 'Professional'],
    ['business', 'Business'],
    ['enterprise', 'Business'],
    [' ENTERPRISE ', 'Business'],
    ['gold', 'Professional'],
    ['', 'Professional'],
    [null, 'Professional'],
    [undefined, 'Professional'],
  ])('%j -> %s', (plan, name) => {
    expect(planName(plan)).toBe(name);
  });

  it('maps to plan ids the same way', () => {
    expect([toPlanId('professional'), toPlanId('enterprise'), toPlanId('x')]).toEqual([
      'pro',
      'business',
      'pro',
    ]);
  });
});

describe('toBillingInterval [product: SUB-5]', () => {
  it.each([
    ['annual', 'annual'],
    ['year', 'annual'],
    ['yearly', 'annual'],
    ['Annual', 'annual'],
    ['monthly', 'monthly'],
    ['month', 'monthly'],
    ['weekly', 'monthly'],
    [null, 'monthly'],
  ])('%j -> %s', (interval, expected) => {
    expect(toBillingInterval(interval)).toBe(expected);
  });
});

describe('checkoutPlanName [product: SUB-6]', () => {
  it.each([
    ['pro', 'annual', 'pro_yearly'],
    ['starter', 'monthly', 'starter_monthly'],
    ['enterprise', 'year', 'business_yearly'],
    ['professional', undefined, 'pro_monthly'],
  ])('%s + %s -> %s', (plan, interval, name) => {
    expect(checkoutPlanName(plan, interval)).toBe(name);
  });
});

describe('planLabel [product: DATA-3, PLAN-2]', () => {
  it.each([
    [null, "Founders' Tier"],
    ['', "Founders' Tier"],
    ['pro', "Founders' Tier"],
    ['professional', "Founders' Tier"],
    ['starter', 'Starter'],
    ['enterprise', 'Business'],
    ['Legacy Gold', 'Legacy Gold'],
  ])('%j -> %s', (plan, label) => {
    expect(planLabel(plan)).toBe(label);
  });
});

describe('isCurrentPlan [product: LAND-22]', () => {
  const current = { plan: 'pro', interval: 'annual' };

  it.each([
    ['same plan and interval', { plan: 'pro', interval: 'annual' }, current, true],
    ['same plan spelled differently', { plan: 'professional', interval: 'yearly' }, current, true],
    ['same plan, other interval', { plan: 'pro', interval: 'monthly' }, current, false],
    ['other plan, same interval', { plan: 'starter', interval: 'annual' }, current, false],
    ['no current plan', { plan: 'pro', interval: 'monthly' }, null, false],
    [
      'a current plan without a name',
      { plan: 'pro', interval: 'monthly' },
      { plan: '', interval: 'monthly' },
      false,
    ],
  ])('%s: %s', (_label, card, subscription, expected) => {
    expect(isCurrentPlan(card, subscription)).toBe(expected);
  });
});

describe('isPlanChangeConfirmDisabled [product: BILL-9]', () => {
  it.each([
    ['while updating', { chosenPlan: 'starter', currentPlan: 'pro', view: 'monthly', updating: true }, true],
    [
      'same plan on the monthly view',
      { chosenPlan: 'pro', currentPlan: 'professional', view: 'monthly', updating: false },
      true,
    ],
    [
      'same plan on the annual view',
      { chosenPlan: 'pro', currentPlan: 'pro', view: 'annual', updating: false },
      false,
    ],
    [
      'another plan on the monthly view',
      { chosenPlan: 'business', currentPlan: 'pro', view: 'monthly', updating: false },
      false,
    ],
    ['no current plan', { chosenPlan: 'pro', currentPlan: null, view: 'monthly', updating: false }, false],
  ])('%s: %s', (_label, input, disabled) => {
    expect(isPlanChangeConfirmDisabled(input)).toBe(disabled);
  });
});

describe('currentPlanOf: the plan the landing page marks [product: LAND-22, LAND-42, SUB-1, SUB-3]', () => {
  const user = (subscription_status: string | null) => ({
    plan: 'pro',
    billing_interval: 'monthly',
    subscription_status,
  });
  it.each([
    ['active', 'active', true],
    ['trialing', 'trialing', true],
    ['past due', 'past_due', true],
    ['without a status (active)', null, true],
    ['canceled', 'canceled', false],
    ['expired', 'incomplete_expired', false],
  ])('%s', (_label, status, marked) => {
    expect(currentPlanOf(user(status))).toEqual(marked ? { plan: 'pro', interval: 'monthly' } : null);
  });

  it('marks nothing without a user or a plan', () => {
    expect(currentPlanOf(null)).toBeNull();
    expect(currentPlanOf({ plan: null, subscription_status: 'active' })).toBeNull();
  });
});

describe('devicesText: one device line per plan [product: PLAN-10]', () => {
  it.each([
    ['starter', 'Up to 15 devices'],
    ['pro', 'Up to 50 devices'],
    ['business', 'Up to 250 devices plus white-label'],
  ] as const)('%s: %s', (id, text) => {
    expect(devicesText(PLANS[id])).toBe(text);
  });
});
