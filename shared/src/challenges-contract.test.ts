import { describe, expect, it } from 'vitest';
import {
  CHALLENGE_STATE_LABELS,
  CreateChallengeBody,
  challengeState,
  timeLeftLabel,
} from './challenges-contract';

const start = '2026-12-01T10:00:00.000Z';
const end = '2026-12-08T10:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('challengeState', () => {
  it.each([
    ['2026-12-01T09:59:59.999Z', null, 'upcoming', 'Starting Soon'],
    [start, null, 'active', 'Active Now'],
    ['2026-12-08T09:59:59.999Z', null, 'active', 'Active Now'],
    [end, null, 'ended', 'Voting Ended'],
    ['2026-12-09T00:00:00.000Z', 'u1', 'winner', 'Winner Announced'],
  ] as const)('at %s with winner %s: %s', (now, winner, state, label) => {
    const s = challengeState({ start_date: start, end_date: end, winner_user_id: winner }, at(now));
    expect(s).toBe(state);
    expect(CHALLENGE_STATE_LABELS[s]).toBe(label);
  });
});

describe('timeLeftLabel', () => {
  it.each([
    ['2026-12-01T10:00:00.000Z', '7d 0h left'],
    ['2026-12-08T06:30:00.000Z', '3h 30m left'],
    ['2026-12-08T09:15:00.000Z', '45m left'],
    ['2026-12-08T09:59:30.000Z', 'Less than a minute left'],
    [end, 'Ended'],
  ])('at %s: %s', (now, label) => expect(timeLeftLabel(end, at(now))).toBe(label));
});

describe('CreateChallengeBody', () => {
  const body = {
    title: ' Topline ',
    description: 'Sing it',
    beat_id: '00000000-0000-4000-8000-000000000001',
    start_date: start,
    end_date: end,
    prize_credits: 100,
    entry_fee_credits: 5,
  };
  it('trims text and funds from the creator by default', () => {
    expect(CreateChallengeBody.parse(body)).toMatchObject({ title: 'Topline', funded_by: 'creator' });
  });
  it('refuses an end that is not after the start', () => {
    const r = CreateChallengeBody.safeParse({ ...body, end_date: start });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({
      path: ['end_date'],
      message: 'end_date must be after start_date',
    });
  });
});
