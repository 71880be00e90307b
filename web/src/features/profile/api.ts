import type { ProfileBeatSort } from '@beatroom/shared/catalogue-constants';
import type { ProfileUpdateBody } from '@beatroom/shared/community-contract';
import { UPLOAD_FIELDS } from '@beatroom/shared/file-urls';
import { queryOptions } from '@tanstack/react-query';
import { answerSchema } from '../../lib/answer-checks/answer-checker';
import { apiClient, isApiError } from '../../lib/api-client';

// Checked in the answer-check worker: the profile page and a beat page's producer badges never
// build the community contract's schemas.
const FollowStatus = answerSchema('community-contract', 'FollowStatus');
const ProfileResponse = answerSchema('community-contract', 'ProfileResponse');
const UserBeatsResponse = answerSchema('community-contract', 'UserBeatsResponse');
const UserFavoritesResponse = answerSchema('community-contract', 'UserFavoritesResponse');
const UserReviewsResponse = answerSchema('community-contract', 'UserReviewsResponse');
const UploadResponse = answerSchema('files-contract', 'UploadResponse');

const userPath = (userId: string) => `/api/users/${encodeURIComponent(userId)}`;

/** Every profile query key, defined once; everything about one user sits under user(id). */
export const profileKeys = {
  all: ['profiles'] as const,
  user: (userId: string) => ['profiles', userId] as const,
  profile: (userId: string) => ['profiles', userId, 'profile'] as const,
  beats: (userId: string, sort: ProfileBeatSort) => ['profiles', userId, 'beats', sort] as const,
  favorites: (userId: string) => ['profiles', userId, 'favorites'] as const,
  reviews: (userId: string) => ['profiles', userId, 'reviews'] as const,
  /** Whether `viewerId` follows `userId`. */
  followStatus: (userId: string, viewerId: string) =>
    ['profiles', userId, 'follow-status', viewerId] as const,
};

/**
 * GET /api/users/{id}/profile; a 404 is "Profile not found" and is not retried. The one key of
 * this endpoint: the profile page and the producer's badges on a beat page read the same entry,
 * so an edit shows everywhere at once.
 */
export function profileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: profileKeys.profile(userId),
    queryFn: ({ signal }) =>
      apiClient.get(`${userPath(userId)}/profile`, { schema: ProfileResponse, signal }),
  });
}

/** GET /api/users/{id}/beats?sort=newest|popular|downloads */
export function userBeatsQueryOptions(userId: string, sort: ProfileBeatSort) {
  return queryOptions({
    queryKey: profileKeys.beats(userId, sort),
    queryFn: ({ signal }) =>
      apiClient.get(`${userPath(userId)}/beats?sort=${sort}`, { schema: UserBeatsResponse, signal }),
  });
}

export function userFavoritesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: profileKeys.favorites(userId),
    queryFn: ({ signal }) =>
      apiClient.get(`${userPath(userId)}/favorites`, { schema: UserFavoritesResponse, signal }),
  });
}

export function userReviewsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: profileKeys.reviews(userId),
    queryFn: ({ signal }) =>
      apiClient.get(`${userPath(userId)}/reviews`, { schema: UserReviewsResponse, signal }),
  });
}

/** GET /api/users/{id}/follow-status, signed in only. */
export function followStatusQueryOptions(userId: string, viewerId: string) {
  return queryOptions({
    queryKey: profileKeys.followStatus(userId, viewerId),
    queryFn: async ({ signal }) =>
      (await apiClient.get(`${userPath(userId)}/follow-status`, { schema: FollowStatus, signal }))
        .isFollowing,
  });
}

/** POST (follow) or DELETE (unfollow) /api/users/{id}/follow → the new state. */
export async function setFollowing(userId: string, follow: boolean): Promise<boolean> {
  const path = `${userPath(userId)}/follow`;
  const options = { schema: FollowStatus };
  const { isFollowing } = follow
    ? await apiClient.post(path, options)
    : await apiClient.delete(path, options);
  return isFollowing;
}

/** PUT /api/profile → the caller's updated profile. */
export function updateProfile(body: ProfileUpdateBody) {
  return apiClient.put('/api/profile', { body, schema: ProfileResponse });
}

/**
 * POST /api/upload/audio (multipart field `audio`) → the upload's key, which a later
 * PUT /api/profile names as voice_tag_key. A voice tag is short: no progress to report.
 */
export async function uploadVoiceTag(file: File): Promise<string> {
  const body = new FormData();
  body.append(UPLOAD_FIELDS.audio, file, file.name);
  const { key } = await apiClient.post('/api/upload/audio', { body, schema: UploadResponse });
  return key;
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error, 404);
}
