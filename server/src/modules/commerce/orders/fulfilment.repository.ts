import { licenseName } from '@beatroom/shared/licensing';
import type { LicenseId } from '@beatroom/shared/money-constants';
import { formatInvoiceNumber, PURCHASE_ERRORS, type InvoiceItem } from '@beatroom/shared/money-contract';
import type { PrismaClient } from '../../../generated/prisma/client';
import type { Tx } from '../../../db/transaction';
import { ACCOUNT_DELETED, lockLivingUsers } from '../../../db/user-lock';
import { LICENSE_REPLACED } from './orders.repository';

/** A payment the provider confirmed for an order. */
export interface ConfirmedPayment {
  paymentId: string;
  amountCents: number;
}

/** What fulfilment did; 'refund' means the money must go back (the caller asks the provider). */
export type FulfilmentResult =
  | { outcome: 'unknown_order' }
  | { outcome: 'already_paid' | 'already_refunded'; orderId: string }
  | { outcome: 'refund'; orderId: string; reason: string; transferDestination: string | null }
  | {
      outcome: 'paid';
      orderId: string;
      beatId: string;
      beatTitle: string;
      buyerId: string;
      producerId: string;
      licenseType: LicenseId;
      amountCents: number;
      netCents: number;
      invoiceNumber: string;
    };

/**
 * Payments for one beat queue on its row lock, and the embedded database runs one transaction
 * at a time: a burst of deliveries must wait its turn instead of failing after Prisma's 2 s.
 */
const TRANSACTION_OPTIONS = { maxWait: 30_000, timeout: 30_000 };

export const AMOUNT_MISMATCH = 'The payment did not match the order amount';

