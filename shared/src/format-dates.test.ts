import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatJoined, formatTicketTime, formatTimeAgo } from './format-dates';

// Dates are built in local time so the expected en-US strings hold in every time zone.
const NOW = new Date(2026, 10, 22, 15, 4, 0); // Nov 22, 2026, 3:04 PM local
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

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
