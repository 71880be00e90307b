import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits';
import { CREDIT_PACKS, PROMOTION_OPTIONS } from './money-constants';
import type { Currency, LicenseId } from './money-constants';
import {
  convertCents,
  creditPackBonusPercent,
  creditPackUses,
  currencySymbol,
  displayName,
  fallbackName,
  formatAmount,
  formatAverage,
  formatBadgeCount,
  formatBudget,
  formatDate,
  formatDateTime,
  formatDuration,
  formatJoined,
  formatNumber,
  formatPrice,
  formatPriceIn,
  formatRating,
  formatResponseHours,
  formatTicketTime,
  formatTimeAgo,
  licencePriceCents,
  priceInputToUsdCents,
  promotionPrice,
  usdCentsToPriceInput,
} from './format';

// Dates are built in local time so the expected en-US strings hold in every time zone.
const NOW = new Date(2026, 10, 22, 15, 4, 0); // Nov 22, 2026, 3:04 PM local
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe('currencySymbol', () => {
  it.each([
    ['USD', '$'],
    ['EUR', '€'],
    ['GBP', '$'],
    [null, '$'],
    [undefined, '$'],
  ])('%s → %s (invoices: € for EUR, otherwise $)', (code, symbol) => {
    expect(currencySymbol(code)).toBe(symbol);
  });
});

describe('convertCents', () => {
  it.each<[number, Currency, Currency, number]>([
    [2999, 'USD', 'USD', 2999],
    [2999, 'EUR', 'EUR', 2999],
    [1000, 'USD', 'EUR', 850],
    [1000, 'EUR', 'USD', 1180],
    [2999, 'USD', 'EUR', 2549], // 2549.15
    [50, 'USD', 'EUR', 43], // 42.5 rounds half up despite float noise
    [150, 'USD', 'EUR', 128], // 127.5
    [10, 'EUR', 'USD', 12], // 11.8
    [10000, 'EUR', 'USD', 11800],
    [0, 'USD', 'EUR', 0],
  ])('%i %s → %s = %i', (cents, from, to, expected) => {
    expect(convertCents(cents, from, to)).toBe(expected);
  });

  it('drifts on a round trip because the two rates are not inverses', () => {
    expect(convertCents(convertCents(1000, 'USD', 'EUR'), 'EUR', 'USD')).toBe(1003);
  });
});

describe('formatPrice', () => {
  it.each<[number | null | undefined, Currency | undefined, string]>([
    [2999, undefined, '$29.99'],
    [2999, 'USD', '$29.99'],
    [2999, 'EUR', '€29.99'],
    [99, 'USD', '$0.99'],
    [1, 'USD', '$0.01'],
    [10000, 'USD', '$100.00'],
    [500, 'EUR', '€5.00'],
    [0, 'USD', 'Free'],
    [0, 'EUR', 'Free'],
    [null, 'USD', 'Free'],
    [undefined, 'USD', 'Free'],
    [Number.NaN, 'USD', 'Free'],
    [-250, 'USD', '-$2.50'],
  ])('%s cents in %s → %s', (cents, currency, expected) => {
    expect(formatPrice(cents, currency)).toBe(expected);
  });
});

describe('formatAmount (fees, taxes, invoice totals, earnings)', () => {
  it.each<[number | null | undefined, string | null | undefined, string]>([
    [2999, 'USD', '$29.99'],
    [2999, 'EUR', '€29.99'],
    [0, 'USD', '$0.00'],
    [0, 'EUR', '€0.00'],
    [5, undefined, '$0.05'],
    [1250, 'GBP', '$12.50'],
    [null, 'USD', '$0.00'],
    [undefined, 'EUR', '€0.00'],
    [Number.NaN, 'USD', '$0.00'],
    [-250, 'EUR', '-€2.50'],
  ])('%s cents in %s → %s', (cents, currency, expected) => {
    expect(formatAmount(cents, currency)).toBe(expected);
  });
});

describe('formatPriceIn', () => {
  it.each<[number | null | undefined, Currency, string]>([
    [2999, 'USD', '$29.99'],
    [2999, 'EUR', '€25.49'],
    [1000, 'EUR', '€8.50'],
    [99, 'EUR', '€0.84'], // 84.15
    [0, 'EUR', 'Free'],
    [null, 'EUR', 'Free'],
    [undefined, 'USD', 'Free'],
    [Number.NaN, 'EUR', 'Free'],
  ])('%s USD cents shown in %s → %s', (usdCents, currency, expected) => {
    expect(formatPriceIn(usdCents, currency)).toBe(expected);
  });
});

