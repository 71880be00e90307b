import { licenseName } from '@beatroom/shared/licensing';
import { InvoiceItem } from '@beatroom/shared/money-contract';
import {
  formatCreditNoteNumber,
  REFUND_ERRORS,
  type AdminOrdersResponse,
  type AdminRefundResponse,
} from '@beatroom/shared/refunds-contract';
import { z } from 'zod';
import type { Tx } from '../../../db/transaction';
import { ACCOUNT_DELETED } from '../../../db/user-lock';
import type { DomainEvents } from '../../../events/domain-events';
import { conflict, notFound } from '../../../http/http-errors';
import type { AuditEntry } from '../../operations/audit/audit.service';
import type { CheckoutProvider } from '../payments/checkout-provider';
import type { UserRecord } from '../../platform/users/user-record';
import { releaseCoupon } from '../coupons/coupon-redemptions';
import { reversalTransferStatus, shareOf } from './refund-amounts';
import {
  insertLineReversals,
  producerShares,
  reverseLineTransfers,
  reverseTransfer,
  saleLines,
  splitRefund,
  type TransferReversal,
} from './refund-lines';
import type { RefundsRepository } from './refunds.repository';

type Log = Record<'info' | 'warn' | 'error', (obj: object, msg: string) => void>;

/** One refund of an order to record: how much, why, and who or what asked for it. */
export interface OrderRefund {
  /** Cents to give back; at most what is left, the rest when omitted. */
  amountCents?: number;
  reason: string;
  source: 'stripe' | 'admin' | 'dispute';
  providerRefundId: string | null;
  admin?: UserRecord;
}

const SEARCH_LIMIT = 50;
/**
 * The provider refused or could not be reached: nothing was recorded, and the admin may try
 * again (the same idempotency key then refunds once). Answered 502 with a readable message.
 */
export class ProviderRefundError extends Error {
  constructor() {
    super(REFUND_ERRORS.PROVIDER_FAILED);
  }
}
const Items = z.array(InvoiceItem);

/**
 * Refunds and disputes of beat orders. A refund is recorded in one transaction under the
 * order's row lock: the refund, its credit note (numbered CN-<year>-<n>, gapless), a negative
 * sales-ledger row that takes back the producer's share (never an edit of the sale), and, when
 * nothing is left to refund, the order marked refunded, its licence revoked and an exclusive put
 * back on sale. A partial refund keeps the licence. A second refund of a fully refunded order is
 * a 409 and changes nothing. Money moves at the provider first (a Stripe Refund, a transfer
 * reversal from the producer's connected account), each under an idempotency key, so a retry
 * after a failure never moves it twice.
 */
