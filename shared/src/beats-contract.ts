// HTTP contract of the catalogue: uploads, files, beats, plays, favourites and ratings
// (platform.md §3, §5, §7 "Beats and files"; money.md §5 "Rating"). The server validates with
// these schemas and the web app imports the same ones, so both ends agree on every field.
// Beat fields are snake_case because the spec names them so; the small status bodies use the
// camelCase names the spec quotes (isFavorited, averageRating, hasRated...).
import { z } from 'zod';
import { BEAT_SORT_VALUES, GENRES, KEYS, LIMITS, MOODS } from './constants';

// ---------------------------------------------------------------------------------------------
// Files and uploads
// ---------------------------------------------------------------------------------------------

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * Every storage key the server makes: `<folder>/<uuid>.<ext>`, lower case. Nothing else is a
 * key, so no key can name a path outside storage (no dots but the extension, one slash).
 */
export const STORAGE_KEY_PATTERN = new RegExp(`^[a-z][a-z0-9-]{0,31}/${UUID}\\.[a-z0-9]{1,8}$`);
/** Keys of uploaded audio: MP3, WAV or FLAC as detected from the content. */
export const AUDIO_KEY_PATTERN = new RegExp(`^audio/${UUID}\\.(?:mp3|wav|flac)$`);
/** Keys of uploaded images: always re-encoded to JPEG. */
export const IMAGE_KEY_PATTERN = new RegExp(`^images/${UUID}\\.jpg$`);

export const StorageKey = z.string().regex(STORAGE_KEY_PATTERN, 'is not a file key from an upload');
export const AudioFileKey = z.string().regex(AUDIO_KEY_PATTERN, 'is not an audio file key from an upload');
export const ImageFileKey = z.string().regex(IMAGE_KEY_PATTERN, 'is not an image file key from an upload');

/**
 * Where a stored file is served: `GET /api/files/{key}` (HEAD, Range, ETag, cached for a year
 * because a key's content never changes). The key's slash is part of the path, not encoded.
 */
export function fileUrl(key: string): string {
  return `/api/files/${key}`;
}

/** A person's picture: their uploaded profile image when they have one, else the issuer's. */
export function avatarUrl(
  profileImageKey: string | null | undefined,
  issuerPicture: string | null,
): string | null {
  return profileImageKey ? fileUrl(profileImageKey) : issuerPicture;
}

/**
 * POST /api/upload/audio (multipart field `audio`, ≤ 50 MB, MP3/WAV/FLAC by content) and
 * POST /api/upload/image (multipart field `image`, ≤ 10 MB, JPEG/PNG/WebP by content; stored
 * as a JPEG of at most 800 px on the longest side) answer the new file's key.
 */
export const UploadResponse = z.object({ key: z.string() });
export type UploadResponse = z.infer<typeof UploadResponse>;

/** Largest image the server decodes (width × height); bigger ones are refused with a 400. */
export const IMAGE_MAX_PIXELS = 40_000_000;

/** Multipart field names of the two upload routes. */
export const UPLOAD_FIELDS = { audio: 'audio', image: 'image' } as const;

// ---------------------------------------------------------------------------------------------
// Beat
// ---------------------------------------------------------------------------------------------

/**
 * A beat as every beat route answers it: exactly the fields of platform.md §3 plus
 * producer_name (the producer's display name, else their account name, else "Producer
 * <first 8 characters of their id>"). Prices are USD cents; created_at is an ISO 8601 string.
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
  is_free: z.boolean(),
  is_featured: z.boolean(),
  promotion_type: z.string().nullable(),
  audio_file_key: z.string(),
  cover_image_key: z.string().nullable(),
  duration_seconds: z.number().int().nullable(),
  play_count: z.number().int(),
  download_count: z.number().int(),
  created_at: z.string(),
  producer_name: z.string(),
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

/** The message of every 404 about a beat, shown verbatim by the UI (platform.md §2, §8). */
export const BEAT_NOT_FOUND = 'Beat not found';
/** Rating one's own beat is refused with 403 and this text (as BeatStars does). */
export const CANNOT_RATE_OWN_BEAT = 'You cannot rate your own beat';

/** Route parameter of every /api/beats/{id}... route. An id that is not a UUID is a 404. */
export const BeatIdParams = z.object({ id: z.string() });

// ---------------------------------------------------------------------------------------------
// Browse: GET /api/beats
// ---------------------------------------------------------------------------------------------

/** Query values arrive as strings; an empty value means "not set" (a cleared form field). */
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

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
 * GET /api/beats query (platform.md §7, §9). Every parameter is optional; an invalid value is a
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
      z.string().trim().max(100, 'must be at most 100 characters').optional(),
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
  });
/** The parsed query (numbers and booleans), as the server sees it. */
export type BeatListQuery = z.output<typeof BeatListQuery>;
/** What a client may put in the URL: every field optional, numbers as numbers or strings. */
export type BeatListQueryInput = Partial<Record<keyof BeatListQuery, string | number | boolean>>;

/** GET /api/beats answers a JSON array of beats (platform.md §7). */
export const BeatList = z.array(Beat);
export type BeatList = z.infer<typeof BeatList>;

// ---------------------------------------------------------------------------------------------
// Create and edit
// ---------------------------------------------------------------------------------------------

/** Optional choice fields: a select left on "none" may send '' or null; both mean null. */
const emptyToNull = (value: unknown) => (value === '' ? null : value);

const Title = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(LIMITS.TITLE_MAX, `must be at most ${LIMITS.TITLE_MAX} characters`);
/** Description: free text, trimmed; empty means none. The spec sets no limit; 2000 is ours. */
const Description = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string().trim().max(2000, 'must be at most 2000 characters').nullable(),
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

