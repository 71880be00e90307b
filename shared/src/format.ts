// Display and money rules shared by web and desktop (ui.md: "Numbers, prices and dates through
// the shared formatters only"). Pure functions: no I/O; dates use en-US and the local time zone.
import { LIMITS, UI } from './limits';
import {
  CREDITS_PER_BOOST,
  CREDITS_PER_WEEKLY_FEATURE,
  CURRENCY_SYMBOLS,
  LICENSES,
  RATES,
} from './money-constants';
import type { Currency, LicenseId } from './money-constants';

// ---------------------------------------------------------------------------------------------
// Money
// ---------------------------------------------------------------------------------------------

/**
 * Rounds to a whole number, halves up, after dropping float noise (1.005 × 100 is
 * 100.49999999999999 in binary; a person typed 1.005 and means 100.5).
 */
function roundHalfUp(value: number): number {
  return Math.round(Number(value.toFixed(8)));
}

/** The symbol of a currency code; anything but EUR shows $ (money.md §9, invoices). */
export function currencySymbol(currency: string | null | undefined): string {
  return currency === 'EUR' ? CURRENCY_SYMBOLS.EUR : CURRENCY_SYMBOLS.USD;
}

/**
 * Converts an amount in cents between currencies with the spec's fixed rates (USD→EUR 0.85,
 * EUR→USD 1.18, same currency 1), rounded to whole cents.
 */
export function convertCents(cents: number, from: Currency, to: Currency): number {
  return roundHalfUp(cents * RATES[from][to]);
}

/**
 * Formats cents that are already in the display currency: symbol and cents / 100 with two
 * decimals ('$29.99', '€29.99'). Zero, missing or NaN is 'Free'. It never converts: prices
 * stored in USD cents go through formatPriceIn.
 */
export function formatPrice(cents: number | null | undefined, currency: Currency = 'USD'): string {
  if (cents === null || cents === undefined || Number.isNaN(cents) || cents === 0) return 'Free';
  const sign = cents < 0 ? '-' : '';
  return `${sign}${CURRENCY_SYMBOLS[currency]}${(Math.abs(cents) / 100).toFixed(2)}`;
}

/**
 * Formats an amount of money that is not a price: zero is '$0.00', never 'Free' (a fee, a tax,
 * an invoice's totals, a producer's earnings). The symbol follows currencySymbol (€ for EUR,
 * otherwise $, as invoices show it); missing or NaN counts as zero.
 */
export function formatAmount(cents: number | null | undefined, currency?: string | null): string {
  const value = cents === null || cents === undefined || Number.isNaN(cents) ? 0 : cents;
  const sign = value < 0 ? '-' : '';
  return `${sign}${currencySymbol(currency)}${(Math.abs(value) / 100).toFixed(2)}`;
}

/** Formats a stored USD-cents price in the user's currency (converted first, then formatted). */
export function formatPriceIn(usdCents: number | null | undefined, currency: Currency): string {
  if (usdCents === null || usdCents === undefined || Number.isNaN(usdCents)) return 'Free';
  return formatPrice(convertCents(usdCents, 'USD', currency), currency);
}

/**
 * The upload and edit forms' price rule (platform.md §5): the price is typed in the user's
 * currency, 0 to 100, step 0.01; anything that is not a number counts as zero, the value is
 * clamped to 0..100, rounded to the cent, then converted to USD cents. A comma is accepted as
 * the decimal separator because EUR users type one. Because of the EUR→USD rate the result may
 * exceed LIMITS.PRICE_MAX_CENTS; forms clamp to it before sending.
 */
export function priceInputToUsdCents(input: string | number | null | undefined, currency: Currency): number {
  const value = typeof input === 'number' ? input : Number((input ?? '').trim().replace(',', '.') || '0');
  if (!Number.isFinite(value)) return 0;
  const clamped = Math.min(LIMITS.PRICE_MAX, Math.max(LIMITS.PRICE_MIN, value));
  return convertCents(roundHalfUp(clamped * 100), currency, 'USD');
}

/**
 * The edit form's starting value: stored USD cents shown in the user's currency with two
 * decimals ('29.99'); missing is '0.00'. USD→EUR→USD may drift by a cent (see RATES).
 */
