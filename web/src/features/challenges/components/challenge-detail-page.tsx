import type { SessionUser } from '@beatroom/shared/auth-contract';
import {
  CHALLENGE_TEXTS,
  challengeState,
  type ChallengeDetail,
  type ChallengeEntry,
} from '@beatroom/shared/challenges-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, Coins, Pause, Play, Trophy, Vote } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar';
import { BackButton } from '../../../components/ui/back-button';
import { Button, buttonClasses } from '../../../components/ui/button';
import { CoverArt } from '../../../components/ui/cover-art';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { ErrorState } from '../../../components/ui/error-state';
import { ApiError, apiUrl, isApiError } from '../../../lib/api-client';
import { storedImage } from '../../../lib/stored-file';
import { useOneAtATimeAudio } from '../../../lib/use-one-at-a-time-audio';
import { useSignInDialog } from '../../session/store/sign-in-dialog-store';
import { challengeKeys, challengeQueryOptions, voteFor } from '../api';
import { useServerNow } from '../use-server-clock';
import { ChallengeStateBadge, countdownText, entryFeeNote, PrizeBadge } from './challenge-card';
import { EnterChallengeDialog } from './enter-challenge-dialog';

const ESCROW_LABELS: Record<ChallengeDetail['escrow'][number]['kind'], string> = {
  prize_deposit: 'Prize deposited',
  platform_deposit: 'Prize funded by Beatroom',
  entry_fee: 'Entry fee',
  payout: 'Paid to the winner',
  refund: 'Refunded',
  release: 'Returned to Beatroom',
};

interface EntryRowProps {
  entry: ChallengeEntry;
  rank: number;
  playing: boolean;
  onToggle: () => void;
  isWinner: boolean;
  /** The vote control: a button, "Voted", "Voting Ended" or nothing. */
  voteSlot: ReactNode;
}