/** Printable ASCII without spaces, like Stripe's keys; a UUID from the client is typical. */
export const IdempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,200}$/, 'must be 1 to 200 printable characters without spaces');

/**
 * POST /api/beats (platform.md §7). The owner is the signed-in user: a `user_id` sent by old
 * clients is accepted and ignored. audio_file_key and cover_image_key must be the caller's own
 * uploads of the right kind and not used by another beat. duration_seconds comes from the audio
 * upload. Pricing follows resolvePricing. A retried create with the same idempotency key (in
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
 * owner's own unused image upload; the old cover file is then removed. Answers the saved beat.
 */
export const EditBeatBody = z.object({
  title: Title.optional(),
  description: Description.optional(),
  bpm: Bpm.optional(),
  key_signature: KeySignature.optional(),
  genre: Genre.optional(),
  mood: Mood.optional(),
  price_cents: PriceCents.optional(),
  is_free: z.boolean({ error: 'must be true or false' }).optional(),
  cover_image_key: z.preprocess(emptyToNull, ImageFileKey.nullable()).optional(),
});
export type EditBeatBody = z.input<typeof EditBeatBody>;
export type EditBeatInput = z.output<typeof EditBeatBody>;

/**
 * The price rule of platform.md §5: ticking Free sets the price to 0, and a price of 0 marks the
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

// ---------------------------------------------------------------------------------------------
// Favourites, ratings, reviews, analytics, vocal covers
// ---------------------------------------------------------------------------------------------

/** GET /api/beats/{id}/favorite-status and POST /api/beats/{id}/favorite (a toggle). */
export const FavoriteStatus = z.object({ isFavorited: z.boolean() });
export type FavoriteStatus = z.infer<typeof FavoriteStatus>;

/**
 * GET /api/users/me/favorite-beat-ids (signed in; 401 otherwise): the ids of every beat the
 * caller has favourited, newest first. Lists and cards read their heart from this one set
 * instead of asking favorite-status per beat; the browse list itself stays the same for
 * everyone, so it can be cached across users.
 */
export const FavoriteBeatIds = z.object({ beatIds: z.array(z.string()) });
export type FavoriteBeatIds = z.infer<typeof FavoriteBeatIds>;

/**
 * POST /api/beats/{id}/rate (money.md §5): rating 1-5 required, review optional, trimmed, at
 * most 500 characters (empty means none). One rating per user and beat; rating again replaces
 * it. The owner may not rate their own beat (403 CANNOT_RATE_OWN_BEAT). Answers the summary.
 */
export const RateBeatBody = z.object({
  rating: z
    .number({ error: 'Rating is required' })
    .int('must be a whole number from 1 to 5')
    .min(1, 'must be a whole number from 1 to 5')
    .max(5, 'must be a whole number from 1 to 5'),
  review: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z.string().trim().max(LIMITS.REVIEW_MAX, `must be at most ${LIMITS.REVIEW_MAX} characters`).nullable(),
    )
    .optional(),
});
export type RateBeatBody = z.input<typeof RateBeatBody>;
export type RateBeatInput = z.output<typeof RateBeatBody>;

/**
 * GET /api/beats/{id}/rating-summary. averageRating is rounded to two decimals (show one with
 * formatRating) and is 0 while totalRatings is 0.
 */
export const RatingSummary = z.object({ averageRating: z.number(), totalRatings: z.number().int() });
export type RatingSummary = z.infer<typeof RatingSummary>;

/**
 * One review of a beat: the fields of platform.md §3 plus who wrote it, for the list.
 * reviewer_avatar is a URL (a stored profile image as /api/files/..., or the sign-in picture).
 */
export const BeatReview = z.object({
  id: z.string(),
  user_id: z.string(),
  rating: z.number().int(),
  review: z.string().nullable(),
  created_at: z.string(),
  reviewer_name: z.string(),
  reviewer_avatar: z.string().nullable(),
});
export type BeatReview = z.infer<typeof BeatReview>;

/** GET /api/beats/{id}/reviews query: newest first, 20 by default, at most 100 per page. */
export const BeatReviewsQuery = z.object({
  limit: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100).default(20)),
  offset: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(100_000).default(0)),
});

/** GET /api/beats/{id}/reviews: a page of reviews plus the beat's rating summary. */
export const BeatReviewsResponse = RatingSummary.extend({ reviews: z.array(BeatReview) });
export type BeatReviewsResponse = z.infer<typeof BeatReviewsResponse>;

/** GET /api/beats/{id}/user-rating (signed in): the caller's own rating, rating null if none. */
export const UserRating = z.object({
  hasRated: z.boolean(),
  rating: z.number().int().nullable(),
  review: z.string().nullable(),
});
export type UserRating = z.infer<typeof UserRating>;

/** GET /api/beats/{id}/analytics, owner only: the Manage Beat modal's tiles (platform.md §2). */
export const BeatAnalytics = z.object({
  favorites_count: z.number().int(),
  average_rating: z.number(),
  total_reviews: z.number().int(),
  play_count: z.number().int(),
  download_count: z.number().int(),
});
export type BeatAnalytics = z.infer<typeof BeatAnalytics>;

/** A public vocal recording over a beat (platform.md §3). */
export const PublicRecording = z.object({
  id: z.string(),
  user_id: z.string(),
  recording_name: z.string(),
  file_key: z.string(),
  vocalist_name: z.string(),
  vocalist_avatar: z.string().nullable(),
  play_count: z.number().int(),
  created_at: z.string(),
});
export type PublicRecording = z.infer<typeof PublicRecording>;

/** GET /api/beats/{beatId}/public-recordings: an array; empty until the studio exists. */
export const PublicRecordingList = z.array(PublicRecording);
