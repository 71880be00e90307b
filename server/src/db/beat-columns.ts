import type { Beat, PreviewStatus } from '@beatroom/shared/beats-contract';
import type { Currency } from '@beatroom/shared/money-constants';
import type { Genre, Mood, MusicalKey } from '@beatroom/shared/catalogue-constants';
import { fileUrl } from '@beatroom/shared/files-contract';
import { LicenseOffers } from '@beatroom/shared/license-offers-contract';
import { lowestEnabledPriceCents } from '@beatroom/shared/license-pricing';
import { Prisma } from '../generated/prisma/client';

/**
 * The beat columns every answer of the Beat contract is made from, and the one mapper from
 * them to the contract. They live here, below the modules, because beats and profiles (and
 * whatever lists beats next) answer the same Beat and no module may import another module's
 * repository.
 */

/** The Beat contract's columns, for Prisma queries. */
export const beatSelect = {
  id: true,
  userId: true,
  title: true,
  description: true,
  bpm: true,
  keySignature: true,
  genre: true,
  mood: true,
  priceCents: true,
  listPriceCents: true,
  listCurrency: true,
  licenseOffers: true,
  lowestPriceCents: true,
  isFree: true,
  isFeatured: true,
  promotionType: true,
  featuredUntil: true,
  boostedUntil: true,
  audioFileKey: true,
  coverImageKey: true,
  durationSeconds: true,
  playCount: true,
  downloadCount: true,
  createdAt: true,
  producerName: true,
  previewKey: true,
  previewStatus: true,
  soldExclusiveAt: true,
} as const satisfies Prisma.BeatSelect;

/**
 * The columns deciding whether someone may buy or fetch a beat: its owner, its price, and
 * whether its exclusive is gone. Orders and downloads both decide on them, and neither may
 * import the other's repository.
 */
export const saleBeatSelect = {
  id: true,
  userId: true,
  title: true,
  priceCents: true,
  listPriceCents: true,
  listCurrency: true,
  licenseOffers: true,
  isFree: true,
  stemsKey: true,
  soldExclusiveAt: true,
  /** A deleted producer's beat kept for its buyers: downloadable by them, sold to nobody. */
  delistedAt: true,
} as const satisfies Prisma.BeatSelect;

/** A stored beat as Prisma's generated types describe it. */
export type BeatRecord = Prisma.BeatGetPayload<{ select: typeof beatSelect }>;

/**
 * The same columns in SQL, named as Prisma names them, for raw queries (search ranking, joins)
 * over `beats b`: their rows are BeatRecords too, so they go through the same mapper.
 */
export const BEAT_COLUMNS = Prisma.sql`b.id::text AS "id", b.user_id::text AS "userId", b.title,
  b.description, b.bpm, b.key_signature AS "keySignature", b.genre, b.mood,
  b.price_cents AS "priceCents", b.list_price_cents AS "listPriceCents",
  b.list_currency AS "listCurrency", b.license_offers AS "licenseOffers",
  b.lowest_price_cents AS "lowestPriceCents", b.is_free AS "isFree", b.is_featured AS "isFeatured",
  b.promotion_type AS "promotionType", b.featured_until AS "featuredUntil",
  b.boosted_until AS "boostedUntil", b.audio_file_key AS "audioFileKey",
  b.cover_image_key AS "coverImageKey", b.duration_seconds AS "durationSeconds",
  b.play_count AS "playCount", b.download_count AS "downloadCount", b.created_at AS "createdAt",
  b.producer_name AS "producerName", b.preview_key AS "previewKey", b.preview_status AS "previewStatus",
  b.sold_exclusive_at AS "soldExclusiveAt"`;

/**
 * Whether a beat shows as featured, and its promotion: the permanent is_featured flag (seed,
 * admins) or a paid featured promotion still running (featured_until); a running
 * homepage boost alone names homepage_boost. Decided against the clock at read time, so a
 * promotion ends on time without anything rewriting the row.
 */
export function promotionState(
  row: Pick<BeatRecord, 'isFeatured' | 'promotionType' | 'featuredUntil' | 'boostedUntil'>,
  now: Date,
): { is_featured: boolean; promotion_type: string | null } {
  const featured = row.featuredUntil !== null && row.featuredUntil > now;
  if (featured) return { is_featured: true, promotion_type: row.promotionType ?? 'featured_week' };
  if (row.boostedUntil !== null && row.boostedUntil > now) {
    return { is_featured: row.isFeatured, promotion_type: 'homepage_boost' };
  }
  return { is_featured: row.isFeatured, promotion_type: row.isFeatured ? row.promotionType : null };
}

/**
 * The stored license_offers column as the contract: every write validates it with LicenseOffers,
 * so anything else (a hand-edited row) reads as the defaults rather than failing the answer.
 */
export function storedOffers(value: unknown): LicenseOffers {
  const parsed = LicenseOffers.safeParse(value ?? {});
  return parsed.success ? parsed.data : {};
}

/**
 * The offer columns a price write stores: the offer itself and the cheapest licence it leaves on,
 * which the catalogue's price filters and sorts read (docs/domain.md#licences-and-downloads).
 */
export function offerColumns(
  pricing: { price_cents: number; list_price_cents: number; list_currency: Currency; is_free: boolean },
  offers: LicenseOffers,
): { licenseOffers: LicenseOffers; lowestPriceCents: number } {
  return {
    licenseOffers: offers,
    lowestPriceCents: lowestEnabledPriceCents({ ...pricing, license_offers: offers }),
  };
}

/**
 * A stored beat as the Beat contract. Genre, key and mood are plain text columns, but every
 * write goes through the contract's enums (CreateBeatBody, EditBeatBody, the demo seed), so
 * the stored values are members of those lists.
 */
export function toBeat(row: BeatRecord): Beat {
  const ready = row.previewStatus === 'ready' && row.previewKey !== null;
  return {
    id: row.id,
    user_id: row.userId,
    title: row.title,
    description: row.description,
    bpm: row.bpm,
    key_signature: row.keySignature as MusicalKey | null,
    genre: row.genre as Genre,
    mood: row.mood as Mood | null,
    price_cents: row.priceCents,
    // A beat priced before list prices were kept was listed in USD at price_cents.
    list_price_cents: row.listPriceCents ?? row.priceCents,
    list_currency: (row.listPriceCents === null ? 'USD' : row.listCurrency) as Currency,
    license_offers: storedOffers(row.licenseOffers),
    lowest_price_cents: row.lowestPriceCents,
    is_free: row.isFree,
    ...promotionState(row, new Date()),
    // The preview, never the master (which is for sale): nothing to play until it is ready.
    audio_file_key: ready ? row.previewKey : null,
    cover_image_key: row.coverImageKey,
    duration_seconds: row.durationSeconds,
    play_count: row.playCount,
    download_count: row.downloadCount,
    created_at: row.createdAt.toISOString(),
    producer_name: row.producerName,
    preview_url: ready ? fileUrl(row.previewKey!) : null,
    preview_status: row.previewStatus as PreviewStatus,
    sold_exclusively: row.soldExclusiveAt !== null,
  };
}
