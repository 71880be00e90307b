// HTTP contract of a producer's own beats with their numbers: the "My beats" dashboard
// (/dashboard). Always the signed-in user's own beats; nobody else's are ever listed.
import { z } from 'zod';
import { CURRENCIES } from './money-constants';

/**
 * Where a beat stands for its producer: `processing` while its preview is being made, `failed`
 * when the audio could not be rendered, `live` when it plays and sells, `sold_exclusive` once an
 * exclusive licence was sold (it left browse and search).
 */
export const MY_BEAT_STATUSES = ['processing', 'failed', 'live', 'sold_exclusive'] as const;
export type MyBeatStatus = (typeof MY_BEAT_STATUSES)[number];

/** The columns the table sorts by. */
export const MY_BEATS_SORTS = ['newest', 'title', 'plays', 'downloads', 'sales', 'revenue'] as const;
export type MyBeatsSort = (typeof MY_BEATS_SORTS)[number];

/** GET /api/me/beats?sort=&order=: newest first by default; 400 for any other value. */
export const MyBeatsQuery = z.strictObject({
  sort: z
    .enum(MY_BEATS_SORTS, { error: `sort must be one of ${MY_BEATS_SORTS.join(', ')}` })
    .default('newest'),
  order: z.enum(['asc', 'desc'], { error: "order must be 'asc' or 'desc'" }).default('desc'),
});
export type MyBeatsQuery = z.input<typeof MyBeatsQuery>;

/** A paid promotion running now: what it is and when it ends (ISO 8601). */
export const MyBeatPromotion = z.object({
  type: z.string(),
  ends_at: z.string(),
});
export type MyBeatPromotion = z.infer<typeof MyBeatPromotion>;

/** One row of the table. Sales count the sales ledger's entries; revenue is their gross, USD cents. */
export const MyBeat = z.object({
  id: z.string(),
  title: z.string(),
  cover_image_key: z.string().nullable(),
  price_cents: z.number().int(),
  /** The price as the producer typed it, in list_currency (see the Beat contract). */
  list_price_cents: z.number().int(),
  list_currency: z.enum(CURRENCIES),
  is_free: z.boolean(),
  created_at: z.string(),
  status: z.enum(MY_BEAT_STATUSES),
  plays: z.number().int(),
  downloads: z.number().int(),
  sales: z.number().int(),
  revenue_cents: z.number().int(),
  /** The promotion running now, or null. */
  promotion: MyBeatPromotion.nullable(),
});
export type MyBeat = z.infer<typeof MyBeat>;

/** The sums over every listed beat, shown above the table. */
export const MyBeatsTotals = z.object({
  beats: z.number().int(),
  plays: z.number().int(),
  downloads: z.number().int(),
  sales: z.number().int(),
  revenue_cents: z.number().int(),
  promoted: z.number().int(),
});
export type MyBeatsTotals = z.infer<typeof MyBeatsTotals>;

export const MyBeatsResponse = z.object({
  currency: z.literal('USD'),
  totals: MyBeatsTotals,
  beats: z.array(MyBeat),
});
export type MyBeatsResponse = z.infer<typeof MyBeatsResponse>;
