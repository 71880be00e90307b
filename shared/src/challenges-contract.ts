// HTTP contract of beat challenges: their state, calls and limits. A challenge runs over one beat
// from start_date to end_date; members enter with one of their recordings over that beat and vote
// for one entry. Its prize (and every entry fee) sits in escrow until the closing job pays the
// winner, or refunds whoever paid in when nobody entered. Credits are whole numbers.
import { z } from 'zod';
import { blankToUndefined, text } from './text-fields';

/** The challenge limits the forms and the server share. */
export const CHALLENGE_LIMITS = {
  TITLE_MAX: 120,
  DESCRIPTION_MAX: 2000,
  /** Largest prize a challenge may offer, in credits. */
  PRIZE_MAX: 1_000_000,
  ENTRY_FEE_MAX: 100_000,
  /** Longest a challenge may run, start to end. */
  MAX_DURATION_DAYS: 90,
  /** Furthest ahead a challenge may start. */
  MAX_START_AHEAD_DAYS: 365,
  /** Most challenges one list answers (newest first within the filter's order). */
  LIST_MAX: 100,
  /** The countdown on cards and the detail page refreshes this often. */
  COUNTDOWN_REFRESH_MS: 60_000,
} as const;

/** Texts the screens show; the quoted ones are the documented texts, used verbatim. */
export const CHALLENGE_TEXTS = {
  EMPTY_ACTIVE: 'No active challenges right now. Check back soon or create your own!',
  EMPTY_OTHER: 'No challenges match your current filter.',
  NOT_FOUND: 'Challenge not found',
  ENTRY_NOT_FOUND: 'Entry not found',
  ALREADY_ENTERED: 'You have already entered this challenge',
  ALREADY_VOTED: 'You have already voted in this challenge',
  OWN_ENTRY_VOTE: 'You cannot vote for your own entry',
  OWN_CHALLENGE_ENTRY: 'You cannot enter your own challenge',
  NOT_STARTED: 'This challenge has not started yet',
  ENDED: 'This challenge has ended',
  VOTING_ENDED: 'Voting Ended',
  WRONG_BEAT: "The recording must be over the challenge's beat",
  PLATFORM_ADMIN_ONLY: 'Only admins can fund a challenge from the platform',
  END_IN_PAST: 'end_date must be in the future',
  END_BEFORE_START: 'end_date must be after start_date',
  TOO_LONG: `A challenge runs at most ${CHALLENGE_LIMITS.MAX_DURATION_DAYS} days`,
  START_TOO_FAR: `A challenge starts within ${CHALLENGE_LIMITS.MAX_START_AHEAD_DAYS} days`,
} as const;

/** The four filter tabs and the query value each sends; All sends none. */
export const CHALLENGE_FILTERS = [
  { id: 'active', label: 'Active Now' },
  { id: 'upcoming', label: 'Starting Soon' },
  { id: 'ended', label: 'Recently Ended' },
  { id: 'all', label: 'All Challenges' },
] as const;
export type ChallengeFilterTab = (typeof CHALLENGE_FILTERS)[number]['id'];

/**
 * Challenge state, derived from time: before start_date 'Starting Soon'; from start to end
 * 'Active Now'; after the end 'Voting Ended', or 'Winner Announced' once winner_user_id is set.
 */
export type ChallengeState = 'upcoming' | 'active' | 'ended' | 'winner';

export const CHALLENGE_STATE_LABELS: Record<ChallengeState, string> = {
  upcoming: 'Starting Soon',
  active: 'Active Now',
  ended: 'Voting Ended',
  winner: 'Winner Announced',
};

/** The state at `now` (ms since the epoch); the end instant itself already counts as ended. */
export function challengeState(
  c: { start_date: string; end_date: string; winner_user_id: string | null },
  now: number,
): ChallengeState {
  if (c.winner_user_id) return 'winner';
  if (now < Date.parse(c.start_date)) return 'upcoming';
  if (now < Date.parse(c.end_date)) return 'active';
  return 'ended';
}

