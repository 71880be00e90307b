import { SessionUser } from '@beatroom/shared/auth-contract';
import {
  BeatAnalytics,
  BeatReview,
  BeatReviewsResponse,
  PublicRecording,
} from '@beatroom/shared/beat-social-contract';
import { Beat, BeatDetail } from '@beatroom/shared/beats-contract';
import { ProfileResponse, UserReview } from '@beatroom/shared/community-contract';
import { fileUrl } from '@beatroom/shared/files-contract';
import { ActivityItem, Analytics, LiveStats, Notification } from '@beatroom/shared/realtime-objects-contract';

// What the API answers, built for tests and parsed by the shared contracts the server answers
// with: a stub that drifts from the server (a renamed field, a wrong type, a missing value)
// fails here, not in production. Ids are UUID-shaped like the server's.

let sequence = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const nextId = () => uuid((sequence += 1));

const PRODUCER_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

// ---------------------------------------------------------------------------------------------
// People
// ---------------------------------------------------------------------------------------------

/** A signed-in user as GET /api/users/me answers. */
export function makeSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return SessionUser.parse({
    id: nextId(),
    email: 'member@example.com',
    name: 'Member',
    picture: null,
    isAdmin: false,
    isOwner: false,
    role: 'user',
    ...overrides,
  });
}

/** The producer of makeBeat()'s beats. */
export const producer = makeSessionUser({ id: PRODUCER_ID, email: 'nova@example.com', name: 'Nova Beats' });
/** A member with no beats. */
export const listener = makeSessionUser({
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  email: 'fan@example.com',
  name: 'Fan Tastic',
});
/** A member with no special rights, for the sign-in and session tests. */
export const ada = makeSessionUser({ id: 'user-ada-0001', email: 'ada@example.com', name: 'Ada' });

// ---------------------------------------------------------------------------------------------
// Beats
// ---------------------------------------------------------------------------------------------

/** A beat as every beat route answers it; its preview is ready unless it has no audio key. */
export function makeBeat(overrides: Partial<Beat> = {}): Beat {
  const id = overrides.id ?? '11111111-1111-4111-8111-111111111111';
  // The preview the server rendered: the master is never named to anyone.
  const audioKey = overrides.audio_file_key === undefined ? `previews/${id}.mp3` : overrides.audio_file_key;
  return Beat.parse({
    id,
    user_id: PRODUCER_ID,
    title: 'Midnight Run',
    description: 'Dark keys and hard drums.',
    bpm: 140,
    key_signature: 'C#',
    genre: 'Trap',
    mood: 'Dark',
    price_cents: 2999,
    // Listed in USD at its price unless told otherwise.
    list_price_cents: overrides.price_cents ?? 2999,
    list_currency: 'USD',
    // Every licence on offer at its default price: the cheapest is the Basic, the base price.
    license_offers: {},
    lowest_price_cents: overrides.is_free ? 0 : (overrides.price_cents ?? 2999),
    is_free: false,
    is_featured: false,
    promotion_type: null,
    audio_file_key: audioKey,
    cover_image_key: null,
    duration_seconds: 125,
    play_count: 1500,
    download_count: 42,
    created_at: '2026-11-01T12:00:00.000Z',
    producer_name: 'Nova Beats',
    preview_url: audioKey ? fileUrl(audioKey) : null,
    preview_status: audioKey ? 'ready' : 'pending',
    sold_exclusively: false,
    ...overrides,
  });
}

/** GET /api/beats/{id}: the beat with its waveform peaks. */
export function makeBeatDetail(overrides: Partial<BeatDetail> = {}): BeatDetail {
  return BeatDetail.parse({ ...makeBeat(overrides), peaks: overrides.peaks ?? [[-0.5, 0.5]] });
}

/** GET /api/beats/{id}/analytics (owner only). */
export function makeBeatAnalytics(overrides: Partial<BeatAnalytics> = {}): BeatAnalytics {
  return BeatAnalytics.parse({
    favorites_count: 0,
    average_rating: 0,
    total_reviews: 0,
    play_count: 0,
    download_count: 0,
    ...overrides,
  });
}

export function makeBeatReview(overrides: Partial<BeatReview> = {}): BeatReview {
  return BeatReview.parse({
    id: nextId(),
    user_id: listener.id,
    rating: 5,
    review: 'Instant classic.',
    created_at: new Date(Date.now() - 3 * 60_000).toISOString(),
    reviewer_name: 'Fan Tastic',
    reviewer_avatar: null,
    ...overrides,
  });
}

