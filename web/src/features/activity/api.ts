import { ActivityListResponse, type ActivityQuery } from '@beatroom/shared/community-contract';
import { activityFeedReducer } from '@beatroom/shared/realtime-client-rules';
import type { ServerMessage } from '@beatroom/shared/realtime-contract';
import type { ActivityItem } from '@beatroom/shared/realtime-objects-contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

export type ActivityScope = ActivityQuery['scope'];

export const activityKeys = {
  all: ['activity'] as const,
  user: (userId: string) => ['activity', userId] as const,
  list: (userId: string, scope: ActivityScope) => ['activity', userId, scope] as const,
};

/** GET /api/activity?scope=global|following|mine: the /activity page's tabs. */
export function activityListQueryOptions(userId: string, scope: ActivityScope) {
  return queryOptions({
    queryKey: activityKeys.list(userId, scope),
    queryFn: async ({ signal }) =>
      (await apiClient.get(`/api/activity?scope=${scope}`, { schema: ActivityListResponse, signal }))
        .activities,
  });
}

/**
 * A new_activity pushed over the socket also reaches the /activity page's lists: Global takes
 * every item, Your Activity the user's own; Following is refetched, since only the server
 * knows whom the user follows.
 */
export function receiveActivity(queryClient: QueryClient, userId: string, message: ServerMessage): void {
  if (message.type !== 'activity' || message.data.type !== 'new_activity') return;
  const prepend = (list: ActivityItem[] | undefined) => (list ? activityFeedReducer(list, message) : list);
  queryClient.setQueryData<ActivityItem[]>(activityKeys.list(userId, 'global'), prepend);
  if (message.data.activity.userId === userId) {
    queryClient.setQueryData<ActivityItem[]>(activityKeys.list(userId, 'mine'), prepend);
  }
  void queryClient.invalidateQueries({ queryKey: activityKeys.list(userId, 'following') });
}
