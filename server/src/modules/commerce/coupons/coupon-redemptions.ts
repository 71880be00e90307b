import { COUPON_ERRORS } from '@beatroom/shared/coupons-contract';
import type { Tx } from '../../../db/transaction';

/**
 * Coupon uses (docs/decisions/0007-multi-line-orders.md): a redemption is reserved when a
 * checkout is created, in that checkout's transaction and under the coupon row's lock, so two
 * checkouts racing for the last use take turns and the second sees the first's reservation.
 * Reserved and used ones count against max_uses; a buyer holds one that is not released per
 * coupon. A reservation whose checkout ended unpaid (expired, cancelled, replaced, failed) is
 * released here before counting, so an abandoned checkout never keeps a use.
 */
export async function reserveCoupon(
  tx: Tx,
  use: { couponId: string; buyerId: string; orderId: string; at: Date },
): Promise<string | null> {
  const [coupon] = await tx.$queryRaw<{ max_uses: number | null }[]>`
    SELECT max_uses FROM coupons WHERE id = ${use.couponId}::uuid FOR UPDATE`;
  if (!coupon) return COUPON_ERRORS.INVALID;
  await tx.$executeRaw`
    UPDATE coupon_redemptions r SET status = 'released', updated_at = now()
    FROM orders o
    WHERE r.order_id = o.id AND r.coupon_id = ${use.couponId}::uuid AND r.status = 'reserved'
      AND (o.status NOT IN ('pending', 'paid') OR (o.status = 'pending' AND o.expires_at <= ${use.at}))`;
  const [counts] = await tx.$queryRaw<{ taken: number; mine: number }[]>`
    SELECT COUNT(*)::int AS taken, COUNT(*) FILTER (WHERE buyer_id = ${use.buyerId}::uuid)::int AS mine
    FROM coupon_redemptions WHERE coupon_id = ${use.couponId}::uuid AND status <> 'released'`;
  if (counts!.mine > 0) return COUPON_ERRORS.ALREADY_USED;
  if (coupon.max_uses !== null && counts!.taken >= coupon.max_uses) return COUPON_ERRORS.USED_UP;
  await tx.couponRedemption.create({
    data: { couponId: use.couponId, buyerId: use.buyerId, orderId: use.orderId },
  });
  return null;
}

/** The order was paid: its reserved use is used for good. */
export async function useCoupon(tx: Tx, orderId: string): Promise<void> {
  await tx.couponRedemption.updateMany({ where: { orderId, status: 'reserved' }, data: { status: 'used' } });
}

/** The order's use is given back: its payment was refused, or the order wholly refunded. */
export async function releaseCoupon(tx: Tx, orderId: string): Promise<void> {
  await tx.couponRedemption.updateMany({
    where: { orderId, status: { not: 'released' } },
    data: { status: 'released' },
  });
}
