// Dates and relative times as the UI shows them (numbers, prices and dates go through the
// shared formatters only). Pure functions: no I/O; en-US and the local time zone.

export type DateInput = Date | string | number;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Relative times are used up to this age, then a date. */
const RELATIVE_DAYS_MAX = 7;

function toDate(input: DateInput): Date | null {
  const date = input instanceof Date ? input : new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Newer ICU versions put a narrow no-break space before AM/PM; plain spaces keep output the same
 * on every runtime (and in tests).
 */
function plainSpaces(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, ' ');
}

// en-US month names. Calendar dates are built from these rather than through Intl: the first
// Intl date formatter a page creates loads the locale's data, ~40 ms of main thread on a phone,
// on the first screen of every profile and beat page (total blocking time).
const MONTHS_LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function monthName(date: Date, style: 'short' | 'long'): string {
  const name = MONTHS_LONG[date.getMonth()]!;
  return style === 'long' ? name : name.slice(0, 3);
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/**
 * A calendar date. 'short' is 'Nov 22, 2026' (lists, released date), 'long' is
 * 'November 22, 2026'. An invalid date gives ''.
 */
export function formatDate(input: DateInput, style: 'short' | 'long' = 'short'): string {
  const date = toDate(input);
  if (!date) return '';
  return `${monthName(date, style)} ${date.getDate()}, ${date.getFullYear()}`;
}

/** Date with time for history rows: 'Nov 22, 2026, 3:04 PM'. An invalid date gives ''. */
export function formatDateTime(input: DateInput): string {
  const date = toDate(input);
  if (!date) return '';
  return plainSpaces(
    date.toLocaleString('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
  );
}

/** The profile's "joined" line: month and year, 'November 2026'. An invalid date gives ''. */
export function formatJoined(input: DateInput): string {
  const date = toDate(input);
  if (!date) return '';
  return `${monthName(date, 'long')} ${date.getFullYear()}`;
}

/**
 * Feeds and notifications: 'just now' under a minute (and for times in the
 * future, which are clock skew), then 'N minutes ago', 'N hours ago', 'N days ago' while the
 * age is at most 7 days, then a short date ('Nov 22, 2026'). Units are floored. An invalid
 * date gives ''.
 */
export function formatTimeAgo(input: DateInput, now: Date = new Date()): string {
  const date = toDate(input);
  if (!date) return '';
  const age = now.getTime() - date.getTime();
  if (age < MINUTE_MS) return 'just now';
  if (age < HOUR_MS) return plural(Math.floor(age / MINUTE_MS), 'minute');
  if (age < DAY_MS) return plural(Math.floor(age / HOUR_MS), 'hour');
  if (age <= RELATIVE_DAYS_MAX * DAY_MS) return plural(Math.floor(age / DAY_MS), 'day');
  return formatDate(date);
}

/**
 * The support thread's own rule, terser than formatTimeAgo: 'Just now',
 * 'Nm ago' under 60 minutes, 'Nh ago' under 24 hours, otherwise a short date with time
 * ('Nov 22, 3:04 PM'), with the year only when it differs from now's ('Nov 22, 2025, 3:04 PM').
 */
export function formatTicketTime(input: DateInput, now: Date = new Date()): string {
  const date = toDate(input);
  if (!date) return '';
  const age = now.getTime() - date.getTime();
  if (age < MINUTE_MS) return 'Just now';
  if (age < HOUR_MS) return `${Math.floor(age / MINUTE_MS)}m ago`;
  if (age < DAY_MS) return `${Math.floor(age / HOUR_MS)}h ago`;
  const otherYear = date.getFullYear() !== now.getFullYear();
  return plainSpaces(
    date.toLocaleString('en-US', {
      ...(otherYear ? { year: 'numeric' as const } : {}),
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
  );
}
