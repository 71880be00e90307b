import { TIMINGS } from '@beatroom/shared/constants';
import { LiveStats } from '@beatroom/shared/realtime-contract';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

export const liveStatsKeys = { all: ['live-stats'] as const };

/** GET /api/live/stats, signed in only, polled every 30 s (platform.md §7). */
export function liveStatsQueryOptions() {
  return queryOptions({
    queryKey: liveStatsKeys.all,
    queryFn: ({ signal }) => apiClient.get('/api/live/stats', { schema: LiveStats, signal }),
    refetchInterval: TIMINGS.LIVE_STATS_POLL_MS,
    staleTime: 0,
  });
}
