import { describe, expect, it } from 'vitest';
import { bannerBadge, DAY_MS, hasNoSubscriptionStatus, trialBadge, trialDaysLeft, trialEndMs } from './trial';

const now = Date.UTC(2026, 0, 5, 12);
const HOUR = 60 * 60 * 1000;

describe('trialDaysLeft [product: LIMIT-3]', () => {
  it.each([
    ['exactly 14 days', now + 14 * DAY_MS, 14],
    ['13 days and an hour (rounded up)', now + 13 * DAY_MS + HOUR, 14],
    ['one millisecond', now + 1, 1],
    ['exactly now', now, 0],
    ['a past end (never negative)', now - 3 * DAY_MS, 0],
    ['an end in epoch seconds', (now + 2 * DAY_MS) / 1000, 2],
    ['an ISO end', new Date(now + 5 * DAY_MS).toISOString(), 5],
    ['no end', null, null],
    ['an unreadable end', 'soon', null],
  ])('%s -> %s', (_label, end, days) => {
    expect(trialDaysLeft(end, now)).toBe(days);
  });
});

describe('trialEndMs [product: LIMIT-2]', () => {
  const created = now - 2 * DAY_MS;

  it.each([
    [
      'the known end date wins',
      { trialEndsAt: now + DAY_MS, subscriptionStatus: 'trialing', createdAt: created },
      now + DAY_MS,
    ],
    [
      'no end and no status: created + 336 h',
      { trialEndsAt: null, subscriptionStatus: undefined, createdAt: created },
      created + 336 * HOUR,
    ],
    [
      "no end and status 'none'",
      { trialEndsAt: null, subscriptionStatus: 'none', createdAt: created },
      created + 336 * HOUR,
    ],
    [
      'no end and an empty status',
      { trialEndsAt: '', subscriptionStatus: '', createdAt: created },
      created + 336 * HOUR,
    ],
    [
      'no end but a subscription: no trial',
      { trialEndsAt: null, subscriptionStatus: 'active', createdAt: created },
      null,
    ],
    ['no end and no creation date', { trialEndsAt: null, subscriptionStatus: null, createdAt: null }, null],
  ])('%s', (_label, input, expected) => {
    expect(trialEndMs(input)).toBe(expected);
  });

  it('an estimated trial of a user created 2 days ago has 12 days left', () => {
    expect(
      trialDaysLeft(trialEndMs({ trialEndsAt: null, subscriptionStatus: null, createdAt: created }), now),
    ).toBe(12);
  });

  it.each([
    [null, true],
    [undefined, true],
    ['', true],
    ['None', true],
    ['trialing', false],
    ['canceled', false],
  ])('status %j means no subscription: %s', (status, expected) => {
    expect(hasNoSubscriptionStatus(status)).toBe(expected);
  });
});

describe('banner badge [product: LAND-14, LAND-15, LAND-16]', () => {
  it.each([
    [5, 'Trial: 5 days left'],
    [1, 'Trial: 1 day left'],
    [14, 'Trial: 14 days left'],
    [0, 'Active Member'],
    [null, 'Active Member'],
    [undefined, 'Active Member'],
  ])('signed in with %s days left: %s', (days, text) => {
    expect(trialBadge(days)).toBe(text);
    expect(bannerBadge(true, days)).toBe(text);
  });

  it("shows 'Early Access' to visitors", () => {
    expect(bannerBadge(false, 5)).toBe('Early Access');
  });
});
