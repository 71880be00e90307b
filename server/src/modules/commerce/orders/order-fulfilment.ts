import { licenseName } from '@beatroom/shared/licensing';
import type { LicenseId } from '@beatroom/shared/money-constants';
import { formatInvoiceNumber, PURCHASE_ERRORS } from '@beatroom/shared/money-contract';
import type { Tx } from '../../../db/transaction';
import { ACCOUNT_DELETED } from '../../../db/user-lock';
import type { FulfilmentRepository, LockedOrder } from './fulfilment.repository';

/** A payment the provider confirmed for an order. */
export interface ConfirmedPayment {
  paymentId: string;
  amountCents: number;
}

export type PaidOrder = {
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

/** What fulfilment did; 'refund' means the money must go back (the caller asks the provider). */
export type FulfilmentResult =
  | { outcome: 'unknown_order' }
  | { outcome: 'already_paid' | 'already_refunded'; orderId: string }
  | { outcome: 'refund'; orderId: string; reason: string; transferDestination: string | null }
  | PaidOrder;

export const AMOUNT_MISMATCH = 'The payment did not match the order amount';

/** An upgrade whose lower licence is gone (refunded meanwhile) was priced against it: refunded. */
export const UPGRADE_BASE_GONE = 'The licence this upgrade replaces is no longer held';

/**
 * Why a locked order's payment cannot be honoured, or null when it can. The caller holds the
 * parties', the order's and the beat's locks.
 */
async function refusal(
  repo: FulfilmentRepository,
  tx: Tx,
  order: LockedOrder,
  c: {
    alive: Set<string> | null;
    beat: { sold_exclusive_at: Date | null } | null;
    amountCents: number;
    at: Date;
  },
): Promise<string | null> {
  // An erased account never receives a licence nor is paid for one: the money goes back.
  if (!c.alive?.has(order.buyer_id) || !c.alive.has(order.producer_id)) return ACCOUNT_DELETED;
  if (c.amountCents !== order.amount_cents) return AMOUNT_MISMATCH;
  if (!c.beat || c.beat.sold_exclusive_at) return PURCHASE_ERRORS.SOLD_EXCLUSIVE;
  const buyer = { buyerId: order.buyer_id, beatId: order.beat_id };
  if (await repo.holdsLicence(tx, { ...buyer, licenseType: order.license_type })) {
    return PURCHASE_ERRORS.ALREADY_HELD;
  }
  if (order.upgrade_from && !(await repo.holdsLicence(tx, { ...buyer, licenseType: order.upgrade_from }))) {
    return UPGRADE_BASE_GONE;
  }
  if (order.license_type === 'exclusive') {
    // This order may have expired meanwhile: it is honoured unless another buyer's checkout,
    // still open, holds the beat now (run-out ones are expired first).
    await repo.expireRunOutExclusives(tx, order.beat_id, order.id, c.at);
    if (await repo.otherExclusiveHeld(tx, order.beat_id, order.id)) return PURCHASE_ERRORS.RESERVED;
  }
  return null;
}

/**
 * The one fulfilment transaction, idempotent per order: whichever of the provider's
 * notifications (or the local checkout's Pay) arrives first does the work, every later one finds
 * the order paid and changes nothing. The order row, then the beat row, are locked, so two
 * payments for the same beat are decided one after the other: an exclusive is sold once, a
 * licence is granted once. A payment that cannot be honoured (the exclusive went to someone
 * else, the buyer already holds the licence, the amount is wrong) marks the order refunded with
 * the reason, and the caller returns the money; so is one whose buyer or producer deleted the
 * account. Lock order: the buyer's and producer's user rows, the order, then the beat.
 * `onPaid` runs in the transaction once the order is paid: the beat.purchased event is written
 * with the sale.
 */
export function fulfilOrder(
  repo: FulfilmentRepository,
  orderId: string,
  payment: ConfirmedPayment,
  at: Date,
  onPaid?: (tx: Tx, paid: PaidOrder) => Promise<unknown>,
): Promise<FulfilmentResult> {
  return repo.transaction(async (tx): Promise<FulfilmentResult> => {
    // The buyer's and the producer's rows before the order's (db/user-lock.ts): an account
    // deletion, which locks its user row first too, and this payment then take turns instead
    // of deadlocking, and a payment arriving second finds the account deleted.
    const alive = await repo.lockParties(tx, orderId);
    const order = await repo.lockOrder(tx, orderId);
    if (!order) return { outcome: 'unknown_order' };
    if (order.status === 'paid') return { outcome: 'already_paid', orderId };
    if (order.status === 'refunded') return { outcome: 'already_refunded', orderId };

    const beat = await repo.lockBeat(tx, order.beat_id);
    const reason = await refusal(repo, tx, order, { alive, beat, amountCents: payment.amountCents, at });
    if (reason || !beat) {
      const why = reason ?? PURCHASE_ERRORS.SOLD_EXCLUSIVE;
      await repo.markRefused(tx, orderId, { reason: why, at, paymentId: payment.paymentId });
      return { outcome: 'refund', orderId, reason: why, transferDestination: order.transfer_destination };
    }

    await repo.markPaid(tx, orderId, { at, paymentId: payment.paymentId });
    const licence = { buyerId: order.buyer_id, beatId: order.beat_id };
    await repo.createLicence(tx, { ...licence, licenseType: order.license_type, orderId });
    if (order.upgrade_from) {
      // The upgrade replaces the lower licences: the new one grants everything they did. They
      // stay on record (their orders and invoices are history), marked replaced.
      await repo.replaceOtherLicences(tx, { ...licence, keep: order.license_type, at });
    }
    if (order.license_type === 'exclusive') await repo.markSoldExclusive(tx, order.beat_id, at);

    const year = at.getUTCFullYear();
    const invoiceNumber = formatInvoiceNumber(year, await repo.nextInvoiceCounter(tx, year));
    const name = order.upgrade_from
      ? `${beat.title} (upgrade from ${licenseName(order.upgrade_from)} to ${licenseName(order.license_type)} licence)`
      : `${beat.title} (${licenseName(order.license_type)} licence)`;
    await repo.createInvoice(tx, {
      invoiceNumber,
      userId: order.buyer_id,
      orderId,
      items: [{ name, quantity: 1, price: order.amount_cents }],
      paymentDate: at,
      paymentProvider: order.provider,
      paymentMethodType: order.payment_method_type,
      currency: order.currency,
      totalCents: order.amount_cents,
    });

    const netCents = order.amount_cents - order.fee_cents;
    await repo.createSale(tx, {
      producerId: order.producer_id,
      orderId,
      beatId: order.beat_id,
      grossCents: order.amount_cents,
      feeCents: order.fee_cents,
      netCents,
      feePercent: order.fee_percent,
      currency: order.currency,
      // Local test payments move no money; a destination charge already paid the producer;
      // otherwise the net waits for their payout account.
      transferStatus:
        order.provider === 'local' ? 'none' : order.transfer_destination ? 'destination' : 'pending',
    });
    const paid: PaidOrder = {
      outcome: 'paid',
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
  });
}
