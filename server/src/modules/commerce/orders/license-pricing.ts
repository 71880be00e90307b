import { BEAT_NOT_FOUND } from '@beatroom/shared/beats-contract';
import { LICENSE_OFF } from '@beatroom/shared/license-offers-contract';
import { licencePrice } from '@beatroom/shared/license-pricing';
import { licenseOptions, type Holding } from '@beatroom/shared/licensing';
import type { LicenseId } from '@beatroom/shared/money-constants';
import { PURCHASE_ERRORS } from '@beatroom/shared/money-contract';
import { storedOffers } from '../../../db/beat-columns';
import { badRequest, conflict, forbidden, notFound } from '../../../http/http-errors';
import type { OrdersRepository } from './orders.repository';

/** The beat columns a sale reads (orders.repository's beat()). */
export type SaleBeatRecord = NonNullable<Awaited<ReturnType<OrdersRepository['beat']>>>;

/** The beat as the shared licence rules take it: base price, list price and the producer's offer. */
export function saleBeat(beat: SaleBeatRecord) {
  return {
    price_cents: beat.priceCents,
    list_price_cents: beat.listPriceCents,
    list_currency: beat.listCurrency === 'EUR' ? ('EUR' as const) : ('USD' as const),
    license_offers: storedOffers(beat.licenseOffers),
    is_free: beat.isFree,
    sold_exclusive: !!beat.soldExclusiveAt,
  };
}

/** One licence of one beat, priced for one buyer: what an order line charges. */
export interface PricedLicenceLine {
  beat: SaleBeatRecord;
  license: LicenseId;
  /** USD cents to charge: the licence's price, or the difference for an upgrade. */
  priceCents: number;
  /** The licence this line upgrades (the buyer holds it), or null for a plain purchase. */
  upgradeFrom: LicenseId | null;
}

/**
 * THE price of a licence line (docs/domain.md#licences-and-downloads): every purchase path (one
 * beat now, a cart's lines) asks this and nothing else. It refuses what cannot be sold to this
 * buyer with the HTTP error to answer: 404 unknown or delisted beat, 403 their own beat, 400 a
 * free beat, 409 sold exclusively, 409 a licence its producer switched off (LICENSE_OFF), 409 a
 * licence they hold or are above. A holder of a lower licence pays the upgrade difference.
 * Whether an exclusive is reserved by someone else's checkout is decided when the order is
 * created, not here.
 */
export async function priceLicenceLine(
  repo: Pick<OrdersRepository, 'beat' | 'holding'>,
  buyer: { id: string },
  beatId: string,
  license: LicenseId,
): Promise<PricedLicenceLine> {
  const beat = await repo.beat(beatId);
  // A deleted producer's beat is kept only for the licences already sold.
  if (!beat || beat.delistedAt) throw notFound(BEAT_NOT_FOUND);
  if (beat.userId === buyer.id) throw forbidden(PURCHASE_ERRORS.OWN_BEAT);
  if (beat.isFree || beat.priceCents <= 0) throw badRequest(PURCHASE_ERRORS.FREE_BEAT);
  if (beat.soldExclusiveAt) throw conflict(PURCHASE_ERRORS.SOLD_EXCLUSIVE);
  const sale = saleBeat(beat);
  if (!licencePrice(sale, license).enabled) throw conflict(LICENSE_OFF);
  const holding: Holding = await repo.holding(buyer.id, beatId);
  const option = licenseOptions(sale, false, holding).find((o) => o.license_type === license)!;
  if (option.held || (holding.held.length > 0 && option.upgrade_from === null)) {
    throw conflict(PURCHASE_ERRORS.ALREADY_HELD);
  }
  return { beat, license, priceCents: option.price_cents, upgradeFrom: option.upgrade_from };
}
