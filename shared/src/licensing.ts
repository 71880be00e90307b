// Licence and sale rules (docs/domain.md#licences-and-downloads): what each licence costs, what it delivers,
// when it can be bought, and how a sale splits between the producer and the platform. Pure:
// the server decides with these, the web app shows the same numbers.
import { licencePrice, type OfferedBeat } from './license-pricing';
import { upgradePriceCents } from './list-price';
import { LICENSE_IDS, LICENSES, type Currency, type LicenseId } from './money-constants';

/**
 * How long an open checkout lasts, and so how long an exclusive stays reserved for the buyer who
 * started it (Stripe Checkout's expires_at is the same 30 minutes).
 */
export const CHECKOUT_EXPIRY_MINUTES = 30;
export const CHECKOUT_EXPIRY_MS = CHECKOUT_EXPIRY_MINUTES * 60_000;

/** Files the server can deliver: the MP3 320 kb/s rendition and the lossless files. */
export const DELIVERY_FORMATS = ['mp3_320', 'wav', 'flac'] as const;
export type DeliveryFormat = (typeof DELIVERY_FORMATS)[number];

/**
 * What each licence delivers: Basic the MP3 320 kb/s, Premium and Trackout WAV and MP3,
 * Exclusive every format the beat has. Trackout and Exclusive add the stems ZIP (LICENSE_STEMS).
 */
export const LICENSE_FORMATS = {
  basic: ['mp3_320'],
  premium: ['wav', 'mp3_320'],
  trackout: ['wav', 'mp3_320'],
  exclusive: DELIVERY_FORMATS,
} as const satisfies Record<LicenseId, readonly DeliveryFormat[]>;

/** Licences that deliver the beat's stems ZIP besides its audio files. */
export const LICENSE_STEMS: Record<LicenseId, boolean> = {
  basic: false,
  premium: false,
  trackout: true,
  exclusive: true,
};

export function licenseAllowsFormat(license: LicenseId, format: DeliveryFormat): boolean {
  return (LICENSE_FORMATS[license] as readonly DeliveryFormat[]).includes(format);
}

/** The licence's display name ('Basic', 'Premium', 'Exclusive'). */
export function licenseName(license: LicenseId): string {
  return LICENSES.find((l) => l.id === license)!.name;
}

/**
 * A beat can be sold when it has a price and is not free ("Free beats have no licences to
 * buy") and has not been sold exclusively.
 */
export function isForSale(beat: { price_cents: number; is_free: boolean; sold_exclusive: boolean }): boolean {
  return !beat.is_free && beat.price_cents > 0 && !beat.sold_exclusive;
}

/** One row of GET /api/beats/{id}/licenses, before zod parses it (see money-contract.ts). */
export interface LicenseOptionRule {
  license_type: LicenseId;
  name: string;
  price_cents: number;
  features: string[];
  popular: boolean;
  available: boolean;
  list_price_cents: number;
  list_currency: Currency;
  held: boolean;
  upgrade_from: LicenseId | null;
}

/**
 * What a buyer holds of a beat: the licences in force, and what they paid for them in USD cents
 * (paid orders of this beat, refunded ones excluded, an upgrade with the purchase it upgraded).
 */
export interface Holding {
  held: readonly LicenseId[];
  paid_cents: number;
}

/**
 * The licence cards of a beat: the licences its producer offers (license-pricing.ts prices them:
 * their own price, or 1x / 2x / 5x / 10x the base price), with the features of
 * money-constants.ts; a switched-off licence has no card. The exclusive is unavailable while
 * reserved by another buyer's open checkout. Once the exclusive is sold nothing is available any
 * more (the buyer owns the beat); a free beat has no cards at all.
 */
export function licenseOptions(
  beat: OfferedBeat & { is_free: boolean; sold_exclusive: boolean },
  exclusiveReserved: boolean,
  holding: Holding = { held: [], paid_cents: 0 },
): LicenseOptionRule[] {
  if (beat.is_free || beat.price_cents <= 0) return [];
  const best = bestLicense(holding.held);
  return LICENSES.flatMap((l) => {
    const priced = licencePrice(beat, l.id);
    if (!priced.enabled) return [];
    const full = priced.usd_cents;
    // A holder of a lower licence upgrades to a higher one for the difference; the ones they
    // hold or are above are not for sale to them.
    const upgrade = best !== null && LICENSE_RANK[l.id] > LICENSE_RANK[best];
    const covered = best !== null && !upgrade;
    return {
      license_type: l.id,
      name: l.name,
      price_cents: upgrade ? upgradePriceCents(full, holding.paid_cents) : full,
      features: [...l.features],
      popular: l.popular,
      available: !covered && !beat.sold_exclusive && (l.id !== 'exclusive' || !exclusiveReserved),
      list_price_cents: priced.list_cents,
      list_currency: priced.list_currency,
      held: holding.held.includes(l.id),
      upgrade_from: upgrade ? best : null,
    };
  });
}

/** Licence ids in order of what they grant: a higher licence includes the lower ones' files. */
export const LICENSE_RANK: Record<LicenseId, number> = Object.fromEntries(
  LICENSE_IDS.map((id, i) => [id, i]),
) as Record<LicenseId, number>;

/** The highest of the licences a user holds, or null for none. */
export function bestLicense(held: readonly LicenseId[]): LicenseId | null {
  return held.reduce<LicenseId | null>(
    (best, l) => (best === null || LICENSE_RANK[l] > LICENSE_RANK[best] ? l : best),
    null,
  );
}

/** A sale split between producer and platform, in cents; fee + net is always gross. */
export interface SaleSplit {
  gross_cents: number;
  fee_cents: number;
  net_cents: number;
}

/**
 * Splits a sale with the admin's platform_fee_percent (0 by default). The fee is rounded to the
 * nearest cent, halves up, and the producer gets the rest, so no cent is lost or invented. A
 * percent outside 0..100 (or not a number) is clamped: a misconfigured setting must never make
 * the producer's net negative or larger than the sale.
 */
export function splitSale(grossCents: number, feePercent: number): SaleSplit {
  const percent = Number.isFinite(feePercent) ? Math.min(100, Math.max(0, feePercent)) : 0;
  // Work in hundredths of a percent so 12.5 % of 999 is exact integer arithmetic.
  const basisPoints = Math.round(percent * 100);
  const fee = Math.floor((grossCents * basisPoints + 5_000) / 10_000);
  return { gross_cents: grossCents, fee_cents: fee, net_cents: grossCents - fee };
}
