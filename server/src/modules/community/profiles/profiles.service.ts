import {
  PROFILE_FAVORITE_GENRES,
  PROFILE_RECENT_BEATS,
  VOICE_TAG_MAX_SECONDS,
  type ProfileResponse,
  type ProfileUpdateBody,
  type UserReview,
} from '@beatroom/shared/community-contract';
import type { Beat } from '@beatroom/shared/beats-contract';
import type { ProfileBeatSort } from '@beatroom/shared/catalogue-constants';
import { displayName } from '@beatroom/shared/format-names';
import { isAdminUser, isOwnerUser } from '@beatroom/shared/permissions';
import { toBeat } from '../../../db/beat-columns';
import { badRequest, conflict, notFound } from '../../../http/http-errors';
import { isUuid } from '../../../http/params';
import type { AnalyticsService } from '../../catalogue/analytics/analytics.service';
import type { UploadsService } from '../../catalogue/uploads/uploads.service';
import type { UserSettingsService } from '../../platform/user-settings/user-settings.service';
import type { UserRecord } from '../../platform/users/user-record';
import type { ProfileFields, ProfilesRepository } from './profiles.repository';

/** Profile lists are not paginated; this bounds one answer. */
export const USER_LIST_MAX = 100;

export const PROFILE_NOT_FOUND = 'Profile not found';
export const USER_NOT_FOUND = 'User not found';
export const IMAGE_NOT_YOURS = 'Images must be your own uploads: upload the picture first';
export const VOICE_TAG_NOT_YOURS = 'Voice tag: upload the audio file first (it must be your own upload)';
export const VOICE_TAG_TOO_LONG = `Voice tag: at most ${VOICE_TAG_MAX_SECONDS} seconds of audio`;
export const SAME_FILE_TWICE = 'One file cannot be both your profile picture and your cover: upload it again';

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
  voice_tag_key: 'voiceTagKey',
} as const satisfies Record<keyof ProfileUpdateBody, keyof ProfileFields>;

/** What a restricted profile shows instead of its numbers and lists. */
const HIDDEN_STATS = { genres: [], recentBeats: [] };
const HIDDEN_TOTALS = { plays: 0, downloads: 0, beats: 0, followers: 0, averageRating: null };

export function createProfilesService(deps: {
  repo: ProfilesRepository;
  /** A producer's totals are analytics' numbers; the profile header shows the same ones. */
  analytics: Pick<AnalyticsService, 'totals'>;
  /**
   * Who uploaded which file and what it serves: pictures and the voice tag must be the caller's
   * own uploads, each serving nothing else.
   */
  uploads: Pick<UploadsService, 'claim'>;
  /** The owner's privacy settings decide what others see, checked before anything is read. */
  privacy: Pick<UserSettingsService, 'access' | 'requireProfileAccess'>;
  adminEmail: string;
  /** The custom_profile_badge of the user's tier now, null without one. */
  badgeOf?: (userId: string) => Promise<string | null>;
}) {
  const { repo } = deps;

  /** 404 for an unknown user, 403 for a profile the viewer may not see the lists of. */
  function requireListAccess(viewer: UserRecord | null, userId: string) {
    return deps.privacy.requireProfileAccess(viewer, userId);
  }

  /**
   * Checks the files an edit gives the profile: each newly set key is the caller's own upload
   * of the right kind that serves nothing else (a beat, someone's profile), and no file ends up
   * in two slots. A key moving between the caller's own slots is fine.
   */
  async function claimFiles(user: UserRecord, body: ProfileUpdateBody) {
    const current = (await repo.findUserWithProfile(user.id))?.profile;
    const slots = [
      ['profile_image_key', 'profileImageKey', 'avatar', IMAGE_NOT_YOURS],
      ['cover_image_key', 'coverImageKey', 'profile_cover', IMAGE_NOT_YOURS],
      ['voice_tag_key', 'voiceTagKey', 'voice_tag', VOICE_TAG_NOT_YOURS],
    ] as const;
    const final = slots.map(([field, column]) =>
      body[field] === undefined ? current?.[column] : body[field],
    );
    const set = final.filter((key): key is string => !!key);
    // Only an edit that touches the files is refused for sharing one (older profiles may).
    const touchesFiles = slots.some(([field]) => body[field] !== undefined);
    if (touchesFiles && new Set(set).size !== set.length) throw conflict(SAME_FILE_TWICE);
    for (const [field, column, use, notYours] of slots) {
      const key = body[field];
      if (!key || key === current?.[column]) continue;
      const upload = await deps.uploads.claim(user.id, key, use, { notYours, exceptProfileOf: user.id });
      if (
        use === 'voice_tag' &&
        (upload.durationSeconds === null || upload.durationSeconds > VOICE_TAG_MAX_SECONDS)
      ) {
        throw badRequest(VOICE_TAG_TOO_LONG);
      }
    }
  }

  return {
    /**
     * Anyone may view a profile's header; its stats and recent beats only who
     * the owner's profileVisibility lets see them, else `restricted` says why.
     */
    async getProfile(viewer: UserRecord | null, userId: string): Promise<ProfileResponse> {
      if (!isUuid(userId)) throw notFound(PROFILE_NOT_FOUND);
      const user = await repo.findUserWithProfile(userId);
      if (!user) throw notFound(PROFILE_NOT_FOUND);
      const { restricted } = await deps.privacy.access(viewer, userId);
      const [stats, totals] = restricted
        ? [HIDDEN_STATS, HIDDEN_TOTALS]
        : await Promise.all([
            repo.stats(userId, PROFILE_RECENT_BEATS, PROFILE_FAVORITE_GENRES),
            deps.analytics.totals(userId),
          ]);
      const p = user.profile;
      const badge = deps.badgeOf ? await deps.badgeOf(userId) : null;
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
          voice_tag_key: p?.voiceTagKey ?? null,
          badge,
          created_at: (p?.createdAt ?? user.createdAt).toISOString(),
          total_plays: totals.plays,
          total_downloads: totals.downloads,
        },
        beats_count: totals.beats,
        followers_count: totals.followers,
        average_rating: totals.averageRating === null ? null : Math.round(totals.averageRating * 100) / 100,
        favorite_genres: stats.genres,
        recent_beats: stats.recentBeats.map(toBeat),
        restricted,
      };
    },

    /**
     * PUT /api/profile: the caller's own profile only (the user comes from the session, never
     * from the body). Image keys must name the caller's own image uploads, a voice tag the
     * caller's own audio upload of at most VOICE_TAG_MAX_SECONDS.
     */
    async updateProfile(user: UserRecord, body: ProfileUpdateBody): Promise<ProfileResponse> {
      await claimFiles(user, body);
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
      return this.getProfile(user, user.id);
    },

    /**
     * A restricted profile's lists answer 403 with its wording (its beats stay in the catalogue
     * and on their own pages: they are for sale, the profile is what the owner keeps closed).
     */
    async listBeats(viewer: UserRecord | null, userId: string, sort: ProfileBeatSort): Promise<Beat[]> {
      await requireListAccess(viewer, userId);
      return (await repo.listBeats(userId, sort, USER_LIST_MAX)).map(toBeat);
    },

    /** Favorites are shown unless the user turned off showFavorites; the owner always sees them. */
    async listFavorites(viewer: UserRecord | null, userId: string): Promise<Beat[]> {
      const access = await requireListAccess(viewer, userId);
      if (!access.favorites) return [];
      return (await repo.listFavorites(userId, USER_LIST_MAX)).map(toBeat);
    },

    async listReviews(viewer: UserRecord | null, userId: string): Promise<UserReview[]> {
      await requireListAccess(viewer, userId);
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
