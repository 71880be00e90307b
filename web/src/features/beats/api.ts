import { ProfileResponse } from '@beatroom/shared/community-contract';
import {
  BeatAnalytics,
  BeatDetail,
  BeatList,
  BeatReviewsResponse,
  CreatedId,
  FavoriteBeatIds,
  FavoriteStatus,
  PublicRecordingList,
  RatingSummary,
  UPLOAD_FIELDS,
  UploadResponse,
  UserRating,
  Beat,
  type BeatListQueryInput,
  type CreateBeatBody,
  type EditBeatBody,
  type RateBeatBody,
} from '@beatroom/shared/beats-contract';
import { LIMITS } from '@beatroom/shared/constants';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../lib/api-client';
import { uploadWithProgress } from '../../lib/upload-with-progress';

/** One page of the beat grid ("Load more" asks for the next one by offset). */
export const BEAT_PAGE_SIZE = LIMITS.BEAT_LIST_DEFAULT_LIMIT;
/** Reviews shown at first and added by "Show more reviews". */
export const REVIEW_PAGE_SIZE = 20;

/** The list filters as sent to GET /api/beats (USD cents, seconds), without paging. */
export type BeatListFilters = Omit<BeatListQueryInput, 'limit' | 'offset'>;

/**
 * Every query key of the catalogue, defined once. Everything about one beat sits under
 * beat(id), so an edit or a delete reaches all of it with one prefix.
 */
export const beatKeys = {
  all: ['beats'] as const,
  lists: () => ['beats', 'list'] as const,
  list: (filters: BeatListFilters) => ['beats', 'list', filters] as const,
  beat: (id: string) => ['beats', 'beat', id] as const,
  detail: (id: string) => ['beats', 'beat', id, 'detail'] as const,
  ratingSummary: (id: string) => ['beats', 'beat', id, 'rating-summary'] as const,
  reviews: (id: string) => ['beats', 'beat', id, 'reviews'] as const,
  userRating: (id: string, userId: string) => ['beats', 'beat', id, 'user-rating', userId] as const,
  analytics: (id: string) => ['beats', 'beat', id, 'analytics'] as const,
  publicRecordings: (id: string) => ['beats', 'beat', id, 'public-recordings'] as const,
  /** The ids of every beat `userId` has favourited: one set that every heart reads. */
  favoriteIds: (userId: string) => ['beats', 'favorite-ids', userId] as const,
  /** The producer's profile, for the badges next to their name on the beat page. */
  producer: (userId: string) => ['beats', 'producer', userId] as const,
};

const beatPath = (id: string) => `/api/beats/${encodeURIComponent(id)}`;

function toSearchParams(values: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params.toString();
}

/** GET /api/beats, page by page (a page shorter than the page size is the last). */
export function beatListQueryOptions(filters: BeatListFilters) {
  return infiniteQueryOptions({
    queryKey: beatKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      apiClient.get(
        `/api/beats?${toSearchParams({ ...filters, limit: BEAT_PAGE_SIZE, offset: pageParam })}`,
        {
          schema: BeatList,
          signal,
        },
      ),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastOffset) =>
      lastPage.length < BEAT_PAGE_SIZE ? undefined : lastOffset + lastPage.length,
  });
}

/** GET /api/beats/{id}; a 404 means "Beat not found" and is not retried. */
export function beatDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: beatKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get(beatPath(id), { schema: BeatDetail, signal }),
  });
}

/**
 * GET /api/users/me/favorite-beat-ids, signed in only, as a Set: one request answers every
 * heart of every grid (asking favorite-status per card cost up to a page of requests).
 */
export function favoriteBeatIdsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: beatKeys.favoriteIds(userId),
    queryFn: async ({ signal }): Promise<ReadonlySet<string>> =>
      new Set(
        (await apiClient.get('/api/users/me/favorite-beat-ids', { schema: FavoriteBeatIds, signal })).beatIds,
      ),
    // Only this user changes it, and the toggle writes the answer into the cache.
    staleTime: 5 * 60_000,
  });
}

export function ratingSummaryQueryOptions(id: string) {
  return queryOptions({
    queryKey: beatKeys.ratingSummary(id),
    queryFn: ({ signal }) =>
      apiClient.get(`${beatPath(id)}/rating-summary`, { schema: RatingSummary, signal }),
  });
}

