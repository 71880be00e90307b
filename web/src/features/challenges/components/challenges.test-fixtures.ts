import type { Challenge, ChallengeDetail, ChallengeEntry } from '@beatroom/shared/challenges-contract';

/** The clock every challenge fixture is set against. */
export const NOW = Date.parse('2026-12-01T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 3_600_000;

export function makeChallenge(overrides: Partial<Challenge> = {}): Challenge {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    title: 'Night Drive Topline',
    description: 'Best topline wins',
    beat_id: '22222222-2222-4222-8222-222222222222',
    beat_title: 'Night Drive',
    beat_cover_image_key: null,
    creator_user_id: 'creator-1',
    creator_name: 'Nova Beats',
    start_date: iso(NOW - HOUR),
    end_date: iso(NOW + 2 * HOUR + 5 * 60_000),
    prize_credits: 500,
    entry_fee_credits: 10,
    funded_by: 'creator',
    escrow_credits: 500,
    entry_count: 0,
    current_user_entry_id: null,
    winner_user_id: null,
    winner_name: null,
    winner_announced_at: null,
    ...overrides,
  };
}

export function makeEntry(overrides: Partial<ChallengeEntry> = {}): ChallengeEntry {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    user_id: 'singer-1',
    user_name: 'Vee Vocals',
    user_avatar: null,
    recording_name: 'My Take',
    audio_url:
      '/api/challenges/11111111-1111-4111-8111-111111111111/entries/33333333-3333-4333-8333-333333333333/audio',
    duration_seconds: 12,
    vote_count: 0,
    created_at: iso(NOW - 30 * 60_000),
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<ChallengeDetail> = {}): ChallengeDetail {
  return {
    challenge: makeChallenge(),
    entries: [],
    current_user_vote_entry_id: null,
    escrow: [{ kind: 'prize_deposit', amount: 500, user_name: 'Nova Beats', created_at: iso(NOW - HOUR) }],
    server_time: iso(NOW),
    ...overrides,
  };
}

export const stats = { active_challenges: 1, total_prize_credits: 500, total_entries: 3 };
export const serverTime = iso(NOW);
