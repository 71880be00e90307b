import { describe, expect, it } from 'vitest';
import { ticketTime } from './ticket-time';

describe('ticketTime (thread times)', () => {
  const now = new Date('2026-11-26T12:00:00');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('says Just now, minutes, then hours', () => {
    expect(ticketTime(ago(30_000), now)).toBe('Just now');
    expect(ticketTime(ago(5 * 60_000), now)).toBe('5m ago');
    expect(ticketTime(ago(59 * 60_000), now)).toBe('59m ago');
    expect(ticketTime(ago(3 * 3600_000), now)).toBe('3h ago');
  });

  it('shows a short date with time after a day, the year only when it is not this year', () => {
    const thisYear = ticketTime(new Date('2026-11-20T09:05:00').toISOString(), now);
    expect(thisYear).toMatch(/^Nov 20, 9:05\sAM$/);
    const lastYear = ticketTime(new Date('2025-03-02T18:30:00').toISOString(), now);
    expect(lastYear).toMatch(/^Mar 2, 2025, 6:30\sPM$/);
  });
});
