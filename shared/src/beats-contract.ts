// HTTP contract of a beat: the beat every route
// answers, its waveform, and the create and edit bodies. The server validates with these schemas
// and the web app imports the same ones, so both ends agree on every field. Beat fields are
// snake_case, as the API has always named them.
import { z } from 'zod';
import { GENRES, KEYS, MOODS } from './catalogue-constants';
import { AudioFileKey, ImageFileKey } from './files-contract';
import { LIMITS } from './limits';
import { LicenseOffers } from './license-offers-contract';
import { usdCentsOf } from './list-price';
import { CURRENCIES, type Currency } from './money-constants';
import { blankToNull, emptyToNull, text } from './text-fields';

/**
 * Where a beat's streaming preview stands: made by the server in the background after upload.
 * Until it is `ready` the beat shows "Processing" and does not play; `failed` means
 * the audio could not be rendered.
 */
export const PREVIEW_STATUSES = ['pending', 'ready', 'failed'] as const;
export type PreviewStatus = (typeof PREVIEW_STATUSES)[number];

/**
 * A beat as every beat route answers it: exactly the beat's stored fields plus
 * producer_name (the producer's display name, else their account name, else "Producer
 * <first 8 characters of their id>") and its preview. Prices are USD cents; created_at is an
 * ISO 8601 string.
 *
 * The master (the upload that is for sale) is never named here, to anyone: `audio_file_key` is
 * the key of the preview, the MP3 the player streams, null until the preview is ready.
 */
export const Beat = z.object({
  id: z.string(),
  user_id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  bpm: z.number().int().nullable(),
  key_signature: z.enum(KEYS).nullable(),
  genre: z.enum(GENRES),
  mood: z.enum(MOODS).nullable(),
  price_cents: z.number().int(),
  /**
   * The price exactly as its producer entered it, in list_currency: shown as it is to anyone
   * using that currency (price_cents is its USD worth, converted once).
   */
  list_price_cents: z.number().int(),
  list_currency: z.enum(CURRENCIES),
  /** The producer's per-licence prices and switches (license-offers-contract.ts); {} = defaults. */
  license_offers: LicenseOffers,
  /**
   * The cheapest licence on offer, in USD cents (0 for a free beat): what "From $X" shows and
   * the catalogue's price filters and sorts use.
   */
  lowest_price_cents: z.number().int(),
  is_free: z.boolean(),
  is_featured: z.boolean(),
  promotion_type: z.string().nullable(),
  audio_file_key: z.string().nullable(),
  cover_image_key: z.string().nullable(),
  duration_seconds: z.number().int().nullable(),
  play_count: z.number().int(),
  download_count: z.number().int(),
  created_at: z.string(),
  producer_name: z.string(),
  /** `/api/files/<preview key>`: MP3 128 kb/s, voice-tagged when the producer has a tag. */
  preview_url: z.string().nullable(),
  preview_status: z.enum(PREVIEW_STATUSES),
  /**
   * Sold under an exclusive licence: gone from browse and search; its page stays for the
   * buyer and the producer and tells everyone else "Sold exclusively".
   */
  sold_exclusively: z.boolean(),
});
export type Beat = z.infer<typeof Beat>;

/**
 * Waveform peaks computed on the server from the decoded audio: about 1000 `[min, max]` pairs
 * in -1..1, evenly spread over the track, to draw the seek bar. Short tracks may have fewer.
 */
export const WaveformPeaks = z.array(z.tuple([z.number(), z.number()]));
export type WaveformPeaks = z.infer<typeof WaveformPeaks>;

/** GET /api/beats/{id}: the beat plus its waveform (null while unknown). 404 "Beat not found". */
export const BeatDetail = Beat.extend({ peaks: WaveformPeaks.nullable() });
export type BeatDetail = z.infer<typeof BeatDetail>;

/**
 * GET /api/beats/{id}/waveform: the waveform alone, for the player bar that only holds list
 * beats. Cacheable: it only changes if the beat's audio does.
 */