describe('priceInputToUsdCents', () => {
  it.each<[string | number | null | undefined, Currency, number]>([
    ['29.99', 'USD', 2999],
    [29.99, 'USD', 2999],
    ['0.29', 'USD', 29], // 0.29 × 100 is 28.999… in binary
    ['1.005', 'USD', 101], // off-step input still rounds half up
    ['100', 'USD', 10_000],
    ['100.00', 'USD', LIMITS.PRICE_MAX_CENTS],
    ['150', 'USD', 10_000], // clamped to the maximum
    ['-5', 'USD', 0], // clamped to zero
    ['10', 'EUR', 1180],
    ['10,50', 'EUR', 1239], // 1050 × 1.18 = 1239
    ['100', 'EUR', 11800],
    ['0', 'EUR', 0],
    ['', 'USD', 0], // invalid counts as zero
    ['   ', 'USD', 0],
    ['abc', 'USD', 0],
    ['12abc', 'USD', 0],
    ['Infinity', 'USD', 0],
    [Number.NaN, 'EUR', 0],
    [null, 'USD', 0],
    [undefined, 'USD', 0],
    [' 5 ', 'USD', 500],
  ])('%j entered in %s → %i USD cents', (input, currency, expected) => {
    expect(priceInputToUsdCents(input, currency)).toBe(expected);
  });
});

describe('usdCentsToPriceInput', () => {
  it.each<[number | null | undefined, Currency, string]>([
    [2999, 'USD', '29.99'],
    [10_000, 'USD', '100.00'],
    [1180, 'EUR', '10.03'], // rates are not inverses
    [1000, 'EUR', '8.50'],
    [0, 'USD', '0.00'],
    [null, 'EUR', '0.00'],
    [undefined, 'USD', '0.00'],
    [Number.NaN, 'USD', '0.00'],
  ])('%s USD cents for a %s form → %s', (cents, currency, expected) => {
    expect(usdCentsToPriceInput(cents, currency)).toBe(expected);
  });

  it.each([0, 1, 99, 2999, 10_000])('round-trips %i USD cents through a USD form', (cents) => {
    expect(priceInputToUsdCents(usdCentsToPriceInput(cents, 'USD'), 'USD')).toBe(cents);
  });
});

describe('licencePriceCents', () => {
  it.each<[number, LicenseId, number]>([
    [2999, 'basic', 2999],
    [2999, 'premium', 5998],
    [2999, 'exclusive', 29_990],
    [0, 'exclusive', 0],
    [99, 'premium', 198],
  ])('%i base, %s → %i', (base, licence, expected) => {
    expect(licencePriceCents(base, licence)).toBe(expected);
  });
});

describe('creditPackBonusPercent', () => {
  it.each([
    [100, 0, 0],
    [500, 50, 10],
    [1000, 150, 15],
    [2500, 500, 20],
    [5000, 1250, 25],
    [10000, 3000, 30],
    [0, 10, 0],
    [300, 100, 33],
  ])('%i credits with %i bonus → %i%', (credits, bonus, expected) => {
    expect(creditPackBonusPercent({ credits, bonus })).toBe(expected);
  });

  it('gives a badge for every pack of the spec', () => {
    expect(CREDIT_PACKS.map(creditPackBonusPercent)).toEqual([0, 10, 15, 20, 25, 30]);
  });
});

describe('creditPackUses', () => {
  it.each([
    [100, 1, 0],
    [500, 5, 2],
    [1000, 10, 5],
    [2500, 25, 12],
    [10000, 100, 50],
  ])('%i credits → %i boosts, %i weekly features', (credits, boosts, weeklyFeatures) => {
    expect(creditPackUses({ credits })).toEqual({ boosts, weeklyFeatures });
  });
});

describe('promotionPrice', () => {
  const [week, month, boost] = PROMOTION_OPTIONS;

  it.each([
    ['featured week', week, 0, 200, 199],
    ['featured week', week, 20, 160, 159], // 159.2
    ['featured week', week, 25, 150, 149], // 149.25
    ['featured month', month, 10, 540, 539], // 539.1
    ['featured month', month, 50, 300, 300], // 299.5 rounds up
    ['homepage boost', boost, 15, 85, 84], // 84.15
    ['homepage boost', boost, 100, 0, 0],
    ['homepage boost', boost, 150, 0, 0], // clamped
    ['homepage boost', boost, -10, 100, 99], // clamped
    ['homepage boost', boost, null, 100, 99],
    ['homepage boost', boost, undefined, 100, 99],
    ['homepage boost', boost, Number.NaN, 100, 99],
  ] as const)('%s with %s% off → %i credits, %i cents', (_name, option, discount, credits, cents) => {
    expect(promotionPrice(option, discount)).toEqual({ credits, price_cents: cents });
  });
});

