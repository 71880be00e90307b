import type pg from 'pg';
import { GENRES, KEYS, MOODS } from '../shared/src/catalogue-constants';
// The relevance catalogue's word lists: both catalogues skew the same way.
import {
  ADJECTIVES,
  NOUNS,
  PRODUCER_FIRST as FIRST,
  PRODUCER_LAST as LAST,
} from '../server/test/relevance-catalogue';

const list = (values: readonly string[]) =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;
const pick = (values: readonly string[]) => `(${list(values)})[1 + floor(random() * ${values.length})::int]`;

/** Beats per INSERT: the search index's statement trigger then works on 100,000 rows at a time. */
const CHUNK = 100_000;

/**
 * Fills an empty Beatroom database with `producers` producers and `beats` beats in a few
 * set-based statements (generate_series, 100,000 beats each, so a million loads in minutes),
 * with realistic skew: power-law plays, 20 % free, 2 % featured, a year of upload dates. The
 * word lists are constants, not user input. `onProgress` hears the beats loaded so far.
 */
export async function loadCatalogue(
  db: pg.Client,
  producers: number,
  beats: number,
  onProgress: (loaded: number) => void = () => {},
) {
  await db.query('SELECT setseed(0.42)');
  await db.query(`
    INSERT INTO users (issuer, sub, email, name)
    SELECT 'urn:beatroom:bench', 'p' || i, 'p' || i || '@bench.local', ${pick(FIRST)} || ' ' || ${pick(LAST)}
    FROM generate_series(1, ${producers}) AS i`);
  await db.query(`
    INSERT INTO profiles (user_id, display_name)
    SELECT id, name FROM users WHERE issuer = 'urn:beatroom:bench'`);
  for (let from = 1; from <= beats; from += CHUNK) {
    await insertBeats(db, producers, from, Math.min(beats, from + CHUNK - 1));
    onProgress(Math.min(beats, from + CHUNK - 1));
  }
  await db.query('VACUUM ANALYZE beats, beat_search_terms, beat_search_vocabulary');
}

async function insertBeats(db: pg.Client, producers: number, from: number, to: number) {
  await db.query(`
    WITH p AS (
      SELECT array_agg(id ORDER BY id) AS ids, array_agg(name ORDER BY id) AS names
      FROM users WHERE issuer = 'urn:beatroom:bench'
    ), rows AS (
      SELECT i, 1 + floor(random() * ${producers})::int AS who, random() AS r_price, random() AS r_plays
      FROM generate_series(${from}, ${to}) AS i
    )
    INSERT INTO beats (user_id, title, description, bpm, key_signature, genre, mood, price_cents, is_free,
      is_featured, promotion_type, audio_file_key, cover_image_key, duration_seconds, play_count,
      download_count, producer_name, created_at, preview_key, preview_status)
    SELECT p.ids[who],
      ${pick(ADJECTIVES)} || ' ' || ${pick(NOUNS)} || CASE WHEN random() < 0.3 THEN ' ' || (i % 100) ELSE '' END,
      CASE WHEN random() < 0.6 THEN 'A ' || lower(${pick(MOODS)}) || ' beat with ' || ${pick(['hard drums', 'warm keys', 'sliding 808s', 'dusty samples', 'lush pads', 'live guitar'])} ELSE NULL END,
      CASE WHEN random() < 0.95 THEN 60 + floor(random() * 141)::int ELSE NULL END,
      CASE WHEN random() < 0.9 THEN ${pick(KEYS)} ELSE NULL END,
      ${pick(GENRES)},
      CASE WHEN random() < 0.85 THEN ${pick(MOODS)} ELSE NULL END,
      CASE WHEN r_price < 0.2 THEN 0 ELSE 499 + floor(random() * 95)::int * 100 END,
      r_price < 0.2,
      random() < 0.02, NULL,
      'audio/' || gen_random_uuid() || '.mp3',
      'images/' || gen_random_uuid() || '.jpg',
      60 + floor(random() * 240)::int,
      floor(exp(r_plays * 10))::int,
      floor(exp(r_plays * 7) * random())::int,
      p.names[who],
      now() - random() * interval '365 days',
      -- Rendered beats, as a live catalogue holds them: start-up finds no preview work to queue.
      'previews/' || gen_random_uuid() || '.mp3', 'ready'
    FROM rows, p`);
}