export const BeatWaveform = z.object({
  peaks: WaveformPeaks.nullable(),
  duration_seconds: z.number().int().nullable(),
});
export type BeatWaveform = z.infer<typeof BeatWaveform>;

/** The message of every 404 about a beat, shown verbatim by the UI. */
export const BEAT_NOT_FOUND = 'Beat not found';

// ---------------------------------------------------------------------------------------------
// Create and edit
// ---------------------------------------------------------------------------------------------

const Title = text({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(LIMITS.TITLE_MAX, `must be at most ${LIMITS.TITLE_MAX} characters`);
/** Description: free text, trimmed; empty means none; at most LIMITS.DESCRIPTION_MAX characters. */
const Description = z.preprocess(
  blankToNull,
  text()
    .trim()
    .max(LIMITS.DESCRIPTION_MAX, `must be at most ${LIMITS.DESCRIPTION_MAX} characters`)
    .nullable(),
);
const Bpm = z.preprocess(
  emptyToNull,
  z
    .number({ error: `must be a whole number between ${LIMITS.BPM_MIN} and ${LIMITS.BPM_MAX}, or null` })
    .int(`must be a whole number between ${LIMITS.BPM_MIN} and ${LIMITS.BPM_MAX}`)
    .min(LIMITS.BPM_MIN, `must be a whole number between ${LIMITS.BPM_MIN} and ${LIMITS.BPM_MAX}`)
    .max(LIMITS.BPM_MAX, `must be a whole number between ${LIMITS.BPM_MIN} and ${LIMITS.BPM_MAX}`)
    .nullable(),
);
/** USD cents, 0 to LIMITS.PRICE_MAX_CENTS; forms convert the user's currency and clamp. */
const PriceCents = z
  .number({ error: 'must be a whole number of cents' })
  .int('must be a whole number of cents')
  .min(0, `must be between 0 and ${LIMITS.PRICE_MAX_CENTS} cents`)
  .max(LIMITS.PRICE_MAX_CENTS, `must be between 0 and ${LIMITS.PRICE_MAX_CENTS} cents`);
const KeySignature = z.preprocess(
  emptyToNull,
  z.enum(KEYS, { error: 'is not a key of the list' }).nullable(),
);
const Mood = z.preprocess(emptyToNull, z.enum(MOODS, { error: 'is not a mood of the list' }).nullable());
const Genre = z.enum(GENRES, { error: 'is not a genre of the list' });
/** The price as typed, in cents of list_currency: 0 to LIMITS.PRICE_MAX in either currency. */
const ListPriceCents = PriceCents;
const ListCurrency = z.enum(CURRENCIES, { error: `must be one of: ${CURRENCIES.join(', ')}` });

/** Printable ASCII without spaces, like Stripe's keys; a UUID from the client is typical. */
export const IdempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,200}$/, 'must be 1 to 200 printable characters without spaces');

/**
 * POST /api/beats. The owner is the signed-in user: a `user_id` sent by old
 * clients is accepted and ignored. audio_file_key and cover_image_key must be the caller's own
 * uploads of the right kind that serve nothing else yet (another beat, a profile picture or
 * cover, a voice tag: 409 otherwise). duration_seconds is measured from the uploaded audio. Pricing follows resolvePricing. A retried create with the same idempotency key (in
 * the body or an `Idempotency-Key` header) answers the first beat's id and creates nothing.
 */
export const CreateBeatBody = z.object({
  title: Title,
  description: Description.optional(),
  bpm: Bpm.optional(),
  key_signature: KeySignature.optional(),
  genre: Genre,
  mood: Mood.optional(),
  price_cents: PriceCents.optional(),
  list_price_cents: ListPriceCents.optional(),
  list_currency: ListCurrency.optional(),
  license_offers: LicenseOffers.optional(),
  is_free: z.boolean({ error: 'must be true or false' }).optional(),
  audio_file_key: AudioFileKey,
  cover_image_key: z.preprocess(emptyToNull, ImageFileKey.nullable()).optional(),
  idempotency_key: IdempotencyKey.optional(),
  /** Ignored: the owner is always the signed-in user. */
  user_id: z.unknown().optional(),
});
/** What a client sends. */
export type CreateBeatBody = z.input<typeof CreateBeatBody>;
/** What the server works with after validation (trimmed, '' turned into null). */
export type CreateBeatInput = z.output<typeof CreateBeatBody>;

