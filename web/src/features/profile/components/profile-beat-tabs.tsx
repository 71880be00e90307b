import type { Beat } from '@beatroom/shared/beats-contract';
import type { ProfileResponse } from '@beatroom/shared/community-contract';
import { formatNumber } from '@beatroom/shared/format-numbers';
import { useQuery } from '@tanstack/react-query';
import { Heart, Music } from 'lucide-react';
import { useDeferredValue } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { userFavoritesQueryOptions } from '../api';
import type { ProfilePageSlots } from './profile-page-slots';

/** The Favorites tab: the beats this user favourited. */
export function FavoritesTab({ userId, slots }: { userId: string; slots: ProfilePageSlots }) {
  const favorites = useQuery(userFavoritesQueryOptions(userId));
  if (favorites.isPending) return slots.beatGridSkeleton();
  const list = favorites.data ?? [];
  if (list.length === 0) {
    return (
      <EmptyState Icon={Heart} title="No favorites yet">
        <Link to="/" className={buttonClasses({ variant: 'secondary' })}>
          Browse Beats
        </Link>
      </EmptyState>
    );
  }
  return <DeferredBeatGrid beats={list} label="Favorites" slots={slots} />;
}

/**
 * A grid of beat cards built after what surrounds it, in the background (a transition that
 * yields to the browser), with the skeleton until then: cards are the heaviest part of a
 * profile, and rendered with the profile in one update they blocked a phone's main thread for
 * a tenth of a second (as the home grid did; see beat-catalogue.tsx).
 */
function DeferredBeatGrid({
  beats,
  label,
  slots,
}: {
  beats: readonly Beat[];
  label: string;
  slots: ProfilePageSlots;
}) {
  const shown = useDeferredValue(beats, null);
  return shown ? slots.beatGrid(shown, label) : slots.beatGridSkeleton();
}

/** The Beats tab: the user's recent beats, or a way to the first one. */
export function BeatsTab({
  data,
  isOwner,
  slots,
}: {
  data: ProfileResponse;
  isOwner: boolean;
  slots: ProfilePageSlots;
}) {
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold tracking-tight">
        Beats <span className="text-muted numeric">({formatNumber(data.beats_count)})</span>
      </h2>
      {data.recent_beats.length === 0 ? (
        <EmptyState Icon={Music} title="No beats yet">
          {isOwner ? (
            <Link to="/upload" className={buttonClasses()}>
              Upload a Beat
            </Link>
          ) : (
            <Link to="/" className={buttonClasses({ variant: 'secondary' })}>
              Browse Beats
            </Link>
          )}
        </EmptyState>
      ) : (
        <DeferredBeatGrid beats={data.recent_beats} label="Recent beats" slots={slots} />
      )}
    </div>
  );
}
