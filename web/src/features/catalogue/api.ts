import type { BeatListQueryInput } from '@beatroom/shared/beat-list-contract';
import { LIMITS } from '@beatroom/shared/limits';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { answerSchema } from '../../lib/answer-checks/answer-checker';
import { apiClient } from '../../lib/api-client';
import { takeFirstScreenPage } from './first-screen-page';

// The home page's own requests: checked in the answer-check worker, never in the page.
const BeatList = answerSchema('beat-list-contract', 'BeatList');
const FavoriteBeatIds = answerSchema('beat-social-contract', 'FavoriteBeatIds');
const FavoriteStatus = answerSchema('beat-social-contract', 'FavoriteStatus');

/** One page of the beat grid ("Load more" asks for the next one by offset). */
export const BEAT_PAGE_SIZE = LIMITS.BEAT_LIST_DEFAULT_LIMIT;

/** The list filters as sent to GET /api/beats (USD cents, seconds), without paging. */
export type BeatListFilters = Omit<BeatListQueryInput, 'limit' | 'offset'>;

/** Every query key of the catalogue, defined once. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  /** Every page of every filtered list: what a new, changed or deleted beat makes stale. */
  lists: () => ['catalogue', 'list'] as const,
  list: (filters: BeatListFilters) => ['catalogue', 'list', filters] as const,
  /** The ids of every beat `userId` has favourited: one set that every heart reads. */
  favoriteIds: (userId: string) => ['catalogue', 'favorite-ids', userId] as const,
};

function toSearchParams(values: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params.toString();
}

/**
 * GET /api/beats, page by page (a page shorter than the page size is the last). The home page's
 * unfiltered list starts from the page its HTML carries, when it carries one
 * (first-screen-page.ts), as old as the server says it is.
 */
export function beatListQueryOptions(filters: BeatListFilters) {
  let firstPage: ReturnType<typeof takeFirstScreenPage>;
  return infiniteQueryOptions({
    queryKey: catalogueKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      apiClient.get(
        `/api/beats?${toSearchParams({ ...filters, limit: BEAT_PAGE_SIZE, offset: pageParam })}`,
        {
          schema: BeatList,
          signal,
        },
      ),
    initialPageParam: 0,
    initialData: () => {
      firstPage = takeFirstScreenPage(filters);
      return firstPage ? { pages: [firstPage.beats], pageParams: [0] } : undefined;
    },
    initialDataUpdatedAt: () => firstPage?.readAt,
    getNextPageParam: (lastPage, _pages, lastOffset) =>
      lastPage.length < BEAT_PAGE_SIZE ? undefined : lastOffset + lastPage.length,
  });
}

/**
 * GET /api/users/me/favorite-beat-ids, signed in only, as a Set: one request answers every
 * heart of every grid (asking favorite-status per card cost up to a page of requests).
 */
export function favoriteBeatIdsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: catalogueKeys.favoriteIds(userId),
    queryFn: async ({ signal }): Promise<ReadonlySet<string>> =>
      new Set(
        (await apiClient.get('/api/users/me/favorite-beat-ids', { schema: FavoriteBeatIds, signal })).beatIds,
      ),
    // Only this user changes it, and the toggle writes the answer into the cache.
    staleTime: 5 * 60_000,
  });
}

/** POST /api/beats/{id}/favorite toggles and answers the new state. */
export function toggleFavorite(beatId: string) {
  return apiClient.post(`/api/beats/${encodeURIComponent(beatId)}/favorite`, { schema: FavoriteStatus });
}
