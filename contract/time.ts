/**
 * Dates [product: DATA-2, LIMIT-4, SET-32]: epoch numbers in seconds or milliseconds, shown to a signed-in user in
 * their own date format and time zone (every signed-in date follows one rule; the visitor's pages show none).
 */

/** Epoch values below this are seconds; at or above it, milliseconds (1e12 ms is September 2001). */
export const SECONDS_THRESHOLD = 1e12;

export type DateInput = number | string | Date | null | undefined;

/**
 * Milliseconds since the epoch, or null for a missing or unreadable value. Numbers (and all-digit strings, as
 * some APIs send) below 1e12 are seconds; other strings are parsed as dates.
 */
export function toEpochMs(value: DateInput): number | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'number') return Number.isFinite(value) ? fromEpochNumber(value) : null;
  const text = value.trim();
  if (text === '') return null;
  if (/^\d+(\.\d+)?$/.test(text)) return fromEpochNumber(Number(text));
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? null : parsed;
}

function fromEpochNumber(value: number): number {
  return value < SECONDS_THRESHOLD ? value * 1000 : value;
}

export type CreatedDateSource = {
  created_date?: DateInput;
  created_at?: DateInput;
  createdAt?: DateInput;
  created?: DateInput;
};

/**
 * When the user was created: the first readable one of created_date, created_at, createdAt, created. An
 * unreadable field does not hide a readable one after it, since different back ends fill different fields.
 */
export function createdAtMs(user: CreatedDateSource): number | null {
  for (const value of [user.created_date, user.created_at, user.createdAt, user.created]) {
    const ms = toEpochMs(value);
    if (ms !== null) return ms;
  }
  return null;
}

export const UNKNOWN_MEMBER_SINCE = 'Recently';

/** What shapes a date for a signed-in user [product: SET-27, SET-28, SET-32]. */
export interface DatePreferences {
  dateFormat: 'MM/DD/YYYY' | 'DD/MM/YYYY' | 'YYYY-MM-DD';
  timezone: 'UTC' | 'EST' | 'PST' | 'GMT';
}

/**
 * The IANA zone behind each timezone choice [product: SET-32]: EST and PST are the US Eastern and Pacific clocks
 * (daylight saving included, as people who pick them mean), GMT the UK's clock, UTC itself.
 */
export const TIME_ZONE_IDS: Readonly<Record<DatePreferences['timezone'], string>> = {
  UTC: 'UTC',
  EST: 'America/New_York',
  PST: 'America/Los_Angeles',
  GMT: 'Europe/London',
};

/**
 * One formatter per zone, made on first use and kept: building an Intl.DateTimeFormat loads its locale and zone data,
 * about a millisecond each time at a phone's CPU, and the Billing page formats a date per invoice and event.
 */
function formatterCache(options: Intl.DateTimeFormatOptions) {
  const made = new Map<DatePreferences['timezone'], Intl.DateTimeFormat>();
  return (timezone: DatePreferences['timezone']) => {
    let formatter = made.get(timezone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: TIME_ZONE_IDS[timezone] });
      made.set(timezone, formatter);
    }
    return formatter;
  };
}

const dateFormatter = formatterCache({ year: 'numeric', month: '2-digit', day: '2-digit' });
const timeFormatter = formatterCache({ hour: 'numeric', minute: '2-digit' });

/** `03/07/2026`, `07/03/2026` or `2026-03-07` in the chosen zone; null for an unreadable value. */
export function formatDateAs(value: DateInput, preferences: DatePreferences): string | null {
  const ms = toEpochMs(value);
  if (ms === null) return null;
  const [year, month, day] =
    (preferences.timezone === 'UTC' ? utcDateParts(ms) : null) ?? zonedDateParts(ms, preferences.timezone);
  if (preferences.dateFormat === 'DD/MM/YYYY') return `${day}/${month}/${year}`;
  if (preferences.dateFormat === 'YYYY-MM-DD') return `${year}-${month}-${day}`;
  return `${month}/${day}/${year}`;
}

type DateParts = [year: string, month: string, day: string];

function zonedDateParts(ms: number, timezone: DatePreferences['timezone']): DateParts {
  const parts = dateFormatter(timezone).formatToParts(ms);
  const part = (type: 'year' | 'month' | 'day') => parts.find((entry) => entry.type === type)?.value ?? '';
  return [part('year'), part('month'), part('day')];
}

/**
 * A UTC date written out, as the formatter's en-US parts read (for the years 1900 to 9999; null otherwise): UTC is
 * the default zone, and building the first formatter took 40 ms of a signed-in page's render at 4x CPU slowdown.
 */
function utcDateParts(ms: number): DateParts | null {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  if (!(year >= 1900 && year <= 9999)) return null;
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return [String(year), twoDigits(date.getUTCMonth() + 1), twoDigits(date.getUTCDate())];
}

/**
 * A moment in the user's own date format and zone, with the time and the zone they chose: `11/23/2026 5:00 AM EST`;
 * null for an unreadable value [product: SET-27, SET-28, SET-32, BILL-20].
 */
export function formatDateTimeAs(value: DateInput, preferences: DatePreferences): string | null {
  const date = formatDateAs(value, preferences);
  const ms = toEpochMs(value);
  if (date === null || ms === null) return null;
  const time = timeFormatter(preferences.timezone).format(ms);
  return `${date} ${time} ${preferences.timezone}`;
}

/** The "member since" text in the user's own date format and zone; 'Recently' when missing or invalid. */
export function memberSinceAs(user: CreatedDateSource, preferences: DatePreferences): string {
  return formatDateAs(createdAtMs(user), preferences) ?? UNKNOWN_MEMBER_SINCE;
}
