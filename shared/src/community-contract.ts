// HTTP contract of profiles, user lists, follows, notifications, activity and live stats
// (the user, notification and live calls). The objects the
// realtime connection also carries (Notification, ActivityItem, Analytics, LiveStats) live in
// realtime-objects-contract.ts.
import { z } from 'zod';
import { Beat } from './beats-contract';
import { ACTIVITY_TYPES, MUSIC_ROLE_VALUES, NOTIFICATION_TYPES } from './community-constants';
import { AUDIO_KEY_PATTERN } from './files-contract';
import { PAGE_SIZES, UI } from './limits';
import { NUL_CHARACTER_ERROR, text } from './text-fields';
import { ActivityItem, Notification } from './realtime-objects-contract';
import { ProfileRestriction } from './settings-contract';

// ---------------------------------------------------------------------------------------------
// Profiles
// ---------------------------------------------------------------------------------------------

export const Profile = z.object({
  user_id: z.string(),
  display_name: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  website_url: z.string().nullable(),
  twitter_handle: z.string().nullable(),
  instagram_handle: z.string().nullable(),
  tiktok_handle: z.string().nullable(),
  spotify_url: z.string().nullable(),
  soundcloud_url: z.string().nullable(),
  cover_image_key: z.string().nullable(),
  profile_image_key: z.string().nullable(),
  verified: z.boolean(),
  is_admin: z.boolean(),
  is_owner: z.boolean(),
  user_role: z.string().nullable(),
  /**
   * The producer's voice tag ("Voice tag"): the key of their own short audio upload,
   * mixed into their previews every ~30 s. The file itself is private (never served publicly).
   */
  voice_tag_key: z.string().nullable(),
  created_at: z.string(),
  /**
   * The custom_profile_badge of the user's tier now (e.g. "PRO"), shown beside the name; null
   * or absent without one.
   */
  badge: z.string().nullish(),
  /** Sums over the user's beats. */
  total_plays: z.number().int(),
  total_downloads: z.number().int(),
});
export type Profile = z.infer<typeof Profile>;

export const FavoriteGenre = z.object({ genre: z.string(), count: z.number().int().min(1) });

/** How many beats recent_beats holds (three rows of the four-column grid). */
export const PROFILE_RECENT_BEATS = 12;
/** How many genres favorite_genres holds, most used first. */
export const PROFILE_FAVORITE_GENRES = 5;

/**
 * GET /api/users/{id}/profile. average_rating: mean rating over reviews of the user's beats,
 * null without any. favorite_genres: the genres of the user's uploads with their counts, most
 * used first. recent_beats: the newest uploads.
 */
export const ProfileResponse = z.object({
  profile: Profile,
  beats_count: z.number().int(),
  followers_count: z.number().int(),
  average_rating: z.number().nullable(),
  favorite_genres: z.array(FavoriteGenre),
  recent_beats: z.array(Beat),
  /**
   * Set when the viewer may see only the header (profileVisibility followers or private): the counts are
   * 0, average_rating null and the lists empty, and the profile's lists answer 403.
   */
  restricted: ProfileRestriction.nullable().default(null),
});
export type ProfileResponse = z.infer<typeof ProfileResponse>;

/** Trims a string; blank becomes null (clears the field). Other values pass to validation. */
const trimToNull = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

const optionalText = (max: number, label: string) =>
  z
    .preprocess(trimToNull, text().max(max, `${label} must be at most ${max} characters`).nullable())
    .optional();

const httpUrl = (label: string) =>
  z
    .preprocess(
      trimToNull,
      z
        .url({ protocol: /^https?$/, error: `${label} must be an http(s) URL` })
        .max(500, `${label} is too long`)
        .refine((url) => !url.includes('\u0000'), NUL_CHARACTER_ERROR)
        .nullable(),
    )
    .optional();

/**
 * Social handles: a leading @ is dropped, then 1 to 30 letters, digits, dots, underscores or
 * hyphens. Stricter than "no spaces" on purpose: the web app builds profile links from them.
 */
const handle = (label: string) =>
  z
    .preprocess(
      (value) => (typeof value === 'string' ? trimToNull(value.trim().replace(/^@+/, '')) : value),
      z
        .string()
        .max(30, `${label} must be at most 30 characters`)
        .regex(/^[A-Za-z0-9._-]+$/, `${label} may hold only letters, digits, . _ and - (no spaces)`)
        .nullable(),
    )
    .optional();

/** An upload key; the server also checks it is the caller's own image upload. */
const imageKey = z.preprocess(trimToNull, text().max(300).nullable()).optional();

/** Longest voice tag a profile takes: a tag is a short spoken or sung signature. */
export const VOICE_TAG_MAX_SECONDS = 15;

/**
 * PUT /api/profile. Every field is optional: a missing field keeps its value, null or a blank
 * string clears it. The response is the caller's ProfileResponse.
 */
