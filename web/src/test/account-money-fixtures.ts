import { CreditsResponse, CreditTransaction } from '@beatroom/shared/credits-contract';
import { promotionPrice } from '@beatroom/shared/format-money';
import { PROMOTION_OPTIONS } from '@beatroom/shared/money-constants';
import {
  BeatPromotion,
  PromotionOptionsResponse,
  type PromotionOption,
} from '@beatroom/shared/promotions-contract';
import { ProducerTier, Subscription } from '@beatroom/shared/subscriptions-contract';

// What the account money routes answer, built for tests and parsed
// by the shared contracts the server answers with, like fixtures.ts: credits and their ledger,
// producer tiers and subscriptions, promotion options and a beat's promotions.

let sequence = 0;
const nextId = () => `00000000-0000-4000-a000-${String((sequence += 1)).padStart(12, '0')}`;

/** One ledger row: a spend of 200 unless told otherwise. */
export function makeCreditTransaction(overrides: Partial<CreditTransaction> = {}): CreditTransaction {
  return CreditTransaction.parse({
    id: nextId(),
    description: 'Featured 1 Week: Midnight Run',
    amount: -200,
    balance_after: 950,
    created_at: '2026-11-20T15:04:00.000Z',
    ...overrides,
  });
}

/** GET /api/user/credits with `available` credits and the given transactions (newest first). */
export function makeCredits(available = 950, transactions: CreditTransaction[] = []): CreditsResponse {
  return CreditsResponse.parse({
    credits: {
      credits_available: available,
      credits_total_purchased: 1150,
      credits_total_earned: 0,
      credits_total_spent: 1150 - available,
    },
    transactions,
  });
}

/** `n` ledger rows, newest first, each named by its position ("Transaction 1" is the newest). */
export function makeTransactions(n: number): CreditTransaction[] {
  return Array.from({ length: n }, (_, index) =>
    makeCreditTransaction({ description: `Transaction ${index + 1}`, amount: index % 2 ? 100 : -100 }),
  );
}

const TIER_DEFAULTS = {
  description: 'For producers who sell',
  max_beats: null,
  included_credits: 500,
  promotion_discount_percent: 20,
  featured_slots_per_month: 2,
  homepage_priority_boost: 10,
  custom_profile_badge: 'PRO',
  analytics_access: true,
  priority_support: true,
};

/** A producer tier: the monthly Pro unless told otherwise. */
export function makeTier(overrides: Partial<ProducerTier> = {}): ProducerTier {
  return ProducerTier.parse({
    id: 'tier-pro',
    name: 'Pro',
    price_cents: 1999,
    billing_period: 'monthly',
    ...TIER_DEFAULTS,
    ...overrides,
  });
}

/** GET /api/producer-tiers as seeded: Free (hidden), Pro monthly, Pro Annual yearly. */
export function makeTiers(): ProducerTier[] {
  return [
    makeTier({
      id: 'tier-free',
      name: 'Free',
      description: 'Everyone starts here',
      price_cents: 0,
      included_credits: 0,
      promotion_discount_percent: 0,
      featured_slots_per_month: 0,
      homepage_priority_boost: 0,
      custom_profile_badge: null,
      analytics_access: false,
      priority_support: false,
    }),
    makeTier(),
    makeTier({ id: 'tier-pro-annual', name: 'Pro Annual', price_cents: 19990, billing_period: 'yearly' }),
  ];
}

/** The caller's subscription to the monthly Pro, active and renewing, unless told otherwise. */
export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return Subscription.parse({
    id: nextId(),
    tier_id: 'tier-pro',
    name: 'Pro',
    tier_name: 'Pro',
    price_cents: 1999,
    billing_period: 'monthly',
    current_period_start: '2026-11-01T00:00:00.000Z',
    current_period_end: '2026-12-01T00:00:00.000Z',
    status: 'active',
    cancel_at_period_end: false,
    scheduled_tier_id: null,
    scheduled_tier_name: null,
    ...TIER_DEFAULTS,
    ...overrides,
  });
}

/**
 * GET /api/promotion-options as the server answers it: the three promotion options, the
 * subscriber's discount taken off through the shared rule; `slots` are the tier's included
 * featured slots of the month (per month, left), shared by the two featured options.
 */
export function makePromotionOptions(
  discountPercent = 0,
  slots: { perMonth: number; left: number } = { perMonth: 0, left: 0 },
): PromotionOption[] {
  return PromotionOptionsResponse.parse(
    PROMOTION_OPTIONS.map((option) => {
      const price = promotionPrice(option, discountPercent);
      return {
        id: option.id,
        name: option.name,
        description: option.description,
        duration_days: option.durationDays,
        benefits: option.benefits,
        credits: price.credits,
        price_cents: price.price_cents,
        list_credits: option.credits,
        list_price_cents: option.price_cents,
        discount_percent: discountPercent,
        popular: option.popular,
        included_slots_per_month: option.id === 'homepage_boost' ? 0 : slots.perMonth,
        included_slots_left: option.id === 'homepage_boost' ? 0 : slots.left,
      };
    }),
  );
}

/** One promotion of a beat: a featured week, active until Nov 27, unless told otherwise. */
export function makeBeatPromotion(overrides: Partial<BeatPromotion> = {}): BeatPromotion {
  return BeatPromotion.parse({
    id: nextId(),
    type: 'featured_week',
    status: 'active',
    payment_method: 'credits',
    credits_spent: 200,
    price_cents: null,
    starts_at: '2026-11-20T15:00:00.000Z',
    ends_at: '2026-11-27T15:00:00.000Z',
    created_at: '2026-11-20T15:00:00.000Z',
    ...overrides,
  });
}
