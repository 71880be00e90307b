// HTTP contract of what people do with a beat besides playing it: favourites, ratings and reviews,
// the owner's analytics and public vocal covers. The small status bodies use camelCase names
// (isFavorited, averageRating, hasRated...).
import { z } from 'zod';
import { LIMITS } from './limits';
import { blankToNull, blankToUndefined, text } from './text-fields';

/** GET /api/beats/{id}/favorite-status and POST /api/beats/{id}/favorite (a toggle). */
export const FavoriteStatus = z.object({ isFavorited: z.boolean() });
export type FavoriteStatus = z.infer<typeof FavoriteStatus>;

/**
 * GET /api/users/me/favorite-beat-ids (signed in; 401 otherwise): the ids of every beat the
 * caller has favourited, newest first. Lists and cards read their heart from this one set
 * instead of asking favorite-status per beat; the browse list itself stays the same for
 * everyone, so it can be cached across users.
 */
export const FavoriteBeatIds = z.object({ beatIds: z.array(z.string()) });
export type FavoriteBeatIds = z.infer<typeof FavoriteBeatIds>;

/**
 * POST /api/beats/{id}/rate: rating 1-5 required, review optional, trimmed, at
 * most 500 characters (empty means none). One rating per user and beat; rating again replaces
 * it. The owner may not rate their own beat (403 CANNOT_RATE_OWN_BEAT). Answers the summary.
 */
export const RateBeatBody = z.object({
  rating: z
    .number({ error: 'Rating is required' })
    .int('must be a whole number from 1 to 5')
    .min(1, 'must be a whole number from 1 to 5')
    .max(5, 'must be a whole number from 1 to 5'),
  review: z
    .preprocess(
      blankToNull,
      text().trim().max(LIMITS.REVIEW_MAX, `must be at most ${LIMITS.REVIEW_MAX} characters`).nullable(),
    )
    .optional(),
});
export type RateBeatBody = z.input<typeof RateBeatBody>;
export type RateBeatInput = z.output<typeof RateBeatBody>;

/**
 * GET /api/beats/{id}/rating-summary. averageRating is rounded to two decimals (show one with
 * formatRating) and is 0 while totalRatings is 0.
 */
export const RatingSummary = z.object({ averageRating: z.number(), totalRatings: z.number().int() });
export type RatingSummary = z.infer<typeof RatingSummary>;

/**
 * One review of a beat: its stored fields plus who wrote it, for the list.
 * reviewer_avatar is a URL (a stored profile image as /api/files/..., or the sign-in picture).
 */
export const BeatReview = z.object({
  id: z.string(),
  user_id: z.string(),
  rating: z.number().int(),
  review: z.string().nullable(),
  created_at: z.string(),
  reviewer_name: z.string(),
  reviewer_avatar: z.string().nullable(),
});
export type BeatReview = z.infer<typeof BeatReview>;

/** GET /api/beats/{id}/reviews query: newest first, 20 by default, at most 100 per page. */
export const BeatReviewsQuery = z.object({
  limit: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100).default(20)),
  offset: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(100_000).default(0)),
});

/** GET /api/beats/{id}/reviews: a page of reviews plus the beat's rating summary. */
export const BeatReviewsResponse = RatingSummary.extend({ reviews: z.array(BeatReview) });
export type BeatReviewsResponse = z.infer<typeof BeatReviewsResponse>;

/** GET /api/beats/{id}/user-rating (signed in): the caller's own rating, rating null if none. */
export const UserRating = z.object({
  hasRated: z.boolean(),
  rating: z.number().int().nullable(),
  review: z.string().nullable(),
});
export type UserRating = z.infer<typeof UserRating>;

/** GET /api/beats/{id}/analytics, owner only: the Manage Beat modal's tiles. */
export const BeatAnalytics = z.object({
  favorites_count: z.number().int(),
  average_rating: z.number(),
  total_reviews: z.number().int(),
  play_count: z.number().int(),
  download_count: z.number().int(),
});
export type BeatAnalytics = z.infer<typeof BeatAnalytics>;

/** A public vocal recording over a beat. */
export const PublicRecording = z.object({
  id: z.string(),
  user_id: z.string(),
  recording_name: z.string(),
  file_key: z.string(),
  vocalist_name: z.string(),
  vocalist_avatar: z.string().nullable(),
  play_count: z.number().int(),
  created_at: z.string(),
  /** Measured by the server from the take's audio. */
  duration_seconds: z.number(),
  /**
   * Where the take plays: `/api/recordings/{id}/audio` (takes live in private storage, so
   * /api/files/{file_key} does not serve them).
   */
  audio_url: z.string(),
});
export type PublicRecording = z.infer<typeof PublicRecording>;

/**
 * GET /api/beats/{beatId}/public-recordings (served by the recordings module): the beat's
 * public takes, newest first, at most PUBLIC_RECORDINGS_LIMIT (recordings-contract.ts).
 */
export const PublicRecordingList = z.array(PublicRecording);