function EntryRow({ entry, rank, playing, onToggle, isWinner, voteSlot }: EntryRowProps) {
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

/**
 * /challenges/{id}: the challenge with its state and countdown, the winner banner once announced,
 * Join for a member who has not entered an active challenge, the entries (most votes first) with
 * play (one at a time) and vote, and the escrow: what is held and every movement in and out.
 */
export function ChallengeDetailPage({
  id,
  user,
  onCreditsChanged,
}: {
  id: string;
  user: SessionUser | null;
  onCreditsChanged?: () => void;
}) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const openSignIn = useSignInDialog((s) => s.open);
  const query = useQuery(challengeQueryOptions(id, user?.id ?? null));
  const now = useServerNow(query.data?.server_time);
  const audio = useOneAtATimeAudio('challenge-entries');
  const [joining, setJoining] = useState(false);
  const vote = useMutation({
    mutationFn: (entryId: string) => voteFor(id, entryId),
    onSuccess: (detail) => {
      queryClient.setQueryData(challengeKeys.detail(id, user?.id ?? null), detail);
      void queryClient.invalidateQueries({ queryKey: challengeKeys.all });
    },
  });

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading challenge" className="h-96 animate-pulse rounded-3xl bg-fg/5" />
    );
  }
  if (query.isError) {
    if (isApiError(query.error, 404)) {
      return (
        <EmptyState Icon={Trophy} title={CHALLENGE_TEXTS.NOT_FOUND}>
          <Link to="/challenges" className={buttonClasses()}>
            Browse Challenges
          </Link>
        </EmptyState>
      );
    }
    return (
      <ErrorState
        title="The challenge could not be loaded"
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        isPageTitle
      />
    );
  }

  const detail = query.data;
  const { challenge, entries } = detail;
  const state = challengeState(challenge, now);
  const joinRequested = params.get('join') === '1';
  // The creator never enters their own challenge (the server answers 403).
  const canJoin =
    !!user && user.id !== challenge.creator_user_id && state === 'active' && !challenge.current_user_entry_id;
  const dialogOpen = canJoin && (joining || joinRequested);
  const setDialog = (open: boolean) => {
    setJoining(open);
    if (!open && joinRequested) {
      const next = new URLSearchParams(params);
      next.delete('join');
      setParams(next, { replace: true });
    }
  };
  const votedFor = detail.current_user_vote_entry_id;
  const held = challenge.escrow_credits;

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
        <Button size="sm" variant="secondary" onClick={() => openSignIn()}>
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
    <div className="flex flex-col gap-6">
      <div>
        <BackButton fallbackTo="/challenges" />
      </div>
      {challenge.winner_user_id ? (
        <div
          role="status"
          className="flex items-center gap-3 rounded-2xl border border-yellow-500/50 bg-yellow-500/10 p-4"
        >
          <Trophy aria-hidden="true" className="size-8 shrink-0 text-yellow-300" />
          <div>
            <p className="font-semibold">Winner Announced: {challenge.winner_name ?? 'Former member'}</p>
            <p className="text-sm text-muted">
              {challenge.winner_user_id === user?.id ? 'You won! ' : ''}The prize and the entry fees were paid
              out
              {challenge.winner_announced_at
                ? ` on ${new Date(challenge.winner_announced_at).toLocaleString()}`
                : ''}
              .
            </p>
          </div>
        </div>
      ) : null}

      <section className="grid gap-5 md:grid-cols-[16rem_1fr]">
        <CoverArt
          src={storedImage(challenge.beat_cover_image_key)}
          sizes="16rem"
          title={challenge.beat_title}
          className="aspect-square w-full rounded-2xl"
          initialClassName="text-5xl"
        />
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <ChallengeStateBadge challenge={challenge} now={now} />
            <PrizeBadge credits={challenge.prize_credits} />
          </div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{challenge.title}</h1>
          <p className="text-sm text-muted">
            Beat:{' '}
            {challenge.beat_id ? (
              <Link
                className="text-fg hover:underline"
                to={`/beats/${encodeURIComponent(challenge.beat_id)}`}
              >
                {challenge.beat_title}
              </Link>
            ) : (
              challenge.beat_title
            )}{' '}
            · by {challenge.creator_name}
          </p>
          <p className="text-sm whitespace-pre-line">{challenge.description}</p>
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden="true" className="size-4" />
              {countdownText(challenge, now)}
            </span>
            <span className="inline-flex items-center gap-1">
              <Coins aria-hidden="true" className="size-4" />
              {entryFeeNote(challenge.entry_fee_credits)}
            </span>
          </div>
          <div className="flex flex-wrap items-center gap-2 pt-1">
            {challenge.current_user_entry_id ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-emerald-500/15 px-3 py-1 text-sm font-semibold text-emerald-300">
                <CheckCircle2 aria-hidden="true" className="size-4" /> Joined
              </span>
            ) : canJoin ? (
              <Button onClick={() => setDialog(true)}>Join Challenge</Button>
            ) : !user && state === 'active' ? (
              <Button onClick={() => openSignIn()}>Sign in to join</Button>
            ) : null}
          </div>
        </div>
      </section>

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
                onToggle={() =>
                  entry.audio_url && audio.toggle({ id: entry.id, url: apiUrl(entry.audio_url) })
                }
                isWinner={entry.user_id === challenge.winner_user_id}
                voteSlot={voteSlot(entry)}
              />
            ))}
          </ol>
        )}
      </section>

      <section
        aria-labelledby="escrow-title"
        className="flex flex-col gap-2 rounded-2xl border border-line p-4"
      >
        <h2 id="escrow-title" className="text-base font-semibold">
          Prize escrow: {held} credits held
        </h2>
        <ul className="flex flex-col gap-1 text-sm">
          {detail.escrow.map((m, index) => (
            <li key={index} className="flex justify-between gap-3 text-muted">
              <span>
                {ESCROW_LABELS[m.kind]}
                {m.user_name ? ` · ${m.user_name}` : ''}
              </span>
              <span className={`tabular-nums ${m.amount > 0 ? 'text-emerald-300' : 'text-fg'}`}>
                {m.amount > 0 ? `+${m.amount}` : m.amount}
              </span>
            </li>
          ))}
        </ul>
      </section>

      {user && canJoin ? (
        <EnterChallengeDialog
          detail={detail}
          userId={user.id}
          open={dialogOpen}
          onOpenChange={setDialog}
          onEntered={() => onCreditsChanged?.()}
        />
      ) : null}
    </div>
  );
}
