import {
  challengeEntryAudioUrl,
  type Challenge,
  type ChallengeDetail,
  type ChallengeEntry,
  type EscrowKind,
} from '@beatroom/shared/challenges-contract';
import { avatarUrl } from '@beatroom/shared/files-contract';
import { displayName } from '@beatroom/shared/format-names';
import type { EntryRow } from './challenge-entries.repository';
import type { ChallengeRow } from './challenges.repository';

/** Shown for a challenge whose creator's account is gone. */
const FORMER_MEMBER = 'Former member';

type Person = {
  id: string;
  name: string | null;
  picture: string | null;
  profile: { displayName: string | null; profileImageKey: string | null } | null;
};
const nameOf = (p: Person) => displayName(p.profile?.displayName ?? p.name, p.id);

export function toChallenge(row: ChallengeRow, currentUserEntryId: string | null): Challenge {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    beat_id: row.beatId,
    beat_title: row.beatTitle,
    beat_cover_image_key: row.beat?.coverImageKey ?? null,
    creator_user_id: row.creatorId,
    creator_name: row.creator ? nameOf(row.creator) : FORMER_MEMBER,
    start_date: row.startDate.toISOString(),
    end_date: row.endDate.toISOString(),
    prize_credits: row.prizeCredits,
    entry_fee_credits: row.entryFeeCredits,
    funded_by: row.fundedBy as Challenge['funded_by'],
    escrow_credits: row.escrowCredits,
    entry_count: row._count.entries,
    current_user_entry_id: currentUserEntryId,
    winner_user_id: row.winnerUserId,
    winner_name: row.winner ? nameOf(row.winner) : null,
    winner_announced_at: row.winnerAnnouncedAt?.toISOString() ?? null,
  };
}

export function toEntry(challengeId: string, row: EntryRow): ChallengeEntry {
  return {
    id: row.id,
    user_id: row.userId,
    user_name: nameOf(row.user),
    user_avatar: avatarUrl(row.user.profile?.profileImageKey, row.user.picture),
    recording_name: row.recording?.recordingName ?? null,
    audio_url: row.recording ? challengeEntryAudioUrl(challengeId, row.id) : null,
    duration_seconds: row.recording?.durationSeconds ?? null,
    vote_count: row._count.votes,
    created_at: row.createdAt.toISOString(),
  };
}

/** One escrow movement as the challenge's page lists it (who paid in or out, and when). */
export function toEscrowLine(m: {
  kind: string;
  amount: number;
  createdAt: Date;
  user: Person | null;
}): ChallengeDetail['escrow'][number] {
  return {
    kind: m.kind as EscrowKind,
    amount: m.amount,
    user_name: m.user ? nameOf(m.user) : null,
    created_at: m.createdAt.toISOString(),
  };
}

/**
 * The entries in the order the winner is picked: most votes, then the earliest entry (then the id,
 * so the order never depends on how the database returned them).
 */
export function rankEntries(rows: EntryRow[]): EntryRow[] {
  return [...rows].sort(
    (a, b) =>
      b._count.votes - a._count.votes ||
      a.createdAt.getTime() - b.createdAt.getTime() ||
      a.id.localeCompare(b.id),
  );
}
