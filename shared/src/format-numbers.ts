// Counts, track times, ratings, badges and budgets as the UI shows them (numbers, prices
// and dates go through the shared formatters only). Pure functions: no I/O.
import { UI } from './limits';

/**
 * A whole number with thousands separators: 10000 → '10,000', -1234 → '-1,234' (fractions are
 * rounded). Grouped by hand rather than with toLocaleString('en-US'): the first call of that sets
 * up ICU's number formatting, tens of milliseconds on a phone in the middle of a page's first
 * render.
 */
export function groupThousands(value: number): string {
  const rounded = Math.round(value);
  const digits = String(Math.abs(rounded));
  return (rounded < 0 ? '-' : '') + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function compact(value: number, suffix: string): string {
  return `${(Math.round(value * 10) / 10).toFixed(1).replace(/\.0$/, '')}${suffix}`;
}

/**
 * Counts (plays, downloads, followers): from 1000 up with K, from a million up with M, one
 * decimal rounded, a trailing .0 dropped (1000 → '1K', 1500 → '1.5K', 2500000 → '2.5M').
 * The rule says "over 1000"; we read it as 1000 and up so 1000 does not print in full while
 * 1001 prints as '1K'. A value that rounds up to 1000K is shown as '1M'. Missing or NaN is '0'.
 */
export function formatNumber(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '0';
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  if (abs >= 999_950) return sign + compact(abs / 1_000_000, 'M');
  if (abs >= 1_000) return sign + compact(abs / 1_000, 'K');
  return sign + String(Math.round(abs));
}

/**
 * Track time as m:ss (65 → '1:05', 600 → '10:00'); fractions are floored and minutes are not
 * split into hours. Missing, NaN or negative is '0:00'.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The profile Rating tile: one decimal, or '-' when there is no rating (null, NaN or 0). */
export function formatAverage(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n) || n === 0) return '-';
  return n.toFixed(1);
}

/**
 * A beat's average rating next to its review count: always one decimal, '0.0' without ratings.
 * An average of 0 is not a real rating (ratings are 1 to 5), hence the dash only on profiles.
 */
export function formatRating(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '0.0';
  return n.toFixed(1);
}

/**
 * The unread badge: '' for zero (or nothing sensible) so the badge can hide, the count up to
 * 99, '99+' above.
 */
export function formatBadgeCount(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n) || n <= 0) return '';
  return n > UI.BADGE_CAP ? `${UI.BADGE_CAP}+` : String(Math.floor(n));
}

/** Support stats: average response time in rounded hours ('5h'), or 'N/A' when unknown. */
export function formatResponseHours(hours: number | null | undefined): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours)) return 'N/A';
  return `${Math.round(hours)}h`;
}

/**
 * Collaboration budget label: neither value 'Budget: TBD'; both a range;
 * min only 'N+'; max only 'Up to N'. The unit is ours: whole dollars, shown with $.
 */
export function formatBudget(min: number | null | undefined, max: number | null | undefined): string {
  const has = (v: number | null | undefined): v is number =>
    v !== null && v !== undefined && Number.isFinite(v);
  if (has(min) && has(max)) return `Budget: $${min} - $${max}`;
  if (has(min)) return `Budget: $${min}+`;
  if (has(max)) return `Budget: Up to $${max}`;
  return 'Budget: TBD';
}