/** POST /api/beats answers the new (or, for a retry, the existing) beat's id. */
export const CreatedId = z.object({ id: z.string() });
export type CreatedId = z.infer<typeof CreatedId>;

/**
 * PUT /api/beats/{id}/edit, owner only (403 otherwise). Fields left out keep their value, so the
 * edit modal may send all of them or only the changed ones. A new cover_image_key must be the
 * owner's own image upload serving nothing else; the old cover file is then removed. Answers the saved beat.
 */
export const EditBeatBody = z.object({
  title: Title.optional(),
  description: Description.optional(),
  bpm: Bpm.optional(),
  key_signature: KeySignature.optional(),
  genre: Genre.optional(),
  mood: Mood.optional(),
  price_cents: PriceCents.optional(),
  list_price_cents: ListPriceCents.optional(),
  list_currency: ListCurrency.optional(),
  license_offers: LicenseOffers.optional(),
  is_free: z.boolean({ error: 'must be true or false' }).optional(),
  cover_image_key: z.preprocess(emptyToNull, ImageFileKey.nullable()).optional(),
});
export type EditBeatBody = z.input<typeof EditBeatBody>;
export type EditBeatInput = z.output<typeof EditBeatBody>;

/**
 * The price rule: ticking Free sets the price to 0, and a price of 0 marks the
 * beat free. So is_free: true wins over any price, and is_free always ends up equal to
 * price_cents === 0. Values left out come from `current` (the stored beat when editing).
 */
export function resolvePricing(
  input: { price_cents?: number | undefined; is_free?: boolean | undefined },
  current: { price_cents: number; is_free: boolean } = { price_cents: 0, is_free: true },
): { price_cents: number; is_free: boolean } {
  const price = input.is_free === true ? 0 : (input.price_cents ?? current.price_cents);
  return { price_cents: price, is_free: price === 0 };
}

/** A beat's whole price: its USD cents, the price as entered and its currency, and Free. */
export interface ListPricing {
  price_cents: number;
  list_price_cents: number;
  list_currency: Currency;
  is_free: boolean;
}

/**
 * resolvePricing with the price as entered: a list price (in list_currency) is kept exactly and
 * price_cents becomes its USD worth, converted once; a bare price_cents (older clients) is a
 * price listed in USD. Free (or a price of 0) is 0 in both. Values left out come from `current`.
 * A list price without its currency is the caller's 400 (see listPriceCurrencyMissing).
 */
export function resolveListPricing(
  input: {
    price_cents?: number | undefined;
    list_price_cents?: number | undefined;
    list_currency?: Currency | undefined;
    is_free?: boolean | undefined;
  },
  current: ListPricing = { price_cents: 0, list_price_cents: 0, list_currency: 'USD', is_free: true },
): ListPricing {
  let list = { cents: current.list_price_cents, currency: current.list_currency, usd: current.price_cents };
  if (input.list_price_cents !== undefined) {
    const currency = input.list_currency ?? 'USD';
    list = { cents: input.list_price_cents, currency, usd: usdCentsOf(input.list_price_cents, currency) };
  } else if (input.price_cents !== undefined) {
    list = { cents: input.price_cents, currency: 'USD', usd: input.price_cents };
  }
  if (input.is_free === true || list.usd === 0) {
    return { price_cents: 0, list_price_cents: 0, list_currency: list.currency, is_free: true };
  }
  return {
    price_cents: list.usd,
    list_price_cents: list.cents,
    list_currency: list.currency,
    is_free: false,
  };
}

/** The 400 for a list price sent without its currency (the bodies cannot refine: forms pick them). */
export function listPriceCurrencyMissing(input: {
  list_price_cents?: number | undefined;
  list_currency?: Currency | undefined;
}): string | null {
  return input.list_price_cents !== undefined && input.list_currency === undefined
    ? 'list_currency: is required with list_price_cents'
    : null;
}
