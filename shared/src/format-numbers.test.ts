import { describe, expect, it } from 'vitest';
import {
  groupThousands,
  formatAverage,
  formatBadgeCount,
  formatBudget,
  formatDuration,
  formatNumber,
  formatRating,
  formatResponseHours,
} from './format-numbers';

describe('groupThousands', () => {
  it('groups whole numbers as en-US does, rounding fractions', () => {
    for (const value of [0, 7, 999, 1000, 10_000, 123_456_789, -1234, 1_000_000_000_000])
      expect(groupThousands(value)).toBe(value.toLocaleString('en-US'));
    expect(groupThousands(1234.6)).toBe('1,235');
    expect(groupThousands(-0.4)).toBe('0');
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
