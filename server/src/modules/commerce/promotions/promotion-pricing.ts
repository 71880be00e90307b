import { promotionPrice } from '@beatroom/shared/format-money';
import { PROMOTION_OPTIONS } from '@beatroom/shared/money-constants';
import type { PromotionOption } from '@beatroom/shared/promotions-contract';
import type { ProducerTier } from '@beatroom/shared/subscriptions-contract';

export type PromotionOptionConstant = (typeof PROMOTION_OPTIONS)[number];

export function optionOf(type: string): PromotionOptionConstant {
  const option = PROMOTION_OPTIONS.find((o) => o.id === type);
  if (!option) throw new Error(`Unknown promotion type ${type}`);
  return option;
}

/** Both featured options (week, month) feature the beat; the homepage boost lists it first instead. */
export const isFeatured = (type: string) => type !== 'homepage_boost';

/**
 * The three options as a user sees them: the tier's promotion discount off both prices
 * (signed out: none), and on the featured ones the included slots of the month and how many
 * are left.
 */
export function promotionOptionsFor(tier: ProducerTier | null, slotsLeft: number): PromotionOption[] {
  const discount = tier?.promotion_discount_percent ?? 0;
  const perMonth = tier ? tier.featured_slots_per_month : 0;
  return PROMOTION_OPTIONS.map((o) => {
    const price = promotionPrice(o, discount);
    const featured = isFeatured(o.id);
    return {
      id: o.id,
      name: o.name,
      description: o.description,
      duration_days: o.durationDays,
      benefits: [...o.benefits],
      credits: price.credits,
      price_cents: price.price_cents,
      list_credits: o.credits,
      list_price_cents: o.price_cents,
      discount_percent: discount,
      popular: o.popular,
      included_slots_per_month: featured ? perMonth : 0,
      included_slots_left: featured ? slotsLeft : 0,
    };
  });
}
