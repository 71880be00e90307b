import type { ProfileBeat, ProfileResponse } from '@beatroom/shared/community-contract';
import type { ActivityItem, Notification } from '@beatroom/shared/realtime-contract';
import { makeBeat } from './beat-fixtures';

let sequence = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  sequence += 1;
  return {
    id: uuid(sequence),
    type: 'new_follower',
    title: 'New follower',
    message: 'Nova Beats started following you',
    read_at: null,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    data: { followerId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa' },
    ...overrides,
  };
}

export function makeActivity(overrides: Partial<ActivityItem> = {}): ActivityItem {
  sequence += 1;
  return {
    id: uuid(sequence),
    type: 'beat_uploaded',
    userId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    userName: 'Nova Beats',
    userAvatar: null,
    targetId: '11111111-1111-4111-8111-111111111111',
    targetName: 'Midnight Run',
    timestamp: new Date(Date.now() - 2 * 60_000).toISOString(),
    metadata: {},
    ...overrides,
  };
}

export function makeProfileBeat(overrides: Partial<ProfileBeat> = {}): ProfileBeat {
  return { ...makeBeat(), ...overrides };
}

export function makeProfile(
  userId: string,
  overrides: Partial<Omit<ProfileResponse, 'profile'>> & {
    profile?: Partial<ProfileResponse['profile']>;
  } = {},
): ProfileResponse {
  const { profile, ...rest } = overrides;
  return {
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
      created_at: '2026-03-15T10:00:00.000Z',
      total_plays: 15_300,
      total_downloads: 420,
      ...profile,
    },
    beats_count: 1,
    followers_count: 41,
    average_rating: 4.25,
    favorite_genres: [{ genre: 'Trap', count: 3 }],
    recent_beats: [makeProfileBeat({ user_id: userId })],
    ...rest,
  };
}
