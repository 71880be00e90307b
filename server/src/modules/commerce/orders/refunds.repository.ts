import type { AdminOrderRow } from '@beatroom/shared/refunds-contract';
import type { LicenseId } from '@beatroom/shared/money-constants';
import type { InvoiceItem } from '@beatroom/shared/money-contract';
import type { Prisma, PrismaClient } from '../../../generated/prisma/client';
import type { Tx } from '../../../db/transaction';
import { lockLivingUsers } from '../../../db/user-lock';
import { LICENSE_REPLACED } from './orders.repository';

/** An order as a refund needs it, read under its row lock. */
export interface RefundableOrder {
  id: string;
  buyer_id: string;
  producer_id: string;
  beat_id: string;
  beat_title: string;
  license_type: LicenseId;
  /** The licence an upgrade replaced, for an upgrade's order. */
  upgrade_from: LicenseId | null;
  amount_cents: number;
  currency: string;
  status: string;
  provider: string;
  provider_payment_id: string | null;
  transfer_destination: string | null;
  dispute_id: string | null;
  dispute_status: string | null;
  invoice_id: string | null;
  invoice_number: string | null;
  invoice_items: unknown;
  sale_fee_cents: number | null;
  sale_net_cents: number | null;
  sale_transfer_status: string | null;
  sale_transfer_id: string | null;
  /** Summed over the refunds recorded so far. */
  refunded_cents: number;
  refunded_fee_cents: number;
  refunded_net_cents: number;
  fully_refunded: boolean;
  /** The buyer deleted their account: nothing may be written for them any more. */
  buyer_deleted: boolean;
}

export interface NewRefund {
  invoiceId: string;
  orderId?: string;
  accountPaymentId?: string;
  subscriptionPeriodId?: string;
  amountCents: number;
  full: boolean;
  reason: string;
  source: 'stripe' | 'admin' | 'dispute';
  providerRefundId: string | null;
  adminId: string | null;
}

const TRANSACTION_OPTIONS = { maxWait: 30_000, timeout: 30_000 };

const orderColumns = (lock: boolean) => `
  SELECT o.id, o.buyer_id, o.producer_id, o.beat_id, b.title AS beat_title, o.license_type, o.upgrade_from,
         o.amount_cents, o.currency, o.status, o.provider, o.provider_payment_id,
         o.transfer_destination, o.dispute_id, o.dispute_status,
         i.id AS invoice_id, i.invoice_number, i.items AS invoice_items,
         s.fee_cents AS sale_fee_cents, s.net_cents AS sale_net_cents,
         s.transfer_status AS sale_transfer_status, s.transfer_id AS sale_transfer_id,
         COALESCE((SELECT SUM(r.amount_cents) FROM refunds r WHERE r.order_id = o.id), 0)::int AS refunded_cents,
         COALESCE((SELECT -SUM(v.fee_cents) FROM sales_ledger v WHERE v.order_id = o.id AND v.kind = 'reversal'), 0)::int AS refunded_fee_cents,
         COALESCE((SELECT -SUM(v.net_cents) FROM sales_ledger v WHERE v.order_id = o.id AND v.kind = 'reversal'), 0)::int AS refunded_net_cents,
         EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id AND r.full) AS fully_refunded,
         (u.deleted_at IS NOT NULL) AS buyer_deleted
  FROM orders o
  JOIN beats b ON b.id = o.beat_id
  JOIN users u ON u.id = o.buyer_id
  LEFT JOIN invoices i ON i.order_id = o.id
  LEFT JOIN sales_ledger s ON s.order_id = o.id AND s.beat_id = o.beat_id AND s.kind = 'sale'
  WHERE o.id = $1::uuid${lock ? ' FOR UPDATE OF o' : ''}`;

/**
 * Reads and writes of refunds, credit notes and disputes; the refunds service decides. Every
 * write takes the caller's transaction, so a refund's rows (refund, credit note, reversing
 * ledger row, revoked licence, order status, audit) commit together or not at all.
 */
