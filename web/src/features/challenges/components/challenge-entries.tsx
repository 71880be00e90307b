import type { SessionUser } from '@beatroom/shared/auth-contract';
import {
  CHALLENGE_TEXTS,
  type ChallengeDetail,
  type ChallengeEntry,
  type ChallengeState,
} from '@beatroom/shared/challenges-contract';
import { CheckCircle2, Vote } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { ApiError, apiUrl } from '../../../lib/api-client';
import type { useOneAtATimeAudio } from '../../../lib/use-one-at-a-time-audio';
import type { ChallengeVote } from '../hooks/use-challenge-vote';
import { EntryRow } from './challenge-entry-row';

interface ChallengeEntriesProps {
  detail: ChallengeDetail;
  state: ChallengeState;
  user: SessionUser | null;
  vote: ChallengeVote;
  /** Plays the entries one at a time. */
  audio: ReturnType<typeof useOneAtATimeAudio>;
  onSignIn: () => void;
}

/** The entries, most votes first, each with play and, while voting is open, a vote. */
export function ChallengeEntries({ detail, state, user, vote, audio, onSignIn }: ChallengeEntriesProps) {
  const { challenge, entries } = detail;
  const votedFor = detail.current_user_vote_entry_id;

  const voteSlot = (entry: ChallengeEntry) => {
    if (state === 'ended' || state === 'winner') {
      return <span className="text-xs font-medium text-muted">{CHALLENGE_TEXTS.VOTING_ENDED}</span>;
    }
    if (votedFor === entry.id) {
      return (
        <span className="inline-flex items-center gap-1 text-xs font-semibold text-emerald-300">
          <CheckCircle2 aria-hidden="true" className="size-3.5" /> Voted
        </span>
      );
    }
    if (state !== 'active' || votedFor || entry.user_id === user?.id) return null;
    if (!user) {
      return (
        <Button size="sm" variant="secondary" onClick={onSignIn}>
          Sign in to vote
        </Button>
      );
    }
    return (
      <Button
        size="sm"
        variant="secondary"
        disabled={vote.isPending}
        onClick={() => vote.mutate(entry.id)}
        aria-label={`Vote for ${entry.user_name}`}
      >
        <Vote aria-hidden="true" className="size-4" />
        Vote
      </Button>
    );
  };

  return (
    <section aria-labelledby="entries-title" className="flex flex-col gap-3">
      <h2 id="entries-title" className="text-lg font-semibold">
        Entries ({entries.length})
      </h2>
      {vote.error ? (
        <ErrorBanner title={vote.error instanceof ApiError ? vote.error.message : 'Failed to vote'} />
      ) : null}
      {entries.length === 0 ? (
        <p className="text-sm text-muted">No entries yet.</p>
      ) : (
        <ol aria-label="Entries" className="flex flex-col gap-2">
          {entries.map((entry, index) => (
            <EntryRow
              key={entry.id}
              entry={entry}
              rank={index + 1}
              playing={audio.playingId === entry.id}
              onToggle={() => entry.audio_url && audio.toggle({ id: entry.id, url: apiUrl(entry.audio_url) })}
              isWinner={entry.user_id === challenge.winner_user_id}
              voteSlot={voteSlot(entry)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
