import type { LicenseId } from '@beatroom/shared/money-constants';
import type { InvoiceItem } from '@beatroom/shared/money-contract';
import type { PrismaClient } from '../../../generated/prisma/client';
import type { Tx } from '../../../db/transaction';
import { lockLivingUsers } from '../../../db/user-lock';
import { exclusiveOf, LICENSE_REPLACED } from './orders.repository';

/**
 * Payments for one beat queue on its row lock, and the embedded database runs one transaction
 * at a time: a burst of deliveries must wait its turn instead of failing after Prisma's 2 s.
 */
const TRANSACTION_OPTIONS = { maxWait: 30_000, timeout: 30_000 };

/** An order as fulfilment reads it, under its row lock. */
export interface LockedOrder {
  id: string;
  buyer_id: string;
  beat_id: string;
  producer_id: string;
  license_type: LicenseId;
  amount_cents: number;
  fee_percent: string;
  fee_cents: number;
  currency: string;
  status: string;
  provider: string;
  payment_method_type: string;
  transfer_destination: string | null;
  upgrade_from: LicenseId | null;
}

/** One line of a locked order: a beat, its licence and what was paid for it. */
export interface LockedLine {
  /** Null for an order stored before lines existed. */
  id: string | null;
  beat_id: string;
  producer_id: string;
  license_type: LicenseId;
  upgrade_from: LicenseId | null;
  amount_cents: number;
  discount_cents: number;
  discount_reason: string | null;
  fee_cents: number;
}