interface LockedOrder {
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

/** An upgrade whose lower licence is gone (refunded meanwhile) was priced against it: refunded. */
export const UPGRADE_BASE_GONE = 'The licence this upgrade replaces is no longer held';

/**
 * The one fulfilment transaction, idempotent per order: whichever of the provider's
 * notifications (or the local checkout's Pay) arrives first does the work, every later one finds
 * the order paid and changes nothing. The order row, then the beat row, are locked, so two
 * payments for the same beat are decided one after the other: an exclusive is sold once, a
 * licence is granted once. A payment that cannot be honoured (the exclusive went to someone
 * else, the buyer already holds the licence, the amount is wrong) marks the order refunded with
 * the reason, and the caller returns the money; so is one whose buyer or producer deleted the
 * account. Lock order: the buyer's and producer's user rows, the order, then the beat.
 */
export function createFulfilmentRepository(prisma: PrismaClient) {
  return {
    /** `onPaid` runs in the transaction once the order is paid: the beat.purchased event is written with the sale. */
    fulfil(
      orderId: string,
      payment: ConfirmedPayment,
      now: Date,
      onPaid?: (tx: Tx, paid: Extract<FulfilmentResult, { outcome: 'paid' }>) => Promise<unknown>,
    ): Promise<FulfilmentResult> {
      return prisma.$transaction(async (tx) => {
        // The buyer's and the producer's rows before the order's (db/user-lock.ts): an account
        // deletion, which locks its user row first too, and this payment then take turns instead
        // of deadlocking, and a payment arriving second finds the account deleted.
        const [parties] = await tx.$queryRaw<{ buyer_id: string; producer_id: string }[]>`
          SELECT buyer_id::text, producer_id::text FROM orders WHERE id = ${orderId}::uuid`;
        const alive = parties ? await lockLivingUsers(tx, [parties.buyer_id, parties.producer_id]) : null;
        const [order] = await tx.$queryRaw<LockedOrder[]>`
          SELECT id, buyer_id, beat_id, producer_id, license_type, amount_cents, fee_percent::text,
                 fee_cents, currency, status, provider, payment_method_type, transfer_destination,
                 upgrade_from
          FROM orders WHERE id = ${orderId}::uuid FOR UPDATE`;
        if (!order) return { outcome: 'unknown_order' };
        if (order.status === 'paid') return { outcome: 'already_paid', orderId };
        if (order.status === 'refunded') return { outcome: 'already_refunded', orderId };

        const [beat] = await tx.$queryRaw<{ title: string; sold_exclusive_at: Date | null }[]>`
          SELECT title, sold_exclusive_at FROM beats WHERE id = ${order.beat_id}::uuid FOR UPDATE`;
        const refuse = async (reason: string): Promise<FulfilmentResult> => {
          await tx.order.update({
            where: { id: orderId },
            data: {
              status: 'refunded',
              statusReason: reason,
              refundedAt: now,
              providerPaymentId: payment.paymentId,
            },
          });
          return { outcome: 'refund', orderId, reason, transferDestination: order.transfer_destination };
        };
        // An erased account never receives a licence nor is paid for one: the money goes back.
        if (!alive?.has(order.buyer_id) || !alive.has(order.producer_id)) return refuse(ACCOUNT_DELETED);
        if (payment.amountCents !== order.amount_cents) return refuse(AMOUNT_MISMATCH);
        if (!beat || beat.sold_exclusive_at) return refuse(PURCHASE_ERRORS.SOLD_EXCLUSIVE);
        const held = await tx.license.count({
          where: {
            buyerId: order.buyer_id,
            beatId: order.beat_id,
            licenseType: order.license_type,
            revokedAt: null,
          },
        });
        if (held) return refuse(PURCHASE_ERRORS.ALREADY_HELD);
        if (order.upgrade_from) {
          const base = await tx.license.count({
            where: {
              buyerId: order.buyer_id,
              beatId: order.beat_id,
              licenseType: order.upgrade_from,
              revokedAt: null,
            },
          });
          if (!base) return refuse(UPGRADE_BASE_GONE);
        }
        if (order.license_type === 'exclusive') {
          // This order may have expired meanwhile: it is honoured unless another buyer's
          // checkout, still open, holds the beat now (run-out ones are expired first).
          await tx.order.updateMany({
            where: {
              beatId: order.beat_id,
              licenseType: 'exclusive',
              status: 'pending',
              expiresAt: { lte: now },
              id: { not: orderId },
            },
            data: { status: 'expired', statusReason: 'Checkout expired' },
          });
          const other = await tx.order.count({
            where: {
              beatId: order.beat_id,
              licenseType: 'exclusive',
              status: { in: ['pending', 'paid'] },
              id: { not: orderId },
            },
          });
          if (other) return refuse(PURCHASE_ERRORS.RESERVED);
        }

        await tx.order.update({
          where: { id: orderId },
          data: { status: 'paid', statusReason: null, paidAt: now, providerPaymentId: payment.paymentId },
        });
        await tx.license.create({
          data: { buyerId: order.buyer_id, beatId: order.beat_id, licenseType: order.license_type, orderId },
        });
        if (order.upgrade_from) {
          // The upgrade replaces the lower licences: the new one grants everything they did. They
          // stay on record (their orders and invoices are history), marked replaced.
          await tx.license.updateMany({
            where: {
              buyerId: order.buyer_id,
              beatId: order.beat_id,
              licenseType: { not: order.license_type },
              revokedAt: null,
            },
            data: { revokedAt: now, revokedReason: LICENSE_REPLACED },
          });
        }
        if (order.license_type === 'exclusive') {
          await tx.beat.update({ where: { id: order.beat_id }, data: { soldExclusiveAt: now } });
        }

        const year = now.getUTCFullYear();
        const [counter] = await tx.$queryRaw<{ last_number: number }[]>`
          INSERT INTO invoice_counters (year, last_number) VALUES (${year}, 1)
          ON CONFLICT (year) DO UPDATE SET last_number = invoice_counters.last_number + 1
          RETURNING last_number`;
        const invoiceNumber = formatInvoiceNumber(year, counter!.last_number);
        const items: InvoiceItem[] = [
          {
            name: order.upgrade_from
              ? `${beat.title} (upgrade from ${licenseName(order.upgrade_from)} to ${licenseName(order.license_type)} licence)`
              : `${beat.title} (${licenseName(order.license_type)} licence)`,
            quantity: 1,
            price: order.amount_cents,
          },
        ];
        await tx.invoice.create({
          data: {
            invoiceNumber,
            userId: order.buyer_id,
            orderId,
            items,
            paymentDate: now,
            transactionType: 'beat_purchase',
            status: 'paid',
            paymentProvider: order.provider,
            paymentMethodType: order.payment_method_type,
            currency: order.currency,
            subtotalCents: order.amount_cents,
            totalCents: order.amount_cents,
          },
        });

        const netCents = order.amount_cents - order.fee_cents;
        await tx.salesLedgerEntry.create({
          data: {
            producerId: order.producer_id,
            orderId,
            beatId: order.beat_id,
            grossCents: order.amount_cents,
            feeCents: order.fee_cents,
            netCents,
            feePercent: order.fee_percent,
            currency: order.currency,
            // Local test payments move no money; a destination charge already paid the
            // producer; otherwise the net waits for their payout account.
            transferStatus:
              order.provider === 'local' ? 'none' : order.transfer_destination ? 'destination' : 'pending',
            transferId: null,
          },
        });
        const paid = {
          outcome: 'paid' as const,
          orderId,
          beatId: order.beat_id,
          beatTitle: beat.title,
          buyerId: order.buyer_id,
          producerId: order.producer_id,
          licenseType: order.license_type,
          amountCents: order.amount_cents,
          netCents,
          invoiceNumber,
        };
        await onPaid?.(tx, paid);
        return paid;
      }, TRANSACTION_OPTIONS);
    },
  };
}

export type FulfilmentRepository = ReturnType<typeof createFulfilmentRepository>;
