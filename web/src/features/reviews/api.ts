import type { RateBeatBody } from '@beatroom/shared/beat-social-contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { answerSchema } from '../../lib/answer-checks/answer-checker';
import { apiClient } from '../../lib/api-client';

const BeatReviewsResponse = answerSchema('beat-social-contract', 'BeatReviewsResponse');
const RatingSummary = answerSchema('beat-social-contract', 'RatingSummary');
const UserRating = answerSchema('beat-social-contract', 'UserRating');

/** Reviews shown at first and added by "Show more reviews". */
export const REVIEW_PAGE_SIZE = 20;

const beatPath = (id: string) => `/api/beats/${encodeURIComponent(id)}`;

/** Every query key of a beat's ratings and reviews, under beat(id). */
export const reviewKeys = {
  beat: (beatId: string) => ['reviews', beatId] as const,
  summary: (beatId: string) => ['reviews', beatId, 'summary'] as const,
  list: (beatId: string) => ['reviews', beatId, 'list'] as const,
  /** Every user's own rating of the beat (one per signed-in account). */
  userRatings: (beatId: string) => ['reviews', beatId, 'user-rating'] as const,
  userRating: (beatId: string, userId: string) => ['reviews', beatId, 'user-rating', userId] as const,
};

/** GET /api/beats/{id}/rating-summary */
export function ratingSummaryQueryOptions(beatId: string) {
  return queryOptions({
    queryKey: reviewKeys.summary(beatId),
    queryFn: ({ signal }) =>
      apiClient.get(`${beatPath(beatId)}/rating-summary`, { schema: RatingSummary, signal }),
  });
}

function reviewsPage(beatId: string, offset: number) {
  const params = new URLSearchParams({ limit: String(REVIEW_PAGE_SIZE), offset: String(offset) });
  return `${beatPath(beatId)}/reviews?${params.toString()}`;
}

/** GET /api/beats/{id}/reviews, newest first, page by page. */
export function reviewsQueryOptions(beatId: string) {
  return infiniteQueryOptions({
    queryKey: reviewKeys.list(beatId),
    queryFn: ({ pageParam, signal }) =>
      apiClient.get(reviewsPage(beatId, pageParam), { schema: BeatReviewsResponse, signal }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastOffset) =>
      lastPage.reviews.length < REVIEW_PAGE_SIZE ? undefined : lastOffset + lastPage.reviews.length,
  });
}

/** GET /api/beats/{id}/user-rating: the signed-in user's own rating, to prefill the dialog. */
export function userRatingQueryOptions(beatId: string, userId: string) {
  return queryOptions({
    queryKey: reviewKeys.userRating(beatId, userId),
    queryFn: ({ signal }) => apiClient.get(`${beatPath(beatId)}/user-rating`, { schema: UserRating, signal }),
  });
}

/** POST /api/beats/{id}/rate answers the new rating summary. */
export function rateBeat(beatId: string, body: RateBeatBody) {
  return apiClient.post(`${beatPath(beatId)}/rate`, { body, schema: RatingSummary });
}