/** The rows fulfilment reads and writes; what to do with them is fulfilment's decision. */
export function createFulfilmentRepository(prisma: PrismaClient) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return prisma.$transaction(work, TRANSACTION_OPTIONS);
    },

    /**
     * Locks the order's buyer's and producer's user rows (db/user-lock.ts) and answers whose
     * accounts are alive; null when there is no such order.
     */
    async lockParties(tx: Tx, orderId: string): Promise<Set<string> | null> {
      // The producers of every line too: a cart order pays several.
      const [parties] = await tx.$queryRaw<{ buyer_id: string; producer_ids: string[] }[]>`
        SELECT o.buyer_id::text, array_append(
                 ARRAY(SELECT l.producer_id::text FROM order_lines l WHERE l.order_id = o.id),
                 o.producer_id::text) AS producer_ids
        FROM orders o WHERE o.id = ${orderId}::uuid`;
      return parties ? lockLivingUsers(tx, [parties.buyer_id, ...new Set(parties.producer_ids)]) : null;
    },

    /** The order's lines in their order; an order stored before lines existed is its own line. */
    async lines(tx: Tx, order: LockedOrder): Promise<LockedLine[]> {
      const rows = await tx.$queryRaw<LockedLine[]>`
        SELECT id, beat_id, producer_id, license_type, upgrade_from, amount_cents, discount_cents,
               discount_reason, fee_cents
        FROM order_lines WHERE order_id = ${order.id}::uuid ORDER BY position`;
      if (rows.length > 0) return rows;
      const { beat_id, producer_id, license_type, upgrade_from, amount_cents, fee_cents } = order;
      const discount = { discount_cents: 0, discount_reason: null };
      return [
        { id: null, beat_id, producer_id, license_type, upgrade_from, amount_cents, fee_cents, ...discount },
      ];
    },

    /** Locks the beats' rows in id order (the order every checkout and payment takes them in). */
    async lockBeats(tx: Tx, beatIds: string[]) {
      const rows = await tx.$queryRaw<{ id: string; title: string; sold_exclusive_at: Date | null }[]>`
        SELECT id::text, title, sold_exclusive_at FROM beats
        WHERE id = ANY(${[...new Set(beatIds)]}::uuid[]) ORDER BY id FOR UPDATE`;
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** The buyer's cart no longer holds what they just paid for. */
    async removeFromCart(tx: Tx, buyerId: string, beatIds: string[]) {
      await tx.cartLine.deleteMany({ where: { userId: buyerId, beatId: { in: beatIds } } });
    },

    async lockOrder(tx: Tx, orderId: string): Promise<LockedOrder | null> {
      const [order] = await tx.$queryRaw<LockedOrder[]>`
        SELECT id, buyer_id, beat_id, producer_id, license_type, amount_cents, fee_percent::text,
               fee_cents, currency, status, provider, payment_method_type, transfer_destination,
               upgrade_from
        FROM orders WHERE id = ${orderId}::uuid FOR UPDATE`;
      return order ?? null;
    },

    async markRefused(tx: Tx, orderId: string, p: { reason: string; at: Date; paymentId: string }) {
      await tx.order.update({
        where: { id: orderId },
        data: {
          status: 'refunded',
          statusReason: p.reason,
          refundedAt: p.at,
          providerPaymentId: p.paymentId,
        },
      });
    },

    async holdsLicence(tx: Tx, l: { buyerId: string; beatId: string; licenseType: LicenseId }) {
      return (await tx.license.count({ where: { ...l, revokedAt: null } })) > 0;
    },

    /** Expires the beat's other exclusive checkouts whose time ran out. */
    async expireRunOutExclusives(tx: Tx, beatId: string, exceptOrderId: string, at: Date) {
      await tx.order.updateMany({
        where: {
          ...exclusiveOf(beatId),
          status: 'pending',
          expiresAt: { lte: at },
          id: { not: exceptOrderId },
        },
        data: { status: 'expired', statusReason: 'Checkout expired' },
      });
    },

    /** Whether another exclusive order of the beat is open or paid. */
    async otherExclusiveHeld(tx: Tx, beatId: string, exceptOrderId: string) {
      const other = await tx.order.count({
        where: {
          ...exclusiveOf(beatId),
          status: { in: ['pending', 'paid'] },
          id: { not: exceptOrderId },
        },
      });
      return other > 0;
    },

    async markPaid(tx: Tx, orderId: string, p: { at: Date; paymentId: string }) {
      await tx.order.update({
        where: { id: orderId },
        data: { status: 'paid', statusReason: null, paidAt: p.at, providerPaymentId: p.paymentId },
      });
    },

    async createLicence(
      tx: Tx,
      l: {
        buyerId: string;
        beatId: string;
        licenseType: LicenseId;
        orderId: string;
        orderLineId: string | null;
      },
    ) {
      await tx.license.create({ data: l });
    },

    /** Marks the buyer's other live licences of the beat replaced (kept on record). */
    async replaceOtherLicences(tx: Tx, l: { buyerId: string; beatId: string; keep: LicenseId; at: Date }) {
      await tx.license.updateMany({
        where: { buyerId: l.buyerId, beatId: l.beatId, licenseType: { not: l.keep }, revokedAt: null },
        data: { revokedAt: l.at, revokedReason: LICENSE_REPLACED },
      });
    },

    async markSoldExclusive(tx: Tx, beatId: string, at: Date) {
      await tx.beat.update({ where: { id: beatId }, data: { soldExclusiveAt: at } });
    },

    /** The year's next invoice number (its counter, incremented under the row's lock). */
    async nextInvoiceCounter(tx: Tx, year: number): Promise<number> {
      const [counter] = await tx.$queryRaw<{ last_number: number }[]>`
        INSERT INTO invoice_counters (year, last_number) VALUES (${year}, 1)
        ON CONFLICT (year) DO UPDATE SET last_number = invoice_counters.last_number + 1
        RETURNING last_number`;
      return counter!.last_number;
    },

    async createInvoice(
      tx: Tx,
      invoice: {
        invoiceNumber: string;
        userId: string;
        orderId: string;
        items: InvoiceItem[];
        paymentDate: Date;
        paymentProvider: string;
        paymentMethodType: string;
        currency: string;
        subtotalCents: number;
        discountCents: number;
        totalCents: number;
      },
    ) {
      await tx.invoice.create({ data: { ...invoice, transactionType: 'beat_purchase', status: 'paid' } });
    },

    async createSale(
      tx: Tx,
      sale: {
        producerId: string;
        orderId: string;
        beatId: string;
        grossCents: number;
        feeCents: number;
        netCents: number;
        feePercent: string;
        currency: string;
        transferStatus: 'none' | 'destination' | 'pending';
      },
    ) {
      await tx.salesLedgerEntry.create({ data: { ...sale, transferId: null } });
    },
  };
}

export type FulfilmentRepository = ReturnType<typeof createFulfilmentRepository>;
