import { MyBeatsResponse, type MyBeatsSort } from '@beatroom/shared/my-beats-contract';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

/** Every query key of "My beats", per user and sort (the route is own-only). */
export const myBeatsKeys = {
  all: ['my-beats'] as const,
  user: (userId: string) => ['my-beats', userId] as const,
  list: (userId: string, sort: MyBeatsSort, order: 'asc' | 'desc') =>
    ['my-beats', userId, sort, order] as const,
};

/** GET /api/me/beats?sort=&order=: the signed-in producer's beats with their numbers and totals. */
export function myBeatsQueryOptions(userId: string, sort: MyBeatsSort, order: 'asc' | 'desc') {
  return queryOptions({
    queryKey: myBeatsKeys.list(userId, sort, order),
    queryFn: ({ signal }) =>
      apiClient.get(`/api/me/beats?${new URLSearchParams({ sort, order })}`, {
        schema: MyBeatsResponse,
        signal,
      }),
    // Sorting again keeps the table on screen instead of a skeleton.
    placeholderData: (previous) => previous,
  });
}

/** DELETE /api/beats/{id}: the owner's Delete from the table. */
export function deleteMyBeat(beatId: string): Promise<unknown> {
  return apiClient.delete(`/api/beats/${encodeURIComponent(beatId)}`);
}