export function createRefundsService(deps: {
  repo: RefundsRepository;
  provider: CheckoutProvider;
  reverseTransfer: () => TransferReversal | null;
  audit: () => { record(tx: Tx, entry: AuditEntry): Promise<void> };
  events: DomainEvents;
  log: Log;
  now?: () => Date;
}) {
  const { repo, events, log } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Records one refund of a locked, paid order. Answers null when it changes nothing: the
   * provider refund was recorded already (a redelivered event) or nothing is left to refund.
   */
  async function record(
    tx: Tx,
    orderId: string,
    refund: OrderRefund,
    reversalId: string | null,
    lineReversals: Map<string, string>,
  ) {
    const order = await repo.lockOrder(tx, orderId);
    // An erased account receives nothing more, a credit note included (its money, if the
    // provider still gave it back, is the provider's record).
    if (!order || order.status !== 'paid' || !order.invoice_id || order.buyer_deleted) return null;
    if (refund.providerRefundId && (await repo.knownProviderRefund(refund.providerRefundId, tx))) return null;
    const left = order.amount_cents - order.refunded_cents;
    if (left <= 0 || order.fully_refunded) return null;
    const amount = Math.min(refund.amountCents ?? left, left);
    const full = amount === left;
    const at = now();
    const refundId = await repo.insertRefund(tx, {
      invoiceId: order.invoice_id,
      orderId: order.id,
      amountCents: amount,
      full,
      reason: refund.reason,
      source: refund.source,
      providerRefundId: refund.providerRefundId,
      adminId: refund.admin?.id ?? null,
    });
    const sequence = await repo.nextCreditNoteSequence(tx, at.getUTCFullYear());
    const creditNoteNumber = formatCreditNoteNumber(at.getUTCFullYear(), sequence);
    const items = Items.safeParse(order.invoice_items);
    const name =
      items.success && items.data[0]
        ? items.data[0].name
        : `${order.beat_title} (${licenseName(order.license_type)} licence)`;
    // A cart order (several sale rows) is refunded line by line: a reversal and a note line each.
    const lines = await saleLines(tx, order.id);
    const shares = lines.length > 1 ? splitRefund(lines, amount, full) : null;
    const noteItems = shares
      ?.map((l, i) => ({ name: items.data?.[i]?.name ?? l.line.beat_id, quantity: 1, price: l.gross }))
      .filter((item) => item.price > 0);
    await repo.insertCreditNote(tx, {
      number: creditNoteNumber,
      userId: order.buyer_id,
      refundId,
      invoiceNumber: order.invoice_number!,
      items: noteItems ?? [
        {
          name: full && amount === order.amount_cents ? name : `${name}, partial refund`,
          quantity: 1,
          price: amount,
        },
      ],
      reason: refund.reason,
      currency: order.currency,
      totalCents: amount,
      issuedAt: at,
    });
    const single = shareOf(order, amount, full);
    const share = shares ? { net: shares.reduce((sum, l) => sum + l.net, 0) } : single;
    if (shares) await insertLineReversals(tx, { orderId, refundId, shares, reversals: lineReversals, at });
    else {
      const transferStatus = reversalTransferStatus(order, reversalId);
      const amounts = { grossCents: -amount, feeCents: -single.fee, netCents: -single.net };
      await repo.insertReversal(tx, {
        order,
        refundId,
        ...amounts,
        transferStatus,
        transferId: reversalId,
        at,
      });
    }
    if (full) {
      await repo.closeRefunded(tx, order.id, {
        reason: refund.reason,
        licenceReason: refund.source === 'dispute' ? 'dispute_lost' : 'refunded',
        providerRefundId: refund.providerRefundId,
        at,
      });
      for (const line of lines.length > 1 ? lines : [{ ...order, upgrade_from: order.upgrade_from }]) {
        // An upgrade taken back gives back the licences it replaced: the buyer paid for them.
        if (line.upgrade_from) await repo.restoreReplacedLicences(tx, order.buyer_id, line.beat_id);
        // A sold exclusive goes back on sale.
        if (line.license_type === 'exclusive') await repo.releaseExclusive(tx, line.beat_id);
      }
      // The coupon's use is given back with the money.
      await releaseCoupon(tx, order.id);
    }
    const eventId = await events.record(tx, {
      type: 'order.refunded',
      orderId: order.id,
      beatId: order.beat_id,
      beatTitle: order.beat_title,
      buyerId: order.buyer_id,
      producerId: order.producer_id,
      amountCents: amount,
      netCents: share.net,
      full,
      creditNoteNumber,
      ...(shares && { producerShares: producerShares(shares, items.data) }),
    });
    return { order, amount, full, creditNoteNumber, eventId, refundedCents: order.refunded_cents + amount };
  }

  /** Refunds (the rest of) an order: provider first, then the one recording transaction. */
  async function refundOrder(
    orderId: string,
    refund: OrderRefund,
    onRecorded?: (tx: Tx, r: NonNullable<Awaited<ReturnType<typeof record>>>) => Promise<void>,
  ) {
    const order = await repo.order(orderId);
    if (!order) return null;
    const left = order.amount_cents - order.refunded_cents;
    const amount = Math.min(refund.amountCents ?? left, left);
    const key = refund.providerRefundId ?? `${refund.source}-${orderId}`;
    const share = order.status === 'paid' && amount > 0 ? shareOf(order, amount, amount === left) : null;
    const lines = order.status === 'paid' ? await repo.transaction((tx) => saleLines(tx, orderId)) : [];
    const multi = lines.length > 1;
    const reverse = deps.reverseTransfer();
    const reversalId = share && !multi ? await reverseTransfer(reverse, order, share.net, key) : null;
    const lineReversals = multi
      ? await reverseLineTransfers(reverse, orderId, splitRefund(lines, amount, amount === left), key)
      : new Map<string, string>();
    const done = await repo.transaction(async (tx) => {
      const recorded = await record(tx, orderId, refund, reversalId, lineReversals);
      if (recorded) await onRecorded?.(tx, recorded);
      return recorded;
    });
    if (done?.eventId) await events.deliver([done.eventId]);
    if (done)
      log.info({ orderId, amount: done.amount, full: done.full, source: refund.source }, 'order refunded');
    return done;
  }

  return {
    refundOrder,

    /**
     * POST /api/admin/orders/{id}/refund (the route's guard let only admins and owners in): the
     * whole order, through Stripe when it was paid there, locally otherwise; audited in the
     * refund's transaction.
     */
    async adminRefund(admin: UserRecord, orderId: string, reason: string): Promise<AdminRefundResponse> {
      const order = await repo.order(orderId);
      if (!order) throw notFound(REFUND_ERRORS.ORDER_NOT_FOUND);
      if (order.fully_refunded || order.status === 'refunded') throw conflict(REFUND_ERRORS.ALREADY_REFUNDED);
      if (order.status !== 'paid') throw conflict(REFUND_ERRORS.NOT_PAID);
      if (order.buyer_deleted) throw conflict(ACCOUNT_DELETED);
      const left = order.amount_cents - order.refunded_cents;
      let providerRefundId: string;
      try {
        ({ refundId: providerRefundId } = await deps.provider.refund({
          id: order.id,
          paymentId: order.provider_payment_id,
          amountCents: left,
          destinationCharge: !!order.transfer_destination,
          reason,
          idempotencyKey: `admin-refund-${order.id}`,
        }));
      } catch (error) {
        log.error({ err: error, orderId }, 'the provider refused the refund');
        throw new ProviderRefundError();
      }
      const done = await refundOrder(
        orderId,
        { reason, source: 'admin', providerRefundId, admin, amountCents: left },
        async (tx, r) => {
          await deps.audit().record(tx, {
            adminId: admin.id,
            action: 'order.refund',
            targetType: 'order',
            targetId: orderId,
            before: { status: 'paid', refunded_cents: order.refunded_cents },
            after: {
              status: 'refunded',
              refunded_cents: r.refundedCents,
              credit_note_number: r.creditNoteNumber,
              reason,
            },
          });
        },
      );
      // Another refund of the same order committed first: this one changed nothing.
      if (!done) throw conflict(REFUND_ERRORS.ALREADY_REFUNDED);
      return {
        order_id: orderId,
        status: 'refunded',
        refunded_cents: done.refundedCents,
        credit_note_number: done.creditNoteNumber,
      };
    },

    /** Stripe refunded (part of) the payment of an order: each refund is recorded once. */
    async providerRefunded(
      orderId: string,
      refunds: { id: string; amount: number; reason: string | null }[],
    ): Promise<void> {
      for (const r of refunds) {
        if (await repo.knownProviderRefund(r.id)) continue;
        await refundOrder(orderId, {
          amountCents: r.amount,
          reason: r.reason ?? 'Refunded by the payment provider',
          source: 'stripe',
          providerRefundId: r.id,
        });
      }
    },

    orderIdByPayment: (paymentId: string) => repo.orderIdByPayment(paymentId),

    /** GET /api/admin/orders?q= (the route's guard let only admins and owners in). */
    async search(q: string): Promise<AdminOrdersResponse> {
      return { orders: await repo.search(q, SEARCH_LIMIT) };
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
