import type { Beat } from '@beatroom/shared/beats-contract';
import type { LicenseOffers } from '@beatroom/shared/license-offers-contract';
import { LICENSE_IDS, type LicenseId } from '@beatroom/shared/money-constants';

// The beat form's licence offer: per licence a switch and an optional own price, typed in the
// same currency as the base price. Left empty, a licence costs its default multiple of it
// (docs/domain.md#licences-and-downloads).

/** One licence as typed: on or off, and its own price ('' for the default). */
export interface LicenceOfferInput {
  enabled: boolean;
  price: string;
}
export type LicenceOfferInputs = Record<LicenseId, LicenceOfferInput>;

export const DEFAULT_OFFER_INPUTS: LicenceOfferInputs = Object.fromEntries(
  LICENSE_IDS.map((id) => [id, { enabled: true, price: '' }]),
) as LicenceOfferInputs;

/** The stored offer as the form shows it: own prices as typed (in the beat's list currency). */
export function offerInputsFrom(beat: Pick<Beat, 'license_offers'>): LicenceOfferInputs {
  return Object.fromEntries(
    LICENSE_IDS.map((id) => {
      const offer = beat.license_offers[id];
      const own = offer?.price_cents ?? null;
      return [id, { enabled: offer?.enabled !== false, price: own === null ? '' : (own / 100).toFixed(2) }];
    }),
  ) as LicenceOfferInputs;
}

/**
 * The inputs as the API's license_offers: an empty price is the default (null); anything else is
 * cents as typed (a comma is a decimal separator). Out-of-range or unreadable prices are passed
 * through as numbers for the contract to refuse with its own message.
 */
export function offersOf(inputs: LicenceOfferInputs): LicenseOffers {
  return Object.fromEntries(
    LICENSE_IDS.map((id) => {
      const typed = inputs[id].price.trim().replace(',', '.');
      const cents = Math.round(Number(typed) * 100);
      const price = typed === '' ? null : Number.isFinite(cents) ? cents : -1;
      return [id, { enabled: inputs[id].enabled, price_cents: price }];
    }),
  ) as LicenseOffers;
}
