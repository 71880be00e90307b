// HTTP contract of promotions: the three options with
// the subscriber's discount applied, promoting a beat with credits or cash, and a beat's
// promotions as its owner sees them on the Manage Beat modal.
import { z } from 'zod';
import { PROMOTION_TYPES } from './money-constants';

export const PromotionTypeSchema = z.enum(PROMOTION_TYPES);

/**
 * One option of GET /api/promotion-options. credits and price_cents are what the signed-in
 * user pays (promotion_discount_percent of their tier taken off, rounded, through
 * promotionPrice); list_* are the undiscounted prices for the struck-through figure. Anonymous
 * callers get list prices and discount_percent 0.
 */
export const PromotionOption = z.object({
  id: PromotionTypeSchema,
  name: z.string(),
  description: z.string(),
  duration_days: z.number().int(),
  benefits: z.array(z.string()),
  credits: z.number().int(),
  price_cents: z.number().int(),
  list_credits: z.number().int(),
  list_price_cents: z.number().int(),
  discount_percent: z.number().int(),
  popular: z.boolean(),
  /**
   * Promotions of this kind the signed-in subscriber's tier includes per calendar month (UTC):
   * featured_slots_per_month for the two featured options (they share the slots), 0 for the
   * homepage boost, anonymous callers and tiers without slots.
   */
  included_slots_per_month: z.number().int().min(0),
  /**
   * How many of those are left this month. While above 0, promoting with this option starts at
   * once without charge (no credits, no card) and uses one slot; beyond that the prices apply.
   */
  included_slots_left: z.number().int().min(0),
});
export type PromotionOption = z.infer<typeof PromotionOption>;
export const PromotionOptionsResponse = z.array(PromotionOption);

/** How a promotion is paid: credits (default), a new card, or a saved method. */
export const PROMOTE_PAYMENT_METHODS = ['credits', 'card', 'saved'] as const;
export type PromotePaymentMethod = (typeof PROMOTE_PAYMENT_METHODS)[number];

/**
 * POST /api/beats/{id}/promote. A featured promotion while the subscriber has an
 * included slot left this month starts without charge whatever payment_method says.
 */
export const PromoteBody = z
  .object({
    promotion_type: PromotionTypeSchema,
    payment_method: z.enum(PROMOTE_PAYMENT_METHODS).default('credits'),
    saved_payment_method_id: z.string().min(1).max(255).nullish(),
  })
  .refine((b) => b.payment_method !== 'saved' || !!b.saved_payment_method_id, {
    message: 'saved_payment_method_id is required to pay with a saved method',
    path: ['saved_payment_method_id'],
  });
export type PromoteBody = z.input<typeof PromoteBody>;

/**
 * pending: waiting for a card payment; scheduled: paid, starts when the beat's running promotion
 * of the same kind ends (a second purchase extends, it does not overlap); active; ended;
 * cancelled: the checkout expired or was cancelled.
 */
export const PROMOTION_STATUSES = ['pending', 'scheduled', 'active', 'ended', 'cancelled'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/**
 * One promotion of a beat (GET /api/beats/{id}/promotions, owner only). status is computed
 * against the server's clock: an active promotion whose ends_at has passed is 'ended'.
 * starts_at / ends_at are null while a card payment is pending.
 */
export const BeatPromotion = z.object({
  id: z.string(),
  type: PromotionTypeSchema,
  status: z.enum(PROMOTION_STATUSES),
  /** included: started without charge on one of the tier's featured slots of the month. */
  payment_method: z.enum(['credits', 'card', 'saved', 'included']),
  credits_spent: z.number().int().nullable(),
  price_cents: z.number().int().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  created_at: z.string(),
});
export type BeatPromotion = z.infer<typeof BeatPromotion>;
/** Newest first. */
export const BeatPromotionsResponse = z.array(BeatPromotion);

/**
 * The promote answer: with credits (or a saved method charged at once) the promotion is active
 * at once; with a card the browser goes to checkout_url and the promotion starts when paid.
 */
export const PromoteResponse = z.union([
  z.object({ promotion: BeatPromotion, credits_available: z.number().int().nullable() }),
  z.object({ promotion_id: z.string(), checkout_url: z.string() }),
]);
export type PromoteResponse = z.infer<typeof PromoteResponse>;

export const PROMOTION_ERRORS = {
  NOT_OWNER: 'You can only promote your own beats',
  /** Sold exclusively or delisted: it is not in the catalogue a promotion would show it in. */
  NOT_LISTED: 'This beat is no longer in the store and cannot be promoted',
} as const;
