import { describe, expect, it, vi } from 'vitest';
import { createdAtMs, formatDateAs, formatDateTimeAs, memberSinceAs, toEpochMs } from './time';

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

describe('member since, in the default format and zone [product: DATA-2, SET-32]', () => {
  it.each([
    ['created_date', { created_date: jan5 }, '01/05/2026'],
    ['created_at', { created_at: '2026-01-05T12:00:00Z' }, '01/05/2026'],
    ['createdAt', { createdAt: jan5 / 1000 }, '01/05/2026'],
    ['created', { created: jan5 }, '01/05/2026'],
    [
      'created_date before the others',
      { created_date: jan5, created_at: '2020-01-01T00:00:00Z' },
      '01/05/2026',
    ],
    ['the next field when the first is invalid', { created_date: 'garbage', created: jan5 }, '01/05/2026'],
    ['nothing', {}, 'Recently'],
    ['only invalid values', { created_at: 'garbage', createdAt: null }, 'Recently'],
  ])('reads %s', (_label, user, text) => {
    expect(memberSinceAs(user, { dateFormat: 'MM/DD/YYYY', timezone: 'UTC' })).toBe(text);
  });

  it('exposes the resolved creation time', () => {
    expect(createdAtMs({ createdAt: jan5 / 1000 })).toBe(jan5);
    expect(createdAtMs({})).toBeNull();
  });
});

describe("formatDateAs: the user's date format and time zone [product: SET-27, SET-28, SET-32]", () => {
  // 03:30 UTC on 7 March 2026: still 6 March on the US clocks, so the zone visibly moves the day.
  const early = Date.UTC(2026, 2, 7, 3, 30);

  it.each([
    ['MM/DD/YYYY', 'UTC', '03/07/2026'],
    ['DD/MM/YYYY', 'UTC', '07/03/2026'],
    ['YYYY-MM-DD', 'UTC', '2026-03-07'],
    ['MM/DD/YYYY', 'GMT', '03/07/2026'],
    ['MM/DD/YYYY', 'EST', '03/06/2026'],
    ['YYYY-MM-DD', 'PST', '2026-03-06'],
  ] as const)('%s in %s', (dateFormat, timezone, expected) => {
    expect(formatDateAs(early, { dateFormat, timezone })).toBe(expected);
  });

  it('follows daylight saving on the UK clock: 23:30 UTC in July is the next day in GMT', () => {
    expect(formatDateAs(Date.UTC(2026, 6, 1, 23, 30), { dateFormat: 'YYYY-MM-DD', timezone: 'GMT' })).toBe(
      '2026-07-02',
    );
  });

  it('reads epoch seconds like every other date, and answers null for garbage', () => {
    const prefs = { dateFormat: 'YYYY-MM-DD', timezone: 'UTC' } as const;
    expect(formatDateAs(jan5 / 1000, prefs)).toBe('2026-01-05');
    expect(formatDateAs('not a date', prefs)).toBeNull();
  });

  it("memberSinceAs answers 'Recently' for a missing or invalid date [product: DATA-2]", () => {
    const prefs = { dateFormat: 'DD/MM/YYYY', timezone: 'UTC' } as const;
    expect(memberSinceAs({ created_at: '2026-01-05T12:00:00Z' }, prefs)).toBe('05/01/2026');
    expect(memberSinceAs({ created_at: 'soon' }, prefs)).toBe('Recently');
    expect(memberSinceAs({}, prefs)).toBe('Recently');
  });
});

describe("formatDateTimeAs: a moment in the user's format, zone and clock [product: SET-27, SET-28, SET-32, BILL-20]", () => {
  const at = '2026-11-23T10:05:00.000Z';
  it.each([
    [{ dateFormat: 'MM/DD/YYYY', timezone: 'UTC' }, '11/23/2026 10:05 AM UTC'],
    [{ dateFormat: 'DD/MM/YYYY', timezone: 'EST' }, '23/11/2026 5:05 AM EST'],
    [{ dateFormat: 'YYYY-MM-DD', timezone: 'PST' }, '2026-11-23 2:05 AM PST'],
    [{ dateFormat: 'MM/DD/YYYY', timezone: 'GMT' }, '11/23/2026 10:05 AM GMT'],
  ] as const)('%j: %s', (preferences, text) => {
    expect(formatDateTimeAs(at, preferences)).toBe(text);
  });

  it('crosses the date line with the zone: late evening in Los Angeles is the next day in UTC', () => {
    expect(formatDateTimeAs('2026-11-24T03:00:00.000Z', { dateFormat: 'MM/DD/YYYY', timezone: 'PST' })).toBe(
      '11/23/2026 7:00 PM PST',
    );
  });

  it('gives null for an unreadable value', () => {
    expect(formatDateTimeAs('not a date', { dateFormat: 'MM/DD/YYYY', timezone: 'UTC' })).toBeNull();
  });
});

describe('formatters are made once per zone (each one loads locale and zone data: slow at a phone CPU)', () => {
  it('formats a page of dates with one date formatter and one time formatter per zone', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      for (const timezone of ['UTC', 'EST', 'UTC', 'EST'] as const) {
        for (let day = 1; day <= 5; day += 1) {
          formatDateTimeAs(Date.UTC(2026, 0, day), { dateFormat: 'MM/DD/YYYY', timezone });
        }
      }
      // Other tests may have made some of these already: at most one of each kind per zone.
      expect(made.mock.calls.length).toBeLessThanOrEqual(4);
    } finally {
      made.mockRestore();
    }
  });
});