export const ProfileUpdateBody = z.object({
  display_name: optionalText(60, 'Display name'),
  bio: optionalText(500, 'Bio'),
  location: optionalText(100, 'Location'),
  website_url: httpUrl('Website'),
  spotify_url: httpUrl('Spotify URL'),
  soundcloud_url: httpUrl('SoundCloud URL'),
  twitter_handle: handle('Twitter handle'),
  instagram_handle: handle('Instagram handle'),
  tiktok_handle: handle('TikTok handle'),
  user_role: z.preprocess(trimToNull, z.enum(MUSIC_ROLE_VALUES).nullable()).optional(),
  profile_image_key: imageKey,
  cover_image_key: imageKey,
  /**
   * Key of the caller's own audio upload (POST /api/upload/audio) of at most
   * VOICE_TAG_MAX_SECONDS; null clears it. New previews use it; existing ones keep theirs.
   */
  voice_tag_key: z
    .preprocess(
      trimToNull,
      z.string().regex(AUDIO_KEY_PATTERN, 'is not an audio file key from an upload').nullable(),
    )
    .optional(),
});
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBody>;

// ---------------------------------------------------------------------------------------------
// User lists
// ---------------------------------------------------------------------------------------------

export const PROFILE_BEAT_SORT_VALUES = ['newest', 'popular', 'downloads'] as const;

/** GET /api/users/{id}/beats?sort= → Beat[] (newest when absent). */
export const UserBeatsQuery = z.object({ sort: z.enum(PROFILE_BEAT_SORT_VALUES).default('newest') });
export const UserBeatsResponse = z.array(Beat);

/** GET /api/users/{id}/favorites → Beat[], most recently favorited first. */
export const UserFavoritesResponse = z.array(Beat);

/** A review the user wrote, as the profile's Reviews tab shows it. */
export const UserReview = z.object({
  id: z.string(),
  beat_id: z.string(),
  beat_title: z.string(),
  cover_image_key: z.string().nullable(),
  rating: z.number().int().min(1).max(5),
  review: z.string().nullable(),
  created_at: z.string(),
});
export type UserReview = z.infer<typeof UserReview>;
/** GET /api/users/{id}/reviews → UserReview[], newest first. */
export const UserReviewsResponse = z.array(UserReview);

/** GET /api/users/{id}/follow-status, and the answer of POST/DELETE /api/users/{id}/follow. */
export const FollowStatus = z.object({ isFollowing: z.boolean() });
export type FollowStatus = z.infer<typeof FollowStatus>;

// ---------------------------------------------------------------------------------------------
// Notifications
// ---------------------------------------------------------------------------------------------

export const NOTIFICATION_READ_FILTERS = ['all', 'read', 'unread'] as const;

/**
 * GET /api/notifications. The bell asks ?limit=10; the page asks ?page=N&limit=20 with the
 * read and type filters. page starts at 1; limit defaults to PAGE_SIZES.NOTIFICATIONS.
 */
export const NotificationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(PAGE_SIZES.NOTIFICATIONS),
  read: z.enum(NOTIFICATION_READ_FILTERS).default('all'),
  type: z.enum(NOTIFICATION_TYPES).optional(),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

/** Newest first. hasMore: another page exists after this one. */
export const NotificationListResponse = z.object({
  notifications: z.array(Notification),
  hasMore: z.boolean(),
});
export type NotificationListResponse = z.infer<typeof NotificationListResponse>;

/** GET /api/notifications/unread-count */
export const UnreadCountResponse = z.object({ count: z.number().int().min(0) });
export type UnreadCountResponse = z.infer<typeof UnreadCountResponse>;

/** PATCH /api/notifications/{id}/read and /read-all answer the new unread count. */
export const MarkReadResponse = z.object({ ok: z.literal(true), count: z.number().int().min(0) });
export type MarkReadResponse = z.infer<typeof MarkReadResponse>;

// ---------------------------------------------------------------------------------------------
// Activity and live stats
// ---------------------------------------------------------------------------------------------

/**
 * GET /api/activity. global: everyone's; following: people the caller follows; mine: the
 * caller's own. The original Following tab showed everything; this
 * endpoint filters for real, and a client wanting the old behaviour asks for global.
 */
export const ActivityQuery = z.object({
  scope: z.enum(['global', 'following', 'mine']).default('global'),
  limit: z.coerce.number().int().min(1).max(UI.ACTIVITY_FEED_MAX).default(UI.ACTIVITY_FEED_MAX),
  type: z.enum(ACTIVITY_TYPES).optional(),
});
export type ActivityQuery = z.infer<typeof ActivityQuery>;

export const ActivityListResponse = z.object({ activities: z.array(ActivityItem) });
export type ActivityListResponse = z.infer<typeof ActivityListResponse>;
