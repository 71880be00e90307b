import { formatNumber, formatRating } from '@beatroom/shared/format-numbers';
import { useQuery } from '@tanstack/react-query';
import { Download, Headphones, Heart, Star } from 'lucide-react';
import { ErrorState } from '../../../components/ui/error-state';
import { StatTile } from '../../../components/ui/stat-tile';
import { beatAnalyticsQueryOptions } from '../api';

/** Manage Beat's tiles: Total Plays, Downloads, Favorites, and the rating with its reviews. */
export function BeatAnalyticsTiles({ beatId }: { beatId: string }) {
  const analytics = useQuery(beatAnalyticsQueryOptions(beatId));

  if (analytics.isError) {
    return (
      <ErrorState
        compact
        title="Analytics Unavailable"
        message="Failed to load analytics data"
        retryLabel="Retry"
        onRetry={() => void analytics.refetch()}
        retrying={analytics.isFetching}
      />
    );
  }
  const data = analytics.data;
  const pending = analytics.isPending;
  return (
    <dl aria-busy={pending || undefined} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      <StatTile
        Icon={Headphones}
        label="Total Plays"
        value={data ? formatNumber(data.play_count) : '–'}
        pending={pending}
      />
      <StatTile
        Icon={Download}
        label="Downloads"
        value={data ? formatNumber(data.download_count) : '–'}
        pending={pending}
      />
      <StatTile
        Icon={Heart}
        label="Favorites"
        value={data ? formatNumber(data.favorites_count) : '–'}
        pending={pending}
      />
      <StatTile
        Icon={Star}
        label="Rating"
        value={data ? formatRating(data.average_rating) : '–'}
        sub={data ? `${formatNumber(data.total_reviews)} Reviews` : 'Reviews'}
        pending={pending}
      />
    </dl>
  );
}