/** "2d 4h left", "3h 12m left", "45m left", "Less than a minute left": the card's countdown. */
export function timeLeftLabel(endIso: string, now: number): string {
  const ms = Date.parse(endIso) - now;
  if (ms <= 0) return 'Ended';
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${days}d ${hours}h left`;
  if (hours > 0) return `${hours}h ${mins}m left`;
  if (mins > 0) return `${mins}m left`;
  return 'Less than a minute left';
}

/** Who pays the prize: the creator's credits, or the platform (admins only). */
export const CHALLENGE_FUNDING = ['creator', 'platform'] as const;
export type ChallengeFunding = (typeof CHALLENGE_FUNDING)[number];

const Credits = z.number().int().min(0);

/**
 * One challenge plus what the screens and an audit need: the beat's id, who created it,
 * how it is funded, and the credits held in escrow now (prize plus entry fees until it closes,
 * then 0). current_user_entry_id is the caller's entry (null signed out or not entered).
 */
export const Challenge = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  beat_id: z.string().nullable(),
  beat_title: z.string(),
  beat_cover_image_key: z.string().nullable(),
  creator_user_id: z.string().nullable(),
  creator_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  prize_credits: Credits,
  entry_fee_credits: Credits,
  funded_by: z.enum(CHALLENGE_FUNDING),
  escrow_credits: Credits,
  entry_count: z.number().int(),
  current_user_entry_id: z.string().nullable(),
  winner_user_id: z.string().nullable(),
  winner_name: z.string().nullable(),
  winner_announced_at: z.string().nullable(),
});
export type Challenge = z.infer<typeof Challenge>;

/** One entry: a member's recording over the challenge's beat, with its votes. */
export const ChallengeEntry = z.object({
  id: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  user_avatar: z.string().nullable(),
  /** Null once its recording was deleted: the entry stays in the contest, silent. */
  recording_name: z.string().nullable(),
  /** Where the entry plays (anyone may listen to an entry), or null without a recording. */
  audio_url: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  vote_count: z.number().int(),
  created_at: z.string(),
});
export type ChallengeEntry = z.infer<typeof ChallengeEntry>;

/** Kinds of escrow movement: money in (deposits, fees), money out (payout, refund, release). */
export const ESCROW_KINDS = [
  'prize_deposit',
  'platform_deposit',
  'entry_fee',
  'payout',
  'refund',
  'release',
] as const;
export type EscrowKind = (typeof ESCROW_KINDS)[number];

/**
 * One movement of the challenge's escrow: positive in, negative out. Each one paid by or to a
 * member is one row of that member's credit ledger under the same idempotency key.
 */
export const EscrowMovement = z.object({
  kind: z.enum(ESCROW_KINDS),
  amount: z.number().int(),
  user_name: z.string().nullable(),
  created_at: z.string(),
});
export type EscrowMovement = z.infer<typeof EscrowMovement>;

/**
 * GET /api/challenges/{id}: the challenge, its entries (most votes first, earlier first on a
 * tie: the order the winner is picked in), the caller's vote, and the escrow's movements.
 * server_time lets the screen count down on the server's clock, not the device's.
 */
export const ChallengeDetail = z.object({
  challenge: Challenge,
  entries: z.array(ChallengeEntry),
  current_user_vote_entry_id: z.string().nullable(),
  escrow: z.array(EscrowMovement),
  server_time: z.string(),
});
export type ChallengeDetail = z.infer<typeof ChallengeDetail>;

/** The stats banner: over the challenges active now. */
export const ChallengeStats = z.object({
  active_challenges: z.number().int(),
  total_prize_credits: z.number().int(),
  total_entries: z.number().int(),
});
export type ChallengeStats = z.infer<typeof ChallengeStats>;

/** GET /api/challenges?filter=active|upcoming|ended (omitted: all). */
export const ChallengeListQuery = z.object({
  filter: z.preprocess(
    blankToUndefined,
    z.enum(['active', 'upcoming', 'ended'], { error: 'filter must be active, upcoming or ended' }).optional(),
  ),
});
export type ChallengeListQuery = z.input<typeof ChallengeListQuery>;

export const ChallengeListResponse = z.object({
  challenges: z.array(Challenge),
  stats: ChallengeStats,
  server_time: z.string(),
});
export type ChallengeListResponse = z.infer<typeof ChallengeListResponse>;

const isoDate = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be a date and time (ISO 8601)` });

/**
 * POST /api/challenges. The prize is taken from the creator's credits into escrow when the
 * challenge is created (402 "Insufficient credits (need N)" when short), unless an admin funds
 * it from the platform (funded_by 'platform'). A start in the past means now.
 */
export const CreateChallengeBody = z
  .object({
    title: text()
      .trim()
      .min(1, 'title is required')
      .max(CHALLENGE_LIMITS.TITLE_MAX, `title must be at most ${CHALLENGE_LIMITS.TITLE_MAX} characters`),
    description: text()
      .trim()
      .min(1, 'description is required')
      .max(
        CHALLENGE_LIMITS.DESCRIPTION_MAX,
        `description must be at most ${CHALLENGE_LIMITS.DESCRIPTION_MAX} characters`,
      ),
    beat_id: z.uuid('beat_id must be a beat id'),
    start_date: isoDate('start_date'),
    end_date: isoDate('end_date'),
    prize_credits: z
      .number({ error: 'prize_credits must be a whole number' })
      .int('prize_credits must be a whole number')
      .min(0, 'prize_credits must be at least 0')
      .max(CHALLENGE_LIMITS.PRIZE_MAX, `prize_credits must be at most ${CHALLENGE_LIMITS.PRIZE_MAX}`),
    entry_fee_credits: z
      .number({ error: 'entry_fee_credits must be a whole number' })
      .int('entry_fee_credits must be a whole number')
      .min(0, 'entry_fee_credits must be at least 0')
      .max(
        CHALLENGE_LIMITS.ENTRY_FEE_MAX,
        `entry_fee_credits must be at most ${CHALLENGE_LIMITS.ENTRY_FEE_MAX}`,
      ),
    funded_by: z.enum(CHALLENGE_FUNDING).default('creator'),
  })
  .refine((b) => Date.parse(b.end_date) > Date.parse(b.start_date), {
    message: CHALLENGE_TEXTS.END_BEFORE_START,
    path: ['end_date'],
  });
export type CreateChallengeBody = z.input<typeof CreateChallengeBody>;

/** POST /api/challenges/{id}/entries: one of the caller's recordings over the challenge's beat. */
export const EnterChallengeBody = z.object({ recording_id: z.uuid('recording_id must be a recording id') });
export type EnterChallengeBody = z.infer<typeof EnterChallengeBody>;

/** POST /api/challenges/{id}/votes: the entry the caller votes for (once per challenge). */
export const VoteBody = z.object({ entry_id: z.uuid('entry_id must be an entry id') });
export type VoteBody = z.infer<typeof VoteBody>;

/** Where an entry's audio plays. */
export function challengeEntryAudioUrl(challengeId: string, entryId: string): string {
  return `/api/challenges/${challengeId}/entries/${entryId}/audio`;
}

/** POST /api/test/clock (only in test runs started with TEST_CLOCK=1): moves the challenges' clock. */
export const TestClockBody = z.object({
  advance_ms: z
    .number()
    .int()
    .min(0)
    .max(10 * 365 * 86_400_000),
});
export const TestClockResponse = z.object({ now: z.string() });
