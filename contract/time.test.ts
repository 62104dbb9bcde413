import { describe, expect, it, vi } from 'vitest';
import {
  createdAtMs,
  type DatePreferences,
  formatDateAs,
  formatDateTimeAs,
  memberSinceAs,
  toEpochMs,
} from './time';

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

describe('UTC dates are written out, as the formatter would write them [product: SET-32]', () => {
  it("reads as Intl's en-US date parts in UTC from 1800 to 10000, in every format", () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: 'UTC',
    });
    const day = 86_400_000;
    const instants: number[] = [];
    // Every day of four years around leap days and centuries, then a day every 233 days and 7 hours to 10000.
    for (const year of [1900, 2000, 2024, 2100])
      for (let ms = Date.UTC(year, 0, 1); ms < Date.UTC(year + 1, 0, 1); ms += day) instants.push(ms, ms - 1);
    for (let ms = Date.UTC(1800, 0, 1); ms < Date.UTC(10001, 0, 1); ms += day * 233 + 3_600_000 * 7 + 61_001)
      instants.push(ms, ms - (ms % day), ms - (ms % day) - 1);
    const wrong: string[] = [];
    for (const instant of instants) {
      const parts = intl.formatToParts(instant);
      const part = (type: string) => parts.find((entry) => entry.type === type)?.value;
      const [y, m, d] = [part('year'), part('month'), part('day')];
      const expected = {
        'MM/DD/YYYY': `${m}/${d}/${y}`,
        'DD/MM/YYYY': `${d}/${m}/${y}`,
        'YYYY-MM-DD': `${y}-${m}-${d}`,
      };
      for (const [dateFormat, text] of Object.entries(expected)) {
        // A Date, as numbers below 1e12 are read as seconds.
        const written = formatDateAs(new Date(instant), {
          dateFormat: dateFormat as DatePreferences['dateFormat'],
          timezone: 'UTC',
        });
        if (written !== text)
          wrong.push(`${new Date(instant).toISOString()} ${dateFormat}: ${written} not ${text}`);
      }
    }
    expect(instants.length).toBeGreaterThan(14_000);
    expect(wrong).toEqual([]);
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