describe('formatNumber', () => {
  it.each<[number | null | undefined, string]>([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1K'],
    [1001, '1K'],
    [1049, '1K'],
    [1050, '1.1K'],
    [1500, '1.5K'],
    [12_345, '12.3K'],
    [999_949, '999.9K'],
    [999_950, '1M'], // would round to 1000K
    [1_000_000, '1M'],
    [2_500_000, '2.5M'],
    [1_250_000_000, '1250M'],
    [-1500, '-1.5K'],
    [12.6, '13'],
    [null, '0'],
    [undefined, '0'],
    [Number.NaN, '0'],
  ])('%s → %s', (n, expected) => {
    expect(formatNumber(n)).toBe(expected);
  });
});

describe('formatDuration', () => {
  it.each<[number | null | undefined, string]>([
    [0, '0:00'],
    [5, '0:05'],
    [59.9, '0:59'],
    [60, '1:00'],
    [65, '1:05'],
    [185.7, '3:05'],
    [600, '10:00'], // the duration filter's maximum
    [3600, '60:00'],
    [-3, '0:00'],
    [null, '0:00'],
    [undefined, '0:00'],
    [Number.NaN, '0:00'],
    [Number.POSITIVE_INFINITY, '0:00'],
  ])('%s s → %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});

describe('formatAverage (profile Rating tile)', () => {
  it.each<[number | null | undefined, string]>([
    [4.25, '4.3'],
    [4.24, '4.2'],
    [5, '5.0'],
    [1, '1.0'],
    [0, '-'],
    [null, '-'],
    [undefined, '-'],
    [Number.NaN, '-'],
  ])('%s → %s', (n, expected) => {
    expect(formatAverage(n)).toBe(expected);
  });
});

describe('formatRating (beat average)', () => {
  it.each<[number | null | undefined, string]>([
    [3.66, '3.7'],
    [5, '5.0'],
    [0, '0.0'],
    [null, '0.0'],
    [undefined, '0.0'],
    [Number.NaN, '0.0'],
  ])('%s → %s', (n, expected) => {
    expect(formatRating(n)).toBe(expected);
  });
});

describe('formatBadgeCount', () => {
  it.each<[number | null | undefined, string]>([
    [0, ''],
    [-1, ''],
    [null, ''],
    [undefined, ''],
    [Number.NaN, ''],
    [1, '1'],
    [42, '42'],
    [99, '99'],
    [100, '99+'],
    [12_345, '99+'],
  ])('%s → %j', (n, expected) => {
    expect(formatBadgeCount(n)).toBe(expected);
  });
});

describe('formatResponseHours', () => {
  it.each<[number | null | undefined, string]>([
    [4.4, '4h'],
    [4.5, '5h'],
    [0, '0h'],
    [null, 'N/A'],
    [undefined, 'N/A'],
    [Number.NaN, 'N/A'],
  ])('%s → %s', (hours, expected) => {
    expect(formatResponseHours(hours)).toBe(expected);
  });
});

describe('formatBudget', () => {
  it.each<[number | null | undefined, number | null | undefined, string]>([
    [null, null, 'Budget: TBD'],
    [undefined, undefined, 'Budget: TBD'],
    [100, 500, 'Budget: $100 - $500'],
    [100, null, 'Budget: $100+'],
    [null, 500, 'Budget: Up to $500'],
    [0, null, 'Budget: $0+'],
  ])('min %s, max %s → %s', (min, max, expected) => {
    expect(formatBudget(min, max)).toBe(expected);
  });
});

describe('fallbackName and displayName', () => {
  const id = 'a1b2c3d4-e5f6-7890-abcd-ef1234567890';

  it.each([
    [undefined, 'User a1b2c3d4'],
    ['User', 'User a1b2c3d4'],
    ['Producer', 'Producer a1b2c3d4'],
    ['Artist', 'Artist a1b2c3d4'],
  ] as const)('fallbackName kind %s → %s', (kind, expected) => {
    expect(fallbackName(id, kind)).toBe(expected);
  });

  it('keeps a short id whole', () => {
    expect(fallbackName('abc')).toBe('User abc');
  });

  it.each([
    ['  Metro Boomin  ', 'Producer', 'Metro Boomin'],
    ['Ana', 'User', 'Ana'],
    ['', 'Producer', 'Producer a1b2c3d4'],
    ['   ', 'Artist', 'Artist a1b2c3d4'],
    [null, 'User', 'User a1b2c3d4'],
    [undefined, 'Producer', 'Producer a1b2c3d4'],
  ] as const)('displayName(%j, %s) → %s', (name, kind, expected) => {
    expect(displayName(name, id, kind)).toBe(expected);
  });

  it('defaults the kind to User', () => {
    expect(displayName(null, id)).toBe('User a1b2c3d4');
  });
});

describe('formatDate, formatDateTime, formatJoined', () => {
  const released = new Date(2026, 10, 22, 15, 4);

  it.each([
    [released, 'short', 'Nov 22, 2026'],
    [released, 'long', 'November 22, 2026'],
    [new Date(2025, 0, 5), 'short', 'Jan 5, 2025'],
    [released.getTime(), 'short', 'Nov 22, 2026'],
    [released.toISOString(), 'short', 'Nov 22, 2026'],
    ['not a date', 'short', ''],
  ] as const)('formatDate(%s, %s) → %j', (input, style, expected) => {
    expect(formatDate(input, style)).toBe(expected);
  });

  it('defaults to the short style', () => {
    expect(formatDate(released)).toBe('Nov 22, 2026');
  });

  it.each([
    [released, 'Nov 22, 2026, 3:04 PM'],
    [new Date(2026, 0, 1, 0, 9), 'Jan 1, 2026, 12:09 AM'],
    ['garbage', ''],
  ])('formatDateTime(%s) → %j', (input, expected) => {
    expect(formatDateTime(input)).toBe(expected);
  });

  it.each([
    [released, 'November 2026'],
    [new Date(2025, 1, 28), 'February 2025'],
    [Number.NaN, ''],
  ])('formatJoined(%s) → %j', (input, expected) => {
    expect(formatJoined(input)).toBe(expected);
  });
});

describe('formatTimeAgo', () => {
  it.each([
    [0, 'just now'],
    [59 * SECOND, 'just now'],
    [-5 * MINUTE, 'just now'], // future: clock skew
    [MINUTE, '1 minute ago'],
    [2 * MINUTE, '2 minutes ago'],
    [59 * MINUTE + 59 * SECOND, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [5 * HOUR + 30 * MINUTE, '5 hours ago'],
    [23 * HOUR + 59 * MINUTE, '23 hours ago'],
    [DAY, '1 day ago'],
    [3 * DAY + 12 * HOUR, '3 days ago'],
    [7 * DAY, '7 days ago'],
    [7 * DAY + MINUTE, 'Nov 15, 2026'],
  ])('%i ms ago → %s', (ms, expected) => {
    expect(formatTimeAgo(ago(ms), NOW)).toBe(expected);
  });

  it.each([
    [new Date(2026, 9, 23, 15, 4), 'Oct 23, 2026'],
    [new Date(2025, 9, 18, 9, 0), 'Oct 18, 2025'],
  ])('%s, more than 7 days ago → %s', (date, expected) => {
    expect(formatTimeAgo(date, NOW)).toBe(expected);
  });

  it('accepts an ISO string and a timestamp', () => {
    expect(formatTimeAgo(ago(3 * HOUR).toISOString(), NOW)).toBe('3 hours ago');
    expect(formatTimeAgo(ago(3 * HOUR).getTime(), NOW)).toBe('3 hours ago');
  });

  it('is empty for an invalid date', () => {
    expect(formatTimeAgo('nope', NOW)).toBe('');
  });

  it('measures against the current time by default', () => {
    expect(formatTimeAgo(new Date())).toBe('just now');
  });
});

describe('formatTicketTime', () => {
  it.each([
    [0, 'Just now'],
    [59 * SECOND, 'Just now'],
    [-MINUTE, 'Just now'], // future: clock skew
    [MINUTE, '1m ago'],
    [59 * MINUTE, '59m ago'],
    [HOUR, '1h ago'],
    [23 * HOUR + 59 * MINUTE, '23h ago'],
  ])('%i ms ago → %s', (ms, expected) => {
    expect(formatTicketTime(ago(ms), NOW)).toBe(expected);
  });

  // Built as local dates, not NOW minus days, so a daylight-saving change cannot shift the hour.
  it.each([
    [new Date(2026, 10, 21, 15, 4), 'Nov 21, 3:04 PM'],
    [new Date(2026, 10, 19, 12, 4), 'Nov 19, 12:04 PM'],
    [new Date(2026, 0, 1, 0, 5), 'Jan 1, 12:05 AM'],
    [new Date(2025, 11, 31, 9, 30), 'Dec 31, 2025, 9:30 AM'], // another year shows it
    [new Date(2024, 9, 18, 15, 4), 'Oct 18, 2024, 3:04 PM'],
  ])('%s → %s', (date, expected) => {
    expect(formatTicketTime(date, NOW)).toBe(expected);
  });

  it('accepts an ISO string and a timestamp', () => {
    expect(formatTicketTime(ago(5 * MINUTE).toISOString(), NOW)).toBe('5m ago');
    expect(formatTicketTime(ago(2 * HOUR).getTime(), NOW)).toBe('2h ago');
  });

  it('is empty for an invalid date', () => {
    expect(formatTicketTime('', NOW)).toBe('');
  });
});
