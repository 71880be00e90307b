import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CreateDesktopSessionBody, CreateSessionBody } from './auth-contract';
import { BeatListQuery } from './beat-list-contract';
import { RateBeatBody } from './beat-social-contract';
import { CreateBeatBody, EditBeatBody } from './beats-contract';
import { ProfileUpdateBody } from './community-contract';
import { ClientSubscriptionMessage } from './realtime-contract';
import { NUL_CHARACTER_ERROR, text } from './text-fields';

const AUDIO = 'audio/0b7c4ae8-8a1e-4f55-9a43-5d0f1c1c2b3a.mp3';
const IMAGE = 'images/0b7c4ae8-8a1e-4f55-9a43-5d0f1c1c2b3a.jpg';
const VERIFIER = 'a'.repeat(43);

/** Every free-text field a person or a URL sends, with a body that is valid without the NUL. */
const FIELDS: [string, string, z.ZodType, Record<string, unknown>, string][] = [
  ['GET /api/beats', 'search', BeatListQuery, {}, 'trap'],
  ['POST /api/beats', 'title', CreateBeatBody, { genre: 'Trap', audio_file_key: AUDIO }, 'Night'],
  [
    'POST /api/beats',
    'description',
    CreateBeatBody,
    { title: 'N', genre: 'Trap', audio_file_key: AUDIO },
    'Dark',
  ],
  ['PUT /api/beats/{id}/edit', 'title', EditBeatBody, {}, 'Night'],
  ['PUT /api/beats/{id}/edit', 'description', EditBeatBody, {}, 'Dark'],
  ['POST /api/beats/{id}/rate', 'review', RateBeatBody, { rating: 4 }, 'Nice'],
  ['PUT /api/profile', 'display_name', ProfileUpdateBody, {}, 'Nova'],
  ['PUT /api/profile', 'bio', ProfileUpdateBody, {}, 'Trap from Berlin'],
  ['PUT /api/profile', 'location', ProfileUpdateBody, {}, 'Berlin'],
  ['PUT /api/profile', 'website_url', ProfileUpdateBody, {}, 'https://nova.example.com/a'],
  ['PUT /api/profile', 'spotify_url', ProfileUpdateBody, {}, 'https://open.spotify.com/a'],
  ['PUT /api/profile', 'soundcloud_url', ProfileUpdateBody, {}, 'https://soundcloud.com/a'],
  ['PUT /api/profile', 'profile_image_key', ProfileUpdateBody, {}, IMAGE],
  ['PUT /api/profile', 'cover_image_key', ProfileUpdateBody, {}, IMAGE],
  ['POST /api/sessions', 'code', CreateSessionBody, { state: 's' }, 'c'],
  ['POST /api/sessions', 'state', CreateSessionBody, { code: 'c' }, 's'],
  ['POST /api/sessions/desktop', 'handoff', CreateDesktopSessionBody, { verifier: VERIFIER }, 'h'],
];

describe('the NUL character in free text', () => {
  it.each(FIELDS)('%s accepts %s without a NUL', (_route, field, schema, base, value) => {
    expect(schema.safeParse({ ...base, [field]: value }).success).toBe(true);
  });

  it.each(FIELDS)('%s refuses a NUL in %s with a readable error', (_route, field, schema, base, value) => {
    for (const withNul of [
      `${value}\u0000`,
      `\u0000${value}`,
      `${value.slice(0, 1)}\u0000${value.slice(1)}`,
    ]) {
      const result = schema.safeParse({ ...base, [field]: withNul });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual([
        field,
        NUL_CHARACTER_ERROR,
      ]);
    }
  });

  it('refuses it in a realtime subscription channel', () => {
    const message = { type: 'notification', data: { type: 'subscribe', channel: 'beats\u0000' } };
    expect(ClientSubscriptionMessage.safeParse(message).success).toBe(false);
  });

  it('keeps every other character, and the checks that follow it', () => {
    const title = text().trim().max(5, 'too long');
    expect(title.parse('  é\u0001\t✓ ')).toBe('é\u0001\t✓');
    expect(title.safeParse('abcdef').error?.issues[0]?.message).toBe('too long');
    expect(NUL_CHARACTER_ERROR).toBe('must not contain the NUL character (\\u0000)');
  });
});
