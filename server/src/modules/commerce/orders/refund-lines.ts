import type { LicenseId } from '@beatroom/shared/money-constants';
import type { Tx } from '../../../db/transaction';
import { reversalTransferStatus } from './refund-amounts';
import type { RefundableOrder } from './refunds.repository';

/** Takes back (part of) a Connect transfer already paid to the producer; null without Stripe. */
export type TransferReversal = (input: {
  transferId: string;
  amountCents: number;
  idempotencyKey: string;
  orderId: string;
}) => Promise<{ reversalId: string }>;

/** One sale row of an order (one per line) with what its refunds took back so far. */
export interface SaleLine {
  beat_id: string;
  producer_id: string;
  license_type: LicenseId;
  upgrade_from: LicenseId | null;
  gross_cents: number;
  fee_cents: number;
  net_cents: number;
  fee_percent: string;
  currency: string;
  transfer_status: string;
  transfer_id: string | null;
  refunded_gross: number;
  refunded_fee: number;
  refunded_net: number;
}

/** What one refund takes back from one line. */
export interface LineShare {
  line: SaleLine;
  gross: number;
  fee: number;
  net: number;
}

/** The sale rows of an order, in its lines' order, with their reversals summed. */
export async function saleLines(tx: Tx, orderId: string): Promise<SaleLine[]> {
  return tx.$queryRaw<SaleLine[]>`
    SELECT s.beat_id::text, s.producer_id::text, COALESCE(l.license_type, o.license_type) AS license_type,
           CASE WHEN l.id IS NULL THEN o.upgrade_from ELSE l.upgrade_from END AS upgrade_from,
           s.gross_cents, s.fee_cents, s.net_cents, s.fee_percent::text, s.currency,
           s.transfer_status, s.transfer_id,
           COALESCE((SELECT -SUM(v.gross_cents) FROM sales_ledger v WHERE v.order_id = s.order_id AND v.beat_id = s.beat_id AND v.kind = 'reversal'), 0)::int AS refunded_gross,
           COALESCE((SELECT -SUM(v.fee_cents) FROM sales_ledger v WHERE v.order_id = s.order_id AND v.beat_id = s.beat_id AND v.kind = 'reversal'), 0)::int AS refunded_fee,
           COALESCE((SELECT -SUM(v.net_cents) FROM sales_ledger v WHERE v.order_id = s.order_id AND v.beat_id = s.beat_id AND v.kind = 'reversal'), 0)::int AS refunded_net
    FROM sales_ledger s
    JOIN orders o ON o.id = s.order_id
    LEFT JOIN order_lines l ON l.order_id = s.order_id AND l.beat_id = s.beat_id
    WHERE s.order_id = ${orderId}::uuid AND s.kind = 'sale'
    ORDER BY l.position NULLS FIRST`;
}

/**
 * A refund of `amount` cents spread over the lines: the refund that empties the order takes
 * exactly what each line has left (sale and reversals net to zero per line); a partial one is
 * shared in proportion to what each line has left, the odd cents to the first lines, and each
 * line's fee in proportion to its gross, as a single purchase's partial refund is.
 */
export function splitRefund(lines: SaleLine[], amount: number, full: boolean): LineShare[] {
  const left = lines.map((l) => l.gross_cents - l.refunded_gross);
  if (full) {
    return lines.map((line, i) => ({
      line,
      gross: left[i]!,
      fee: line.fee_cents - line.refunded_fee,
      net: line.net_cents - line.refunded_net,
    }));
  }
  const total = left.reduce((sum, cents) => sum + cents, 0);
  const gross = left.map((cents) => (total > 0 ? Math.floor((amount * cents) / total) : 0));
  let rest = amount - gross.reduce((sum, cents) => sum + cents, 0);
  for (let i = 0; rest > 0 && i < gross.length; i += 1) {
    if (gross[i]! < left[i]!) {
      gross[i]! += 1;
      rest -= 1;
    }
  }
  return lines.map((line, i) => {
    const fee = Math.min(
      line.gross_cents > 0 ? Math.round((line.fee_cents * gross[i]!) / line.gross_cents) : 0,
      line.fee_cents - line.refunded_fee,
    );
    return { line, gross: gross[i]!, fee, net: gross[i]! - fee };
  });
}

/** Takes a single purchase's producer share back from their connected account when transferred. */
export async function reverseTransfer(
  reverse: TransferReversal | null,
  order: RefundableOrder,
  netCents: number,
  key: string,
): Promise<string | null> {
  if (order.sale_transfer_status !== 'transferred' || !order.sale_transfer_id || !reverse || netCents <= 0) {
    return null;
  }
  const { reversalId } = await reverse({
    transferId: order.sale_transfer_id,
    amountCents: netCents,
    idempotencyKey: `reverse-${key}`,
    orderId: order.id,
  });
  return reversalId;
}

/**
 * Takes each transferred line's share back from its producer's connected account, before the
 * recording transaction (each under its own idempotency key): beat id to transfer reversal id.
 */
export async function reverseLineTransfers(
  reverse: TransferReversal | null,
  orderId: string,
  shares: LineShare[],
  key: string,
): Promise<Map<string, string>> {
  const reversals = new Map<string, string>();
  if (!reverse) return reversals;
  for (const { line, net } of shares) {
    if (line.transfer_status !== 'transferred' || !line.transfer_id || net <= 0) continue;
    const { reversalId } = await reverse({
      transferId: line.transfer_id,
      amountCents: net,
      idempotencyKey: `reverse-${key}-${line.beat_id}`,
      orderId,
    });
    reversals.set(line.beat_id, reversalId);
  }
  return reversals;
}

/** One negative ledger row per line of a refund of a cart order. */
export async function insertLineReversals(
  tx: Tx,
  r: { orderId: string; refundId: string; shares: LineShare[]; reversals: Map<string, string>; at: Date },
): Promise<void> {
  for (const { line, gross, fee, net } of r.shares) {
    if (gross === 0 && fee === 0 && net === 0) continue;
    const reversalId = r.reversals.get(line.beat_id) ?? null;
    const transferStatus = reversalTransferStatus({ sale_transfer_status: line.transfer_status }, reversalId);
    await tx.salesLedgerEntry.create({
      data: {
        producerId: line.producer_id,
        orderId: r.orderId,
        beatId: line.beat_id,
        kind: 'reversal',
        refundId: r.refundId,
        grossCents: -gross,
        feeCents: -fee,
        netCents: -net,
        feePercent: line.fee_percent,
        currency: line.currency,
        transferStatus,
        transferId: reversalId,
        transferredAt: transferStatus === 'reversed' ? r.at : null,
      },
    });
  }
}

/** Who a refund of several lines takes money from, for the notices: the lines it took something from. */
export function producerShares(shares: LineShare[], names: { name: string }[] | undefined) {
  return shares
    .map((share, i) => ({
      producerId: share.line.producer_id,
      beatId: share.line.beat_id,
      name: names?.[i]?.name ?? share.line.beat_id,
      netCents: share.net,
    }))
    .filter((share) => share.netCents > 0);
}
