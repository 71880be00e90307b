import type { SessionUser } from '@beatroom/shared/auth-contract';
import { CHALLENGE_TEXTS, challengeState } from '@beatroom/shared/challenges-contract';
import { useQuery } from '@tanstack/react-query';
import { Trophy } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BackButton } from '../../../components/ui/back-button';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { isApiError } from '../../../lib/api-client';
import { useOneAtATimeAudio } from '../../../lib/use-one-at-a-time-audio';
import { useSignInDialog } from '../../session/store/sign-in-dialog-store';
import { challengeQueryOptions } from '../api';
import { useChallengeVote } from '../hooks/use-challenge-vote';
import { useServerNow } from '../use-server-clock';
import { ChallengeEntries } from './challenge-entries';
import { ChallengeEscrow } from './challenge-escrow';
import { ChallengeSummary } from './challenge-summary';
import { ChallengeWinnerBanner } from './challenge-winner-banner';
import { EnterChallengeDialog } from './enter-challenge-dialog';

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
  const [params, setParams] = useSearchParams();
  const openSignIn = useSignInDialog((s) => s.open);
  const query = useQuery(challengeQueryOptions(id, user?.id ?? null));
  const now = useServerNow(query.data?.server_time);
  const audio = useOneAtATimeAudio('challenge-entries');
  const [joining, setJoining] = useState(false);
  const vote = useChallengeVote(id, user?.id ?? null);

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
  const { challenge } = detail;
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
  const join = challenge.current_user_entry_id
    ? 'joined'
    : canJoin
      ? 'join'
      : !user && state === 'active'
        ? 'sign-in'
        : null;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <BackButton fallbackTo="/challenges" />
      </div>
      {challenge.winner_user_id ? (
        <ChallengeWinnerBanner challenge={challenge} userId={user?.id ?? null} />
      ) : null}
      <ChallengeSummary
        challenge={challenge}
        now={now}
        join={join}
        onJoin={() => setDialog(true)}
        onSignIn={() => openSignIn()}
      />
      <ChallengeEntries
        detail={detail}
        state={state}
        user={user}
        vote={vote}
        audio={audio}
        onSignIn={() => openSignIn()}
      />
      <ChallengeEscrow detail={detail} />
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