export function createRefundsRepository(prisma: PrismaClient) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return prisma.$transaction(work, TRANSACTION_OPTIONS);
    },

    async order(orderId: string): Promise<RefundableOrder | null> {
      const [row] = await prisma.$queryRawUnsafe<RefundableOrder[]>(orderColumns(false), orderId);
      return row ?? null;
    },

    /**
     * The order with its row locked until the transaction ends: refunds of it queue here. The
     * buyer's and the producer's user rows are locked first, the lock order of all money work
     * (db/user-lock.ts), so a refund and an account deletion queue instead of deadlocking.
     */
    async lockOrder(tx: Tx, orderId: string): Promise<RefundableOrder | null> {
      const parties = await tx.order.findUnique({
        where: { id: orderId },
        select: { buyerId: true, producerId: true, lines: { select: { producerId: true } } },
      });
      if (!parties) return null;
      // Every line's producer too: a cart order's refund takes back each one's share.
      const producers = new Set([parties.producerId, ...parties.lines.map((l) => l.producerId)]);
      await lockLivingUsers(tx, [parties.buyerId, ...producers]);
      const [row] = await tx.$queryRawUnsafe<RefundableOrder[]>(orderColumns(true), orderId);
      return row ?? null;
    },

    /** The order a provider payment (Stripe PaymentIntent) paid, if any. */
    async orderIdByPayment(paymentId: string): Promise<string | null> {
      const row = await prisma.order.findUnique({
        where: { providerPaymentId: paymentId },
        select: { id: true },
      });
      return row?.id ?? null;
    },

    async orderIdByDispute(disputeId: string): Promise<string | null> {
      const row = await prisma.order.findUnique({ where: { disputeId }, select: { id: true } });
      return row?.id ?? null;
    },

    /** Whether a provider refund (or dispute) was recorded already: a redelivery finds it. */
    async knownProviderRefund(providerRefundId: string, tx: Tx = prisma): Promise<boolean> {
      return (await tx.refund.count({ where: { providerRefundId } })) > 0;
    },

    async insertRefund(tx: Tx, refund: NewRefund): Promise<string> {
      const row = await tx.refund.create({ data: refund, select: { id: true } });
      return row.id;
    },

    /** The year's next credit note number, gapless: the counter row is locked until commit. */
    async nextCreditNoteSequence(tx: Tx, year: number): Promise<number> {
      const [counter] = await tx.$queryRaw<{ last_number: number }[]>`
        INSERT INTO credit_note_counters (year, last_number) VALUES (${year}, 1)
        ON CONFLICT (year) DO UPDATE SET last_number = credit_note_counters.last_number + 1
        RETURNING last_number`;
      return counter!.last_number;
    },

    async insertCreditNote(
      tx: Tx,
      note: {
        number: string;
        userId: string;
        refundId: string;
        invoiceNumber: string;
        items: InvoiceItem[];
        reason: string;
        currency: string;
        totalCents: number;
        issuedAt: Date;
      },
    ): Promise<void> {
      await tx.creditNote.create({
        data: {
          creditNoteNumber: note.number,
          userId: note.userId,
          refundId: note.refundId,
          invoiceNumber: note.invoiceNumber,
          items: note.items as Prisma.InputJsonValue,
          reason: note.reason,
          currency: note.currency,
          totalCents: note.totalCents,
          issuedAt: note.issuedAt,
        },
      });
    },

    /** The negative ledger row of a refund (amounts passed already negative). */
    async insertReversal(
      tx: Tx,
      row: {
        order: RefundableOrder;
        refundId: string;
        grossCents: number;
        feeCents: number;
        netCents: number;
        transferStatus: 'none' | 'destination' | 'reversed' | 'pending';
        transferId: string | null;
        at: Date;
      },
    ): Promise<void> {
      const [sale] = await tx.$queryRaw<{ fee_percent: string }[]>`
        SELECT fee_percent::text FROM sales_ledger
        WHERE order_id = ${row.order.id}::uuid AND beat_id = ${row.order.beat_id}::uuid AND kind = 'sale'`;
      await tx.salesLedgerEntry.create({
        data: {
          producerId: row.order.producer_id,
          orderId: row.order.id,
          beatId: row.order.beat_id,
          kind: 'reversal',
          refundId: row.refundId,
          grossCents: row.grossCents,
          feeCents: row.feeCents,
          netCents: row.netCents,
          feePercent: sale?.fee_percent ?? '0',
          currency: row.order.currency,
          transferStatus: row.transferStatus,
          transferId: row.transferId,
          transferredAt: row.transferStatus === 'reversed' ? row.at : null,
        },
      });
    },

    /** The order ends refunded and its licence is revoked. */
    async closeRefunded(
      tx: Tx,
      orderId: string,
      change: {
        reason: string;
        licenceReason: 'refunded' | 'dispute_lost';
        providerRefundId: string | null;
        at: Date;
      },
    ): Promise<void> {
      await tx.order.update({
        where: { id: orderId },
        data: {
          status: 'refunded',
          statusReason: change.reason,
          refundedAt: change.at,
          ...(change.providerRefundId ? { providerRefundId: change.providerRefundId } : {}),
        },
      });
      await tx.license.updateMany({
        where: { orderId, revokedAt: null },
        data: { revokedAt: change.at, revokedReason: change.licenceReason, frozenAt: null },
      });
    },

    /** The buyer's licences of the beat an upgrade replaced (whose orders stay paid) live again. */
    async restoreReplacedLicences(tx: Tx, buyerId: string, beatId: string): Promise<void> {
      await tx.license.updateMany({
        where: { buyerId, beatId, revokedReason: LICENSE_REPLACED, order: { status: 'paid' } },
        data: { revokedAt: null, revokedReason: null },
      });
    },

    /** The beat's exclusive is on sale again. */
    async releaseExclusive(tx: Tx, beatId: string): Promise<void> {
      await tx.beat.update({ where: { id: beatId }, data: { soldExclusiveAt: null } });
    },

    /** A dispute opened: downloads of the order's licence wait until it closes. */
    async openDispute(tx: Tx, orderId: string, disputeId: string, at: Date): Promise<void> {
      await tx.order.update({ where: { id: orderId }, data: { disputeId, disputeStatus: 'open' } });
      await tx.license.updateMany({ where: { orderId, revokedAt: null }, data: { frozenAt: at } });
    },

    async closeDispute(tx: Tx, orderId: string, status: 'won' | 'lost'): Promise<void> {
      await tx.order.update({ where: { id: orderId }, data: { disputeStatus: status } });
      await tx.license.updateMany({ where: { orderId }, data: { frozenAt: null } });
    },

    /** GET /api/admin/orders: paid and refunded orders matching buyer, beat or invoice number. */
    async search(q: string, limit: number): Promise<AdminOrderRow[]> {
      const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await prisma.$queryRaw<(Omit<AdminOrderRow, 'paid_at'> & { paid_at: Date | null })[]>`
        SELECT o.id, u.name AS buyer_name, u.email AS buyer_email, o.beat_id, b.title AS beat_title,
               o.license_type, o.amount_cents, o.currency, o.status, o.provider,
               i.invoice_number, o.paid_at, o.dispute_status,
               COALESCE((SELECT SUM(r.amount_cents) FROM refunds r WHERE r.order_id = o.id), 0)::int AS refunded_cents
        FROM orders o
        JOIN users u ON u.id = o.buyer_id
        JOIN beats b ON b.id = o.beat_id
        LEFT JOIN invoices i ON i.order_id = o.id
        WHERE o.paid_at IS NOT NULL
          AND (${q} = '' OR u.email ILIKE ${like} OR u.name ILIKE ${like}
               OR b.title ILIKE ${like} OR i.invoice_number ILIKE ${like})
        ORDER BY o.paid_at DESC, o.id
        LIMIT ${limit}`;
      return rows.map((r) => ({ ...r, paid_at: r.paid_at?.toISOString() ?? null }));
    },
  };
}

export type RefundsRepository = ReturnType<typeof createRefundsRepository>;
