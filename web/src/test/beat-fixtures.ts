import type { SessionUser } from '@beatroom/shared/auth-contract';
import type { Beat, BeatDetail } from '@beatroom/shared/beats-contract';

/** A beat as the API answers it; ids are UUID-shaped like the server's. */
export function makeBeat(overrides: Partial<Beat> = {}): Beat {
  const id = overrides.id ?? '11111111-1111-4111-8111-111111111111';
  return {
    id,
    user_id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    title: 'Midnight Run',
    description: 'Dark keys and hard drums.',
    bpm: 140,
    key_signature: 'C#',
    genre: 'Trap',
    mood: 'Dark',
    price_cents: 2999,
    is_free: false,
    is_featured: false,
    promotion_type: null,
    audio_file_key: `audio/${id}.wav`,
    cover_image_key: null,
    duration_seconds: 125,
    play_count: 1500,
    download_count: 42,
    created_at: '2026-11-01T12:00:00.000Z',
    producer_name: 'Nova Beats',
    ...overrides,
  };
}

export function makeBeatDetail(overrides: Partial<BeatDetail> = {}): BeatDetail {
  return { ...makeBeat(overrides), peaks: overrides.peaks ?? [[-0.5, 0.5]] };
}

export const producer: SessionUser = {
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  email: 'nova@example.com',
  name: 'Nova Beats',
  picture: null,
  isAdmin: false,
  isOwner: false,
  role: 'user',
};

export const listener: SessionUser = {
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  email: 'fan@example.com',
  name: 'Fan Tastic',
  picture: null,
  isAdmin: false,
  isOwner: false,
  role: 'user',
};
