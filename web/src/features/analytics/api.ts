import { ListenerChartResponse } from '@beatroom/shared/analytics-charts-contract';
import { Analytics } from '@beatroom/shared/realtime-objects-contract';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

export const analyticsKeys = {
  all: ['analytics'] as const,
  /** The signed-in producer's own numbers; stats_updated writes here. */
  user: (userId: string) => ['analytics', userId] as const,
};

/** GET /api/users/{id}/analytics (owner only), kept current by stats_updated pushes. */
export function userAnalyticsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: analyticsKeys.user(userId),
    queryFn: ({ signal }) =>
      apiClient.get(`/api/users/${encodeURIComponent(userId)}/analytics`, { schema: Analytics, signal }),
  });
}

/** GET /api/users/{id}/analytics/listeners?days= (owner, plans with analytics_access; 403 ANALYTICS_LOCKED otherwise). */
export function listenerChartQueryOptions(userId: string, days: number) {
  return queryOptions({
    queryKey: [...analyticsKeys.user(userId), 'listeners', days] as const,
    queryFn: ({ signal }) =>
      apiClient.get(`/api/users/${encodeURIComponent(userId)}/analytics/listeners?days=${days}`, {
        schema: ListenerChartResponse,
        signal,
      }),
  });
}
