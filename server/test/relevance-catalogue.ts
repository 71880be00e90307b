import { GENRES, KEYS, MOODS } from '@beatroom/shared/catalogue-constants';
import { beatId, random as generator } from './fixed-catalogue';

/**
 * The catalogue search quality is measured on: 10,000 beats by 200 producers, the same on
 * every run and on PGlite and PostgreSQL alike, with the bench's word lists and their skew, so
 * broad words match thousands of beats (as in a live catalogue) and the shortcuts a fast search
 * takes have something to get wrong. Written with plain SQL so the bench can load it too.
 * Beat n has the id `relevanceBeatId(n)`; rankings are recorded as beat numbers.
 */
export const RELEVANCE_BEATS = 10_000;
const PRODUCERS = 200;
const BASE_TIME = Date.parse('2026-06-01T12:00:00.000Z');

export const ADJECTIVES = [
  'Midnight',
  'Golden',
  'Neon',
  'Silent',
  'Broken',
  'Electric',
  'Velvet',
  'Frozen',
  'Savage',
  'Lunar',
  'Crimson',
  'Hollow',
  'Lucid',
  'Wicked',
  'Cosmic',
  'Faded',
  'Royal',
  'Toxic',
  'Sunset',
  'Diamond',
];
export const NOUNS = [
  'Dreams',
  'Trap',
  'Drive',
  'Rain',
  'Fire',
  'Waves',
  'City',
  'Heart',
  'Ghost',
  'Paradise',
  'Empire',
  'Shadows',
  'Echoes',
  'Skyline',
  'Voodoo',
  'Money',
  'Lights',
  'Riot',
  'Bounce',
  'Horizon',
];
export const PRODUCER_FIRST = [
  'Nova',
  'Kairo',
  'Lena',
  'Sol',
  'Metro',
  'Zay',
  'Luca',
  'Mira',
  'Dex',
  'Rico',
  'Yuki',
  'Omar',
  'Ivy',
  'Jax',
  'Tino',
];
export const PRODUCER_LAST = [
  'Beats',
  'Keys',
  'Loops',
  'Rhythm',
  'Sound',
  'Wave',
  'Made It',
  'On The Track',
  'Music',
  'Audio',
];
export const TEXTURES = [
  'hard drums',
  'warm keys',
  'sliding 808s',
  'dusty samples',
  'lush pads',
  'live guitar',
];

/** Beat n (1-based) has the id the fixed catalogue gives it; the order of ids is the order of n. */
export { beatId as relevanceBeatId, beatNumber as relevanceBeatNumber } from './fixed-catalogue';

function producerId(n: number): string {
  return `00000000-0000-4000-9000-${n.toString(16).padStart(12, '0')}`;
}

/** Anything that runs SQL with $n parameters: a pg client, a PGlite or PostgreSQL session. */
export interface SqlRunner {
  query(text: string, values?: unknown[]): Promise<unknown>;
}

const BATCH = 2_000;

/** Loads the producers and beats into an empty database; the search index follows by trigger. */
export async function loadRelevanceCatalogue(db: SqlRunner): Promise<void> {
  const r = generator(20261129);
  const pick = <T>(values: readonly T[]) => values[Math.floor(r() * values.length)]!;
  const names = Array.from({ length: PRODUCERS }, () => `${pick(PRODUCER_FIRST)} ${pick(PRODUCER_LAST)}`);
  const ids = names.map((_, i) => producerId(i + 1));
  await db.query(
    `INSERT INTO users (id, issuer, sub, email, name)
     SELECT u.id, 'urn:beatroom:relevance', u.id::text, u.id::text || '@relevance.test', u.name
     FROM unnest($1::uuid[], $2::text[]) AS u(id, name)`,
    [ids, names],
  );
  await db.query(
    `INSERT INTO profiles (user_id, display_name) SELECT u.id, u.name FROM unnest($1::uuid[], $2::text[]) AS u(id, name)`,
    [ids, names],
  );
  for (let from = 1; from <= RELEVANCE_BEATS; from += BATCH) {
    const rows: unknown[][] = Array.from({ length: 14 }, () => []);
    for (let n = from; n < from + BATCH && n <= RELEVANCE_BEATS; n++) {
      const producer = Math.floor(r() * PRODUCERS);
      const mood = r() < 0.85 ? pick(MOODS) : null;
      const free = r() < 0.2;
      const values = [
        beatId(n),
        ids[producer],
        `${pick(ADJECTIVES)} ${pick(NOUNS)}${r() < 0.3 ? ` ${n % 100}` : ''}`,
        r() < 0.6 ? `A ${(mood ?? pick(MOODS)).toLowerCase()} beat with ${pick(TEXTURES)}` : null,
        r() < 0.95 ? 60 + Math.floor(r() * 141) : null,
        r() < 0.9 ? pick(KEYS) : null,
        pick(GENRES),
        mood,
        free ? 0 : 499 + Math.floor(r() * 95) * 100,
        r() < 0.02,
        Math.floor(Math.exp(r() * 10)),
        Math.floor(Math.exp(r() * 7) * r()),
        names[producer],
        // Every fifth beat shares its upload time with the one before: ties for the order.
        new Date(BASE_TIME - (n - (n % 5 === 0 ? 1 : 0)) * 600_000).toISOString(),
      ];
      values.forEach((v, i) => rows[i]!.push(v));
    }
    await db.query(
      `INSERT INTO beats (id, user_id, title, description, bpm, key_signature, genre, mood, price_cents,
         is_free, is_featured, play_count, download_count, producer_name, created_at,
         audio_file_key, duration_seconds, preview_key, preview_status)
       SELECT b.id, b.user_id, b.title, b.description, b.bpm, b.key_signature, b.genre, b.mood,
         b.price_cents, b.price_cents = 0, b.is_featured, b.play_count, b.download_count,
         b.producer_name, b.created_at, 'audio/relevance-' || b.id || '.mp3', 180,
         'previews/relevance-' || b.id || '.mp3', 'ready'
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[],
         $8::text[], $9::int[], $10::boolean[], $11::int[], $12::int[], $13::text[], $14::timestamptz[])
         AS b(id, user_id, title, description, bpm, key_signature, genre, mood, price_cents,
           is_featured, play_count, download_count, producer_name, created_at)`,
      rows,
    );
  }
  await db.query('ANALYZE');
}
