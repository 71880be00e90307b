// HTTP contract of browsing and searching the catalogue: GET /api/beats.
import { z } from 'zod';
import { BEAT_SORT_VALUES, GENRES, KEYS, MOODS } from './catalogue-constants';
import { Beat } from './beats-contract';
import { LIMITS } from './limits';
import { blankToUndefined, text } from './text-fields';

function intParam(min: number, max: number) {
  return z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a number' })
      .int(`must be a whole number between ${min} and ${max}`)
      .min(min, `must be a whole number between ${min} and ${max}`)
      .max(max, `must be a whole number between ${min} and ${max}`)
      .optional(),
  );
}

/** `true`/`1` turns a flag filter on; `false`/`0` or absent leaves it off (not "only the others"). */
const flagParam = z.preprocess(
  blankToUndefined,
  z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
);

function choiceParam<T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    blankToUndefined,
    z.enum(values, { error: `must be one of: ${values.join(', ')}` }).optional(),
  );
}

/**
 * GET /api/beats query. Every parameter is optional; an invalid value is a
 * 400 whose error names the parameter ("bpm_min: must be a whole number between 60 and 200").
 * `key` holds `#` (C#), so encode values with URLSearchParams. `search` matches title,
 * description, genre, mood and producer name, partial words included, best matches first
 * (then `sort` breaks ties). The answer is a plain array; a page shorter than `limit` is the
 * last one (there is deliberately no total count).
 */
export const BeatListQuery = z
  .object({
    search: z.preprocess(
      blankToUndefined,
      text().trim().max(100, 'must be at most 100 characters').optional(),
    ),
    genre: choiceParam(GENRES),
    key: choiceParam(KEYS),
    mood: choiceParam(MOODS),
    bpm_min: intParam(LIMITS.BPM_MIN, LIMITS.BPM_MAX),
    bpm_max: intParam(LIMITS.BPM_MIN, LIMITS.BPM_MAX),
    price_min: intParam(0, LIMITS.PRICE_MAX_CENTS),
    price_max: intParam(0, LIMITS.PRICE_MAX_CENTS),
    duration_min: intParam(0, LIMITS.DURATION_FILTER_MAX_SECONDS),
    duration_max: intParam(0, LIMITS.DURATION_FILTER_MAX_SECONDS),
    featured: flagParam,
    free: flagParam,
    sort: z.preprocess(
      blankToUndefined,
      z.enum(BEAT_SORT_VALUES, { error: `must be one of: ${BEAT_SORT_VALUES.join(', ')}` }).default('newest'),
    ),
    limit: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'must be a number' })
        .int(`must be a whole number between 1 and ${LIMITS.BEAT_LIST_MAX_LIMIT}`)
        .min(1, `must be a whole number between 1 and ${LIMITS.BEAT_LIST_MAX_LIMIT}`)
        .max(LIMITS.BEAT_LIST_MAX_LIMIT, `must be a whole number between 1 and ${LIMITS.BEAT_LIST_MAX_LIMIT}`)
        .default(LIMITS.BEAT_LIST_DEFAULT_LIMIT),
    ),
    offset: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'must be a number' })
        .int('must be a whole number between 0 and 100000')
        .min(0, 'must be a whole number between 0 and 100000')
        .max(100_000, 'must be a whole number between 0 and 100000')
        .default(0),
    ),
    /**
     * Keyset paging: the `X-Next-Cursor` header of the page before. It continues the same
     * filters and sort after that page's last beat, so beats added in the meantime neither
     * repeat nor shift beats out of the next page (offset still works). Not with `search`.
     */
    cursor: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,200}$/, 'is not a cursor of this list')
        .optional(),
    ),
  })
  .superRefine((q, ctx) => {
    for (const [min, max] of [
      ['bpm_min', 'bpm_max'],
      ['price_min', 'price_max'],
      ['duration_min', 'duration_max'],
    ] as const) {
      const low = q[min];
      const high = q[max];
      if (low !== undefined && high !== undefined && low > high) {
        ctx.addIssue({ code: 'custom', path: [max], message: `must not be below ${min}` });
      }
    }
    if (q.cursor !== undefined && q.search !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['cursor'],
        message: 'cannot be used with search (page by offset)',
      });
    }
  });
/** The parsed query (numbers and booleans), as the server sees it. */
export type BeatListQuery = z.output<typeof BeatListQuery>;
/** What a client may put in the URL: every field optional, numbers as numbers or strings. */
export type BeatListQueryInput = Partial<Record<keyof BeatListQuery, string | number | boolean>>;

/**
 * A beat as the lists show it: what a card, a track-list row, the player's queue and the price
 * button use, and no more (a 48-beat page of full beats is 27 KB of JSON; the description and
 * the rest are for the beat page, GET /api/beats/{id}). A full Beat is a BeatCard too, so the
 * same cards show profile lists of full beats. The fields in the order the database writes
 * them: those stored with the beat (beats.card_head) first, then those that change on their own.
 */
export const BeatCard = Beat.pick({
  id: true,
  user_id: true,
  title: true,
  producer_name: true,
  genre: true,
  mood: true,
  bpm: true,
  key_signature: true,
  duration_seconds: true,
  price_cents: true,
  is_free: true,
  cover_image_key: true,
  audio_file_key: true,
  preview_status: true,
  is_featured: true,
  play_count: true,
  download_count: true,
  list_price_cents: true,
  list_currency: true,
  lowest_price_cents: true,
});
export type BeatCard = z.infer<typeof BeatCard>;

/**
 * GET /api/beats answers a JSON array of beats as cards. When the page is full
 * and more may follow, the `X-Next-Cursor` header holds the cursor of the next page.
 */
export const BeatList = z.array(BeatCard);
export type BeatList = z.infer<typeof BeatList>;

/** The response header carrying the next page's cursor. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
