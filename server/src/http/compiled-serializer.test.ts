import { BeatList, type BeatCard } from '@beatroom/shared/beat-list-contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileListSerializer } from './compiled-serializer';

const card: BeatCard = {
  id: '00000000-0000-4000-8000-000000000001',
  user_id: '00000000-0000-4000-8000-0000000000aa',
  title: 'Say "hi" \\ to 𝄞 and\nnew lines\u2028',
  producer_name: 'DJ Nebula',
  genre: 'R&B',
  mood: null,
  bpm: 140,
  key_signature: 'C#',
  duration_seconds: null,
  price_cents: 2999,
  is_free: false,
  is_featured: true,
  cover_image_key: null,
  audio_file_key: 'previews/x.mp3',
  preview_status: 'ready',
  play_count: 0,
  download_count: 12,
};

describe('compileListSerializer', () => {
  const write = compileListSerializer(BeatList);

  it('writes what the contract parses, field for field and in the contract order', () => {
    const rows = [card, { ...card, id: 'b', mood: 'Dark' as const, bpm: null, is_free: true }];
    const json = write(rows);
    expect(JSON.parse(json)).toEqual(BeatList.parse(rows));
    expect(Object.keys(JSON.parse(json)[0])).toEqual(Object.keys(BeatList.element.shape));
    expect(write([])).toBe('[]');
  });

  it('leaves out fields the contract does not name (the cursor column, the master)', () => {
    const row = { ...card, created_at: new Date(), description: 'secret', preview_key: 'masters/m.wav' };
    expect(JSON.parse(write([row]))[0]).toEqual(card);
  });

  it('never writes invalid JSON, even for a value of the wrong type', () => {
    const odd = { ...card, bpm: Number.NaN, play_count: Infinity, title: 42 as unknown as string };
    expect(JSON.parse(write([odd]))[0]).toMatchObject({ bpm: null, play_count: null, title: '42' });
  });

  it('refuses, when the route is built, a contract it cannot write', () => {
    expect(() => compileListSerializer(z.object({ a: z.string() }))).toThrow(/array/);
    expect(() => compileListSerializer(z.array(z.object({ tags: z.array(z.string()) })))).toThrow(/tags/);
  });
});
