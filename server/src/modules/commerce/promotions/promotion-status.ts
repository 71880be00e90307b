import type { PromotionType } from '@beatroom/shared/money-constants';
import type { BeatPromotion, PromotionStatus } from '@beatroom/shared/promotions-contract';
import type { PromotionRow } from './promotions.repository';

/** A stored status and the clock give what the owner sees: a paid one is scheduled, active or ended. */
export function promotionStatus(
  row: Pick<PromotionRow, 'status' | 'startsAt' | 'endsAt'>,
  now: Date,
): PromotionStatus {
  if (row.status === 'pending') return 'pending';
  if (row.status === 'cancelled') return 'cancelled';
  if (row.startsAt && now < row.startsAt) return 'scheduled';
  if (row.endsAt && now < row.endsAt) return 'active';
  return 'ended';
}

/** A promotion as its beat's owner sees it, its status as of `now`. */
export function toBeatPromotion(row: PromotionRow, now: Date): BeatPromotion {
  return {
    id: row.id,
    type: row.type as PromotionType,
    status: promotionStatus(row, now),
    payment_method: row.paymentMethod as BeatPromotion['payment_method'],
    credits_spent: row.creditsSpent,
    price_cents: row.priceCents,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
