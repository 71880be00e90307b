import {
  PROFILE_FAVORITE_GENRES,
  PROFILE_RECENT_BEATS,
  type ProfileBeat,
  type ProfileResponse,
  type ProfileUpdateBody,
  type UserReview,
} from '@beatroom/shared/community-contract';
import { displayName } from '@beatroom/shared/format';
import { isAdminUser, isOwnerUser } from '@beatroom/shared/permissions';
import { badRequest, notFound } from '../../plugins/errors';
import type { UserRecord } from '../users/users.repository';
import type { BeatRow, ProfileBeatSort, ProfileFields, ProfilesRepository } from './profiles.repository';

/** Profile lists are not paginated in the spec; this bounds one answer. */
export const USER_LIST_MAX = 100;

export const PROFILE_NOT_FOUND = 'Profile not found';
export const USER_NOT_FOUND = 'User not found';
export const IMAGE_NOT_YOURS = 'Images must be your own uploads: upload the picture first';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toProfileBeat(b: BeatRow): ProfileBeat {
  return {
    id: b.id,
    user_id: b.userId,
    title: b.title,
    description: b.description,
    bpm: b.bpm,
    key_signature: b.keySignature,
    genre: b.genre,
    mood: b.mood,
    price_cents: b.priceCents,
    is_free: b.isFree,
    is_featured: b.isFeatured,
    promotion_type: b.promotionType,
    audio_file_key: b.audioFileKey,
    cover_image_key: b.coverImageKey,
    duration_seconds: b.durationSeconds,
    play_count: b.playCount,
    download_count: b.downloadCount,
    created_at: b.createdAt.toISOString(),
    producer_name: b.producerName,
  };
}

/** Body field → column. Only fields present in the body are written. */
const COLUMNS = {
  display_name: 'displayName',
  bio: 'bio',
  location: 'location',
  website_url: 'websiteUrl',
  spotify_url: 'spotifyUrl',
  soundcloud_url: 'soundcloudUrl',
  twitter_handle: 'twitterHandle',
  instagram_handle: 'instagramHandle',
  tiktok_handle: 'tiktokHandle',
  user_role: 'userRole',
  profile_image_key: 'profileImageKey',
  cover_image_key: 'coverImageKey',
} as const satisfies Record<keyof ProfileUpdateBody, keyof ProfileFields>;

export function createProfilesService(deps: { repo: ProfilesRepository; adminEmail: string }) {
  const { repo } = deps;

  async function requireUserExists(userId: string) {
    if (!(await repo.userExists(userId))) throw notFound(USER_NOT_FOUND);
  }

  return {
    /** Public: anyone may view a profile (platform.md §6). */
    async getProfile(userId: string): Promise<ProfileResponse> {
      if (!UUID.test(userId)) throw notFound(PROFILE_NOT_FOUND);
      const user = await repo.findUserWithProfile(userId);
      if (!user) throw notFound(PROFILE_NOT_FOUND);
      const stats = await repo.stats(userId, PROFILE_RECENT_BEATS, PROFILE_FAVORITE_GENRES);
      const p = user.profile;
      return {
        profile: {
          user_id: user.id,
          display_name: p?.displayName ?? user.name,
          bio: p?.bio ?? null,
          location: p?.location ?? null,
          website_url: p?.websiteUrl ?? null,
          twitter_handle: p?.twitterHandle ?? null,
          instagram_handle: p?.instagramHandle ?? null,
          tiktok_handle: p?.tiktokHandle ?? null,
          spotify_url: p?.spotifyUrl ?? null,
          soundcloud_url: p?.soundcloudUrl ?? null,
          cover_image_key: p?.coverImageKey ?? null,
          profile_image_key: p?.profileImageKey ?? null,
          verified: p?.verified ?? false,
          is_admin: isAdminUser(user, deps.adminEmail),
          is_owner: isOwnerUser(user),
          user_role: p?.userRole ?? null,
          created_at: (p?.createdAt ?? user.createdAt).toISOString(),
          total_plays: stats.totalPlays,
          total_downloads: stats.totalDownloads,
        },
        beats_count: stats.beatsCount,
        followers_count: stats.followersCount,
        average_rating: stats.averageRating === null ? null : Math.round(stats.averageRating * 100) / 100,
        favorite_genres: stats.genres,
        recent_beats: stats.recentBeats.map(toProfileBeat),
      };
    },

    /**
     * PUT /api/profile: the caller's own profile only (the user comes from the session, never
     * from the body). Image keys must name the caller's own image uploads.
     */
    async updateProfile(user: UserRecord, body: ProfileUpdateBody): Promise<ProfileResponse> {
      const keys = [body.profile_image_key, body.cover_image_key].filter((k): k is string => !!k);
      if (keys.length) {
        const own = await repo.ownImageKeys(user.id, keys);
        if (keys.some((k) => !own.has(k))) throw badRequest(IMAGE_NOT_YOURS);
      }
      const fields: Partial<Record<keyof ProfileFields, string | null>> = {};
      for (const [field, column] of Object.entries(COLUMNS) as [
        keyof ProfileUpdateBody,
        keyof ProfileFields,
      ][]) {
        if (body[field] !== undefined) fields[column] = body[field];
      }
      // Beats carry the producer's name; a missing display name falls back like the UI does.
      const producerName =
        body.display_name !== undefined
          ? displayName(body.display_name ?? user.name, user.id, 'Producer')
          : null;
      await repo.updateProfile(user.id, fields as Partial<ProfileFields>, producerName);
      return this.getProfile(user.id);
    },

    async listBeats(userId: string, sort: ProfileBeatSort): Promise<ProfileBeat[]> {
      await requireUserExists(userId);
      return (await repo.listBeats(userId, sort, USER_LIST_MAX)).map(toProfileBeat);
    },

    /** Favorites are public unless the user turned off showFavorites; the owner always sees them. */
    async listFavorites(viewer: UserRecord | null, userId: string): Promise<ProfileBeat[]> {
      await requireUserExists(userId);
      if (viewer?.id !== userId && !(await repo.showsFavorites(userId))) return [];
      return (await repo.listFavorites(userId, USER_LIST_MAX)).map(toProfileBeat);
    },

    async listReviews(userId: string): Promise<UserReview[]> {
      await requireUserExists(userId);
      const rows = await repo.listReviews(userId, USER_LIST_MAX);
      return rows.map((r) => ({
        id: r.id,
        beat_id: r.beatId,
        beat_title: r.beat.title,
        cover_image_key: r.beat.coverImageKey,
        rating: r.rating,
        review: r.review,
        created_at: r.createdAt.toISOString(),
      }));
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
