import { describe, expect, it } from 'vitest';
import {
  isCancelDisabled,
  isCancellationScheduled,
  isLiveSubscription,
  subscriptionExists,
  subscriptionStatus,
} from './subscription';

describe('subscriptionStatus [product: SUB-1]', () => {
  it.each([
    [{}, 'active'],
    [{ status: null }, 'active'],
    [{ status: '' }, 'active'],
    [{ status: 'Trialing' }, 'trialing'],
    [{ status: 'canceled' }, 'canceled'],
  ])('%j -> %s', (subscription, status) => {
    expect(subscriptionStatus(subscription)).toBe(status);
  });
});

// One row per status: [status, exists on landing, live on billing, cancellation scheduled]
const statuses = [
  ['trialing', true, true, false],
  ['active', true, true, false],
  ['past_due', true, true, false],
  ['unpaid', true, true, false],
  ['incomplete', true, false, false],
  ['canceled', false, false, true],
  ['incomplete_expired', false, false, true],
  ['paused', false, false, false],
  [undefined, true, true, false],
] as const;

describe.each(statuses)(
  'status %s [product: SUB-2, SUB-3, BILL-5, BILL-6]',
  (status, exists, live, scheduled) => {
    const subscription = { status, cancel_at_period_end: false };
    it(`exists on the landing page: ${exists}`, () => expect(subscriptionExists(subscription)).toBe(exists));
    it(`is live on the billing page: ${live}`, () => expect(isLiveSubscription(subscription)).toBe(live));
    it(`has cancellation scheduled: ${scheduled}`, () =>
      expect(isCancellationScheduled(subscription)).toBe(scheduled));
  },
);

describe('cancel at period end [product: SUB-3, BILL-6]', () => {
  it('counts as existing on the landing page even when the status is over', () => {
    expect(subscriptionExists({ status: 'canceled', cancel_at_period_end: true })).toBe(true);
  });

  it('counts as scheduled cancellation while still active', () => {
    expect(isCancellationScheduled({ status: 'active', cancel_at_period_end: true })).toBe(true);
  });
});

describe('no subscription [product: SUB-3, BILL-5, BILL-6]', () => {
  it.each([null, undefined])('%s neither exists, is live, nor is scheduled', (none) => {
    expect(subscriptionExists(none)).toBe(false);
    expect(isLiveSubscription(none)).toBe(false);
    expect(isCancellationScheduled(none)).toBe(false);
  });
});

describe('isCancelDisabled [product: BILL-6, BILL-7]', () => {
  it.each([
    ['an active subscription', { status: 'active' }, false, false],
    ['while cancelling', { status: 'active' }, true, true],
    ['without a subscription', null, false, true],
    ['when cancellation is scheduled', { status: 'active', cancel_at_period_end: true }, false, true],
    ['when already canceled', { status: 'canceled' }, false, true],
  ])('%s: %s', (_label, subscription, cancelling, disabled) => {
    expect(isCancelDisabled(subscription, cancelling)).toBe(disabled);
  });
});