/** GET /api/beats/{id}/reviews: a page of reviews with the beat's summary. */
export function makeBeatReviews(overrides: Partial<BeatReviewsResponse> = {}): BeatReviewsResponse {
  return BeatReviewsResponse.parse({ averageRating: 0, totalRatings: 0, reviews: [], ...overrides });
}

export function makePublicRecording(overrides: Partial<PublicRecording> = {}): PublicRecording {
  return PublicRecording.parse({
    id: nextId(),
    user_id: listener.id,
    recording_name: 'Late Night Take',
    file_key: `recordings/${uuid(999)}.webm`,
    vocalist_name: 'Fan Tastic',
    vocalist_avatar: null,
    play_count: 3,
    created_at: new Date(Date.now() - 60 * 60_000).toISOString(),
    duration_seconds: 12.5,
    audio_url: '/api/recordings/recording-1/audio',
    ...overrides,
  });
}

// ---------------------------------------------------------------------------------------------
// Profiles
// ---------------------------------------------------------------------------------------------

/** GET /api/users/{id}/profile; `profile` overrides merge into the profile's own fields. */
export function makeProfile(
  userId: string,
  overrides: Partial<Omit<ProfileResponse, 'profile'>> & {
    profile?: Partial<ProfileResponse['profile']>;
  } = {},
): ProfileResponse {
  const { profile, ...rest } = overrides;
  return ProfileResponse.parse({
    profile: {
      user_id: userId,
      display_name: 'Nova Beats',
      bio: 'Trap and drill from Berlin.',
      location: 'Berlin, Germany',
      website_url: 'https://nova.example.com',
      twitter_handle: 'novabeats',
      instagram_handle: null,
      tiktok_handle: 'nova.beats',
      spotify_url: null,
      soundcloud_url: null,
      cover_image_key: null,
      profile_image_key: null,
      verified: true,
      is_admin: false,
      is_owner: false,
      user_role: 'producer',
      voice_tag_key: null,
      created_at: '2026-03-15T10:00:00.000Z',
      total_plays: 15_300,
      total_downloads: 420,
      ...profile,
    },
    beats_count: 1,
    followers_count: 41,
    average_rating: 4.25,
    favorite_genres: [{ genre: 'Trap', count: 3 }],
    recent_beats: [makeBeat({ user_id: userId })],
    ...rest,
  });
}

/** One review on a profile's Reviews tab (GET /api/users/{id}/reviews). */
export function makeUserReview(overrides: Partial<UserReview> = {}): UserReview {
  return UserReview.parse({
    id: nextId(),
    beat_id: makeBeat().id,
    beat_title: 'Midnight Run',
    cover_image_key: null,
    rating: 4,
    review: 'Hard drums.',
    created_at: '2026-11-02T12:00:00.000Z',
    ...overrides,
  });
}

// ---------------------------------------------------------------------------------------------
// Community and realtime
// ---------------------------------------------------------------------------------------------

export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return Notification.parse({
    id: nextId(),
    type: 'new_follower',
    title: 'New follower',
    message: 'Nova Beats started following you',
    read_at: null,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    data: { followerId: PRODUCER_ID },
    ...overrides,
  });
}

export function makeActivity(overrides: Partial<ActivityItem> = {}): ActivityItem {
  return ActivityItem.parse({
    id: nextId(),
    type: 'beat_uploaded',
    userId: PRODUCER_ID,
    userName: 'Nova Beats',
    userAvatar: null,
    targetId: makeBeat().id,
    targetName: 'Midnight Run',
    timestamp: new Date(Date.now() - 2 * 60_000).toISOString(),
    metadata: {},
    ...overrides,
  });
}

/** A producer's numbers (GET /api/users/{id}/analytics, realtime stats_updated). */
export function makeAnalytics(overrides: Partial<Analytics> = {}): Analytics {
  return Analytics.parse({
    totalPlays: 0,
    totalDownloads: 0,
    totalBeats: 0,
    totalFollowers: 0,
    totalRevenue: 0,
    averageRating: null,
    growthRate: 0,
    recentPlays: 0,
    recentDownloads: 0,
    lastUpdated: new Date().toISOString(),
    ...overrides,
  });
}

/** GET /api/live/stats */
export function makeLiveStats(overrides: Partial<LiveStats> = {}): LiveStats {
  return LiveStats.parse({
    connectedUsers: 0,
    activeSessions: 0,
    totalPlaying: 0,
    totalListening: 0,
    recentActivities: 0,
    ...overrides,
  });
}