/** GET /api/beats/{id}/reviews, newest first, page by page. */
export function reviewsQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: beatKeys.reviews(id),
    queryFn: ({ pageParam, signal }) =>
      apiClient.get(
        `${beatPath(id)}/reviews?${toSearchParams({ limit: REVIEW_PAGE_SIZE, offset: pageParam })}`,
        {
          schema: BeatReviewsResponse,
          signal,
        },
      ),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastOffset) =>
      lastPage.reviews.length < REVIEW_PAGE_SIZE ? undefined : lastOffset + lastPage.reviews.length,
  });
}

/** GET /api/beats/{id}/user-rating: the signed-in user's own rating, to prefill the dialog. */
export function userRatingQueryOptions(id: string, userId: string) {
  return queryOptions({
    queryKey: beatKeys.userRating(id, userId),
    queryFn: ({ signal }) => apiClient.get(`${beatPath(id)}/user-rating`, { schema: UserRating, signal }),
  });
}

/** GET /api/beats/{id}/analytics, owner only. */
export function analyticsQueryOptions(id: string) {
  return queryOptions({
    queryKey: beatKeys.analytics(id),
    queryFn: ({ signal }) => apiClient.get(`${beatPath(id)}/analytics`, { schema: BeatAnalytics, signal }),
  });
}

/** GET /api/beats/{id}/public-recordings: community vocal covers. */
export function publicRecordingsQueryOptions(id: string) {
  return queryOptions({
    queryKey: beatKeys.publicRecordings(id),
    queryFn: ({ signal }) =>
      apiClient.get(`${beatPath(id)}/public-recordings`, { schema: PublicRecordingList, signal }),
  });
}

/** GET /api/users/{id}/profile, read for the producer's badges only. */
export function producerQueryOptions(userId: string) {
  return queryOptions({
    queryKey: beatKeys.producer(userId),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get(`/api/users/${encodeURIComponent(userId)}/profile`, {
          schema: ProfileResponse,
          signal,
        })
      ).profile,
    staleTime: 5 * 60_000,
  });
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

/** POST /api/beats/{id}/favorite toggles and answers the new state. */
export function toggleFavorite(id: string) {
  return apiClient.post(`${beatPath(id)}/favorite`, { schema: FavoriteStatus });
}

/** POST /api/beats/{id}/rate answers the new rating summary. */
export function rateBeat(id: string, body: RateBeatBody) {
  return apiClient.post(`${beatPath(id)}/rate`, { body, schema: RatingSummary });
}

/** PUT /api/beats/{id}/edit answers the saved beat. */
export function editBeat(id: string, body: EditBeatBody) {
  return apiClient.put(`${beatPath(id)}/edit`, { body, schema: Beat });
}

export function deleteBeat(id: string) {
  return apiClient.delete(beatPath(id));
}

/**
 * POST /api/upload/audio with byte progress (0 to 1). Pass the bare path: uploadWithProgress
 * adds the configured API base and bearer token itself, as apiClient does for the image.
 */
export async function uploadAudio(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  const body = new FormData();
  body.append(UPLOAD_FIELDS.audio, file, file.name);
  const { key } = await uploadWithProgress('/api/upload/audio', body, {
    onProgress,
    signal,
    schema: UploadResponse,
  });
  return key;
}

/** POST /api/upload/image. */
export async function uploadImage(image: Blob, fileName: string, signal?: AbortSignal) {
  const body = new FormData();
  body.append(UPLOAD_FIELDS.image, image, fileName);
  const { key } = await apiClient.post('/api/upload/image', { body, schema: UploadResponse, signal });
  return key;
}

export async function createBeat(body: CreateBeatBody, signal?: AbortSignal) {
  const { id } = await apiClient.post('/api/beats', { body, schema: CreatedId, signal });
  return id;
}

/** POST /api/recordings/{id}/play for a vocal cover, fire and forget. */
export function registerRecordingPlay(recordingId: string): void {
  apiClient.post(`/api/recordings/${encodeURIComponent(recordingId)}/play`).catch((error: unknown) => {
    console.error(`Failed to register a recording play: ${describeError(error)}`);
  });
}

/** The server's own `error` text, or null when it sent none (the generic status message). */
export function serverErrorText(error: unknown): string | null {
  if (!isApiError(error)) return null;
  return error.message === `API responded with HTTP status ${error.status}` ? null : error.message;
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
