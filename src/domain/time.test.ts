import { describe, expect, it } from 'vitest';
import { createdAtMs, formatLongDate, memberSince, toEpochMs } from './time';

const jan5 = Date.UTC(2026, 0, 5, 12);

describe('toEpochMs [product: LIMIT-4]', () => {
  it.each([
    ['seconds', jan5 / 1000, jan5],
    ['milliseconds', jan5, jan5],
    ['the last second value', 999_999_999_999, 999_999_999_999_000],
    ['the first millisecond value', 1e12, 1e12],
    ['an ISO string', '2026-01-05T12:00:00.000Z', jan5],
    ['a digit string in seconds', String(jan5 / 1000), jan5],
    ['a Date', new Date(jan5), jan5],
    ['null', null, null],
    ['undefined', undefined, null],
    ['an empty string', '  ', null],
    ['garbage', 'not a date', null],
    ['NaN', Number.NaN, null],
    ['an invalid Date', new Date('x'), null],
  ])('reads %s', (_label, value, expected) => {
    expect(toEpochMs(value)).toBe(expected);
  });
});

describe('formatLongDate [product: LIMIT-6]', () => {
  it.each([
    [jan5, 'January 5, 2026'],
    [jan5 / 1000, 'January 5, 2026'],
    ['2025-12-31T23:59:59Z', 'December 31, 2025'],
  ])('%s -> %s (UTC)', (value, text) => {
    expect(formatLongDate(value, 'UTC')).toBe(text);
  });

  it('follows the given time zone', () => {
    expect(formatLongDate('2026-01-05T02:00:00Z', 'America/Los_Angeles')).toBe('January 4, 2026');
  });

  it('answers null for an unreadable date', () => {
    expect(formatLongDate('nope', 'UTC')).toBeNull();
  });
});

describe('member since [product: DATA-2]', () => {
  it.each([
    ['created_date', { created_date: jan5 }, 'January 5, 2026'],
    ['created_at', { created_at: '2026-01-05T12:00:00Z' }, 'January 5, 2026'],
    ['createdAt', { createdAt: jan5 / 1000 }, 'January 5, 2026'],
    ['created', { created: jan5 }, 'January 5, 2026'],
    [
      'created_date before the others',
      { created_date: jan5, created_at: '2020-01-01T00:00:00Z' },
      'January 5, 2026',
    ],
    [
      'the next field when the first is invalid',
      { created_date: 'garbage', created: jan5 },
      'January 5, 2026',
    ],
    ['nothing', {}, 'Recently'],
    ['only invalid values', { created_at: 'garbage', createdAt: null }, 'Recently'],
  ])('reads %s', (_label, user, text) => {
    expect(memberSince(user, 'UTC')).toBe(text);
  });

  it('exposes the resolved creation time', () => {
    expect(createdAtMs({ createdAt: jan5 / 1000 })).toBe(jan5);
    expect(createdAtMs({})).toBeNull();
  });
});
