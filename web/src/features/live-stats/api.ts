import { TIMINGS } from '@beatroom/shared/limits';
import type { LiveStats } from '@beatroom/shared/realtime-objects-contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { answerSchema } from '../../lib/answer-checks/answer-checker';
import { apiClient } from '../../lib/api-client';

const LiveStatsSchema = answerSchema('realtime-objects-contract', 'LiveStats');

export const liveStatsKeys = { all: ['live-stats'] as const };

/**
 * GET /api/live/stats, signed in only, polled every 30 s; between polls the
 * socket's live_stats pushes land under the same key.
 */
export function liveStatsQueryOptions() {
  return queryOptions({
    queryKey: liveStatsKeys.all,
    queryFn: ({ signal }) => apiClient.get('/api/live/stats', { schema: LiveStatsSchema, signal }),
    refetchInterval: TIMINGS.LIVE_STATS_POLL_MS,
    staleTime: 0,
  });
}

/**
 * A live_stats push (sockets came or went, this viewer's own included): it goes straight into
 * the tiles' cache. A poll still in flight may have been counted before this socket existed
 * and would overwrite the push with older numbers (the viewer missing), so it is cancelled first.
 */
export async function receiveLiveStats(queryClient: QueryClient, stats: LiveStats): Promise<void> {
  await queryClient.cancelQueries({ queryKey: liveStatsKeys.all });
  queryClient.setQueryData(liveStatsKeys.all, stats);
}
