// The price of each licence of a beat (docs/domain.md#licences-and-downloads). Pure: the server's
// pricing (server/src/modules/commerce/orders/license-pricing.ts) charges with these, the web
// shows the same numbers, the catalogue sorts by lowestEnabledPriceCents.
import { licencePriceCents } from './format-money';
import type { LicenseOffers } from './license-offers-contract';
import { listPriceOf, usdCentsOf, type ListedPrice } from './list-price';
import { LICENSE_IDS, type Currency, type LicenseId } from './money-constants';

/** A beat as pricing takes it: its base price and the producer's offer (none: all defaults). */
export interface OfferedBeat extends ListedPrice {
  license_offers?: LicenseOffers | null;
}

/** One licence's full price: as listed (exact, in the list currency) and its USD worth (charged). */
export interface LicencePrice {
  license_type: LicenseId;
  enabled: boolean;
  /** In cents of list_currency, as the producer typed it (or the default multiple of it). */
  list_cents: number;
  list_currency: Currency;
  /** What a buyer is charged, in USD cents. */
  usd_cents: number;
}

/**
 * A licence's full price for a beat: the producer's own price for it when set (typed in the list
 * currency, converted once to USD), otherwise the licence's default multiple of the base price
 * (of the list price as shown, of price_cents as charged, so defaults charge what they always did).
 */
export function licencePrice(beat: OfferedBeat, licence: LicenseId): LicencePrice {
  const list = listPriceOf(beat);
  const offer = beat.license_offers?.[licence];
  const own = offer?.price_cents ?? null;
  const listCents = own ?? licencePriceCents(list.cents, licence);
  const usd = own === null ? licencePriceCents(beat.price_cents, licence) : usdCentsOf(own, list.currency);
  return {
    license_type: licence,
    enabled: offer?.enabled !== false,
    list_cents: listCents,
    list_currency: list.currency,
    usd_cents: usd,
  };
}

/** Every licence's price in licence order, switched-off ones included (the producer's form). */
export function licencePrices(beat: OfferedBeat): LicencePrice[] {
  return LICENSE_IDS.map((id) => licencePrice(beat, id));
}

/**
 * The cheapest licence a buyer can pick, in USD cents: what the catalogue's price filters and
 * sorts use (stored as beats.lowest_price_cents on every write). 0 for a free beat.
 */
export function lowestEnabledPriceCents(beat: OfferedBeat & { is_free: boolean }): number {
  if (beat.is_free || beat.price_cents <= 0) return 0;
  const enabled = licencePrices(beat).filter((p) => p.enabled);
  return enabled.length === 0 ? 0 : Math.min(...enabled.map((p) => p.usd_cents));
}
