import type { SessionUser } from '@beatroom/shared/auth-contract';
import {
  CHALLENGE_FILTERS,
  CHALLENGE_TEXTS,
  type ChallengeFilterTab,
} from '@beatroom/shared/challenges-contract';
import { useQuery } from '@tanstack/react-query';
import { Coins, Plus, Trophy, Users } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { StatTile } from '../../../components/ui/stat-tile';
import { challengesQueryOptions } from '../api';
import { useServerNow } from '../use-server-clock';
import { ChallengeCard } from './challenge-card';
import { CreateChallengeDialog } from './create-challenge-dialog';

const tabOf = (value: string | null): ChallengeFilterTab =>
  CHALLENGE_FILTERS.find((f) => f.id === value)?.id ?? 'active';

/**
 * /challenges: the stats banner, the four filter tabs (Active Now first), the
 * card grid with a countdown refreshed every 60 s, the documented empty texts, and Create Challenge
 * for members. The tab lives in the URL so Back restores it.
 */
export function ChallengesPage({
  user,
  onCreditsChanged,
}: {
  user: SessionUser | null;
  /** The creator's balance changed (the prize went into escrow). */
  onCreditsChanged?: () => void;
}) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const tab = tabOf(params.get('filter'));
  const [creating, setCreating] = useState(false);
  const list = useQuery(challengesQueryOptions(tab, user?.id ?? null));
  const now = useServerNow(list.data?.server_time);

  const select = (next: ChallengeFilterTab) => {
    const nextParams = new URLSearchParams(params);
    if (next === 'active') nextParams.delete('filter');
    else nextParams.set('filter', next);
    setParams(nextParams, { replace: true });
  };

  const stats = list.data?.stats;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Challenges</h1>
          <p className="mt-1 text-sm text-muted">
            Record over the challenge beat, get the most votes, win the credits.
          </p>
        </div>
        {user ? (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Create Challenge
          </Button>
        ) : null}
      </div>

      <dl aria-label="Challenge stats" className="grid grid-cols-3 gap-3">
        <StatTile
          label="Active Challenges"
          Icon={Trophy}
          value={stats?.active_challenges ?? 0}
          pending={!stats}
        />
        <StatTile
          label="Total Prize Credits"
          Icon={Coins}
          value={stats?.total_prize_credits ?? 0}
          pending={!stats}
        />
        <StatTile label="Total Entries" Icon={Users} value={stats?.total_entries ?? 0} pending={!stats} />
      </dl>

      <div role="tablist" aria-label="Filter challenges" className="flex flex-wrap gap-1.5">
        {CHALLENGE_FILTERS.map((filter) => (
          <button
            key={filter.id}
            type="button"
            role="tab"
            aria-selected={filter.id === tab}
            onClick={() => select(filter.id)}
            className="h-9 rounded-full border border-line px-4 text-sm font-medium text-muted transition-colors hover:text-fg aria-selected:border-accent aria-selected:bg-accent aria-selected:text-accent-fg"
          >
            {filter.label}
          </button>
        ))}
      </div>

      <div role="tabpanel">
        {list.isPending ? (
          <ul
            role="status"
            aria-label="Loading challenges"
            className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
          >
            {Array.from({ length: 6 }, (_, i) => (
              <li
                key={i}
                aria-hidden="true"
                className="h-80 animate-pulse rounded-2xl border border-line bg-fg/5"
              />
            ))}
          </ul>
        ) : list.isError ? (
          <ErrorState
            title="Challenges could not be loaded"
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : list.data.challenges.length === 0 ? (
          <EmptyState
            Icon={Trophy}
            title={tab === 'active' ? CHALLENGE_TEXTS.EMPTY_ACTIVE : CHALLENGE_TEXTS.EMPTY_OTHER}
          />
        ) : (
          <ul aria-label="Challenges" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {list.data.challenges.map((challenge) => (
              <ChallengeCard key={challenge.id} challenge={challenge} now={now} signedIn={!!user} />
            ))}
          </ul>
        )}
      </div>

      {user ? (
        <CreateChallengeDialog
          open={creating}
          onOpenChange={setCreating}
          isAdmin={user.isAdmin}
          now={now}
          onCreated={(challenge) => {
            onCreditsChanged?.();
            void navigate(`/challenges/${encodeURIComponent(challenge.id)}`);
          }}
        />
      ) : null}
    </div>
  );
}