export function usdCentsToPriceInput(usdCents: number | null | undefined, currency: Currency): string {
  if (usdCents === null || usdCents === undefined || !Number.isFinite(usdCents)) return '0.00';
  return (convertCents(usdCents, 'USD', currency) / 100).toFixed(2);
}

/** A licence costs its multiple of the beat's base price (Basic 1x, Premium 2x, Exclusive 10x). */
export function licencePriceCents(baseCents: number, licence: LicenseId): number {
  const multiple = LICENSES.find((l) => l.id === licence)?.multiple ?? 1;
  return roundHalfUp(baseCents * multiple);
}

/** The badge on a credit pack: bonus / credits as a whole percent (500 with 50 bonus → 10). */
export function creditPackBonusPercent(pack: { credits: number; bonus: number }): number {
  if (pack.credits <= 0) return 0;
  return Math.round((pack.bonus / pack.credits) * 100);
}

/** How many homepage boosts (credits / 100) and weekly features (credits / 200) a pack buys. */
export function creditPackUses(pack: { credits: number }): { boosts: number; weeklyFeatures: number } {
  return {
    boosts: Math.floor(pack.credits / CREDITS_PER_BOOST),
    weeklyFeatures: Math.floor(pack.credits / CREDITS_PER_WEEKLY_FEATURE),
  };
}

/**
 * A promotion's price for a subscriber: promotion_discount_percent off both the credit and the
 * cash price, each rounded (money.md §6). A missing discount is 0; it is clamped to 0..100.
 */
export function promotionPrice(
  option: { credits: number; price_cents: number },
  discountPercent: number | null | undefined,
): { credits: number; price_cents: number } {
  const percent = Number.isFinite(discountPercent) ? Math.min(100, Math.max(0, discountPercent ?? 0)) : 0;
  const factor = (100 - percent) / 100;
  return {
    credits: roundHalfUp(option.credits * factor),
    price_cents: roundHalfUp(option.price_cents * factor),
  };
}

// ---------------------------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------------------------

function compact(value: number, suffix: string): string {
  return `${(Math.round(value * 10) / 10).toFixed(1).replace(/\.0$/, '')}${suffix}`;
}

/**
 * Counts (plays, downloads, followers): from 1000 up with K, from a million up with M, one
 * decimal rounded, a trailing .0 dropped (1000 → '1K', 1500 → '1.5K', 2500000 → '2.5M').
 * The spec says "over 1000"; we read it as 1000 and up so 1000 does not print in full while
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
 * Collaboration budget label (community.md §5): neither value 'Budget: TBD'; both a range;
 * min only 'N+'; max only 'Up to N'. The unit is not in the spec: whole dollars, shown with $.
 */
export function formatBudget(min: number | null | undefined, max: number | null | undefined): string {
  const has = (v: number | null | undefined): v is number =>
    v !== null && v !== undefined && Number.isFinite(v);
  if (has(min) && has(max)) return `Budget: $${min} - $${max}`;
  if (has(min)) return `Budget: $${min}+`;
  if (has(max)) return `Budget: Up to $${max}`;
  return 'Budget: TBD';
}

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

export type FallbackNameKind = 'User' | 'Producer' | 'Artist';

/** A person without a name is shown as '{kind} ' + the first 8 characters of their id. */
export function fallbackName(userId: string, kind: FallbackNameKind = 'User'): string {
  return `${kind} ${userId.slice(0, 8)}`;
}

/** The trimmed name, or the fallback name when it is missing or blank. */
export function displayName(
  name: string | null | undefined,
  userId: string,
  kind: FallbackNameKind = 'User',
): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed : fallbackName(userId, kind);
}

// ---------------------------------------------------------------------------------------------
// Dates (en-US, local time zone)
// ---------------------------------------------------------------------------------------------

export type DateInput = Date | string | number;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Relative times are used up to this age, then a date (platform.md §9, community.md §9). */
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
  return date.toLocaleDateString('en-US', { year: 'numeric', month: style, day: 'numeric' });
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
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long' });
}

/**
 * Feeds and notifications (platform.md §9): 'just now' under a minute (and for times in the
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
 * The support thread's own rule (community.md §2), terser than formatTimeAgo: 'Just now',
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
