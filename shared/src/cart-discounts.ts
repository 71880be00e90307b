import type { CouponKind } from './coupons-contract';

/** A line as discounts see it: its producer, beat and USD price. */
export interface DiscountLine {
  id: string;
  producerId: string;
  beatId: string;
  priceCents: number;
}

/** A producer's "buy N get M free". */
export interface Deal {
  buyCount: number;
  freeCount: number;
}

/** A coupon that passed its checks (exists, not expired, uses left, not used by this buyer). */
export interface ApplicableCoupon {
  producerId: string;
  kind: CouponKind;
  value: number;
  /** Empty: every beat of the producer. */
  beatIds: string[];
}

export interface LineDiscount {
  cents: number;
  reason: 'deal' | 'coupon' | null;
}

/**
 * What each line is discounted (docs/domain.md#coupons-and-bulk-deals), in USD cents, never
 * more than its price. Bulk deals first: for every N + M lines of a producer with a deal, the M
 * cheapest of their lines are free (ties broken by line order, so the answer is stable). Then
 * the coupon, on its producer's lines it names that are not free already: a percent off each
 * (rounded to the cent, halves up), or a fixed amount off their sum, at most the sum, shared in
 * proportion to their prices with the cents left over going to the largest shares first. Pure:
 * the cart shows exactly what checkout will charge.
 */
export function lineDiscounts(
  lines: readonly DiscountLine[],
  deals: ReadonlyMap<string, Deal>,
  coupon: ApplicableCoupon | null,
): Map<string, LineDiscount> {
  const result = new Map<string, LineDiscount>(lines.map((l) => [l.id, { cents: 0, reason: null }]));
  const byProducer = new Map<string, DiscountLine[]>();
  lines.forEach((l) => byProducer.set(l.producerId, [...(byProducer.get(l.producerId) ?? []), l]));
  for (const [producerId, own] of byProducer) {
    const deal = deals.get(producerId);
    if (!deal) continue;
    const free = Math.floor(own.length / (deal.buyCount + deal.freeCount)) * deal.freeCount;
    const cheapest = own
      .map((line, index) => ({ line, index }))
      .sort((a, b) => a.line.priceCents - b.line.priceCents || a.index - b.index)
      .slice(0, free);
    for (const { line } of cheapest) result.set(line.id, { cents: line.priceCents, reason: 'deal' });
  }
  if (!coupon) return result;
  const eligible = lines.filter(
    (l) =>
      l.producerId === coupon.producerId &&
      (coupon.beatIds.length === 0 || coupon.beatIds.includes(l.beatId)) &&
      result.get(l.id)!.cents === 0 &&
      l.priceCents > 0,
  );
  if (coupon.kind === 'percent') {
    for (const l of eligible) {
      const cents = Math.min(l.priceCents, Math.floor((l.priceCents * coupon.value + 50) / 100));
      if (cents > 0) result.set(l.id, { cents, reason: 'coupon' });
    }
    return result;
  }
  const sum = eligible.reduce((total, l) => total + l.priceCents, 0);
  const off = Math.min(coupon.value, sum);
  if (off <= 0) return result;
  const shares = eligible.map((l, index) => {
    const exact = (off * l.priceCents) / sum;
    return { l, index, cents: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  let left = off - shares.reduce((total, s) => total + s.cents, 0);
  for (const s of [...shares].sort((a, b) => b.rest - a.rest || a.index - b.index)) {
    if (left === 0) break;
    s.cents += 1;
    left -= 1;
  }
  for (const s of shares) if (s.cents > 0) result.set(s.l.id, { cents: s.cents, reason: 'coupon' });
  return result;
}

/** Whether the coupon discounts any of the lines (a code that changes nothing is refused). */
export function couponApplies(discounts: ReadonlyMap<string, LineDiscount>): boolean {
  return [...discounts.values()].some((d) => d.reason === 'coupon');
}
