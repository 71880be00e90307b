import type { RefundableOrder } from './refunds.repository';

/**
 * The producer's share of a refund of `amount` cents: the platform fee and the net it takes
 * back. A partial refund takes the fee in proportion (rounded to the cent); the refund that
 * empties the order takes exactly what is left, so the sale and its reversals net to zero.
 */
export function shareOf(order: RefundableOrder, amount: number, full: boolean): { fee: number; net: number } {
  const saleFee = order.sale_fee_cents ?? 0;
  const saleNet = order.sale_net_cents ?? 0;
  if (full) return { fee: saleFee - order.refunded_fee_cents, net: saleNet - order.refunded_net_cents };
  const fee = Math.min(
    Math.round((saleFee * amount) / order.amount_cents),
    saleFee - order.refunded_fee_cents,
  );
  return { fee, net: amount - fee };
}

/**
 * Where the reversal row says the producer's money went back from: a Stripe transfer reversal
 * (reversed), the destination charge's own refund, a sale still waiting for its transfer
 * (pending: it nets the wait), or nowhere (a local test sale moved no money).
 */
export function reversalTransferStatus(
  order: Pick<RefundableOrder, 'sale_transfer_status'>,
  reversalId: string | null,
) {
  if (reversalId) return 'reversed' as const;
  if (order.sale_transfer_status === 'destination') return 'destination' as const;
  if (order.sale_transfer_status === 'pending') return 'pending' as const;
  return 'none' as const;
}
