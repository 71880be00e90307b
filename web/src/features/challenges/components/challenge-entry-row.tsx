import type { ChallengeEntry } from '@beatroom/shared/challenges-contract';
import { Pause, Play, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '../../../components/ui/avatar';

interface EntryRowProps {
  entry: ChallengeEntry;
  rank: number;
  playing: boolean;
  onToggle: () => void;
  isWinner: boolean;
  /** The vote control: a button, "Voted", "Voting Ended" or nothing. */
  voteSlot: ReactNode;
}

/** One entry of a challenge: its rank, play/pause, the entrant, the votes and the vote control. */
export function EntryRow({ entry, rank, playing, onToggle, isWinner, voteSlot }: EntryRowProps) {
  const label = entry.recording_name ?? 'Recording removed';
  return (
    <li
      aria-label={`Entry by ${entry.user_name}`}
      className={`flex flex-wrap items-center gap-3 rounded-2xl border p-3 sm:flex-nowrap ${
        isWinner ? 'border-yellow-500/60 bg-yellow-500/10' : 'border-line bg-surface/60'
      }`}
    >
      <span className="w-6 text-center text-sm font-semibold text-muted">{rank}</span>
      <button
        type="button"
        onClick={onToggle}
        disabled={!entry.audio_url}
        aria-label={`${playing ? 'Pause' : 'Play'} ${label}`}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-fg hover:bg-accent-hover disabled:opacity-40"
      >
        {playing ? (
          <Pause aria-hidden="true" className="size-4 fill-current" />
        ) : (
          <Play aria-hidden="true" className="ml-0.5 size-4 fill-current" />
        )}
      </button>
      <Avatar src={entry.user_avatar} name={entry.user_name} size={36} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold">
          {entry.user_name}
          {isWinner ? (
            <span className="ml-2 inline-flex items-center gap-1 text-xs text-yellow-300">
              <Trophy aria-hidden="true" className="size-3.5" /> Winner
            </span>
          ) : null}
        </p>
        <p className="truncate text-xs text-muted">{label}</p>
      </div>
      <span className="text-sm font-semibold tabular-nums">
        {entry.vote_count} {entry.vote_count === 1 ? 'vote' : 'votes'}
      </span>
      {voteSlot}
    </li>
  );
}
