import { licenseName } from '@beatroom/shared/licensing';
import type { LicenseId } from '@beatroom/shared/money-constants';
import { formatInvoiceNumber, PURCHASE_ERRORS } from '@beatroom/shared/money-contract';
import type { Tx } from '../../../db/transaction';
import { ACCOUNT_DELETED } from '../../../db/user-lock';
import type { InvoiceItem } from '@beatroom/shared/money-contract';
import { useCoupon, releaseCoupon } from '../coupons/coupon-redemptions';
import type { FulfilmentRepository, LockedLine, LockedOrder } from './fulfilment.repository';

/** A payment the provider confirmed for an order. */
export interface ConfirmedPayment {
  paymentId: string;
  amountCents: number;
}

/** One paid line: its beat, licence, what was paid for it and its producer's net. */
export interface PaidLine {
  beatId: string;
  beatTitle: string;
  producerId: string;
  licenseType: LicenseId;
  amountCents: number;
  netCents: number;
}

/** A paid order: its first line's fields (a single purchase's one line) and every line. */
export type PaidOrder = {
  outcome: 'paid';
  lines: PaidLine[];
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

/** What the invoice and the mail call a line: "<title> (Premium licence)", or the upgrade. */
export function lineName(title: string, line: Pick<LockedLine, 'license_type' | 'upgrade_from'>) {
  return line.upgrade_from
    ? `${title} (upgrade from ${licenseName(line.upgrade_from)} to ${licenseName(line.license_type)} licence)`
    : `${title} (${licenseName(line.license_type)} licence)`;
}

type LockedBeats = Awaited<ReturnType<FulfilmentRepository['lockBeats']>>;

/**
 * Why one line of a locked order cannot be honoured, or null when it can. The caller holds the
 * parties', the order's and the beats' locks.
 */
async function lineRefusal(
  repo: FulfilmentRepository,
  tx: Tx,
  order: LockedOrder,
  line: LockedLine,
  c: { alive: Set<string> | null; beats: LockedBeats; at: Date },
): Promise<string | null> {
  // An erased account never receives a licence nor is paid for one: the money goes back.
  if (!c.alive?.has(order.buyer_id) || !c.alive.has(line.producer_id)) return ACCOUNT_DELETED;
  const beat = c.beats.get(line.beat_id);
  if (!beat || beat.sold_exclusive_at) return PURCHASE_ERRORS.SOLD_EXCLUSIVE;
  const buyer = { buyerId: order.buyer_id, beatId: line.beat_id };
  if (await repo.holdsLicence(tx, { ...buyer, licenseType: line.license_type })) {
    return PURCHASE_ERRORS.ALREADY_HELD;
  }
  if (line.upgrade_from && !(await repo.holdsLicence(tx, { ...buyer, licenseType: line.upgrade_from }))) {
    return UPGRADE_BASE_GONE;
  }
  if (line.license_type === 'exclusive') {
    // This order may have expired meanwhile: it is honoured unless another buyer's checkout,
    // still open, holds the beat now (run-out ones are expired first).
    await repo.expireRunOutExclusives(tx, line.beat_id, order.id, c.at);
    if (await repo.otherExclusiveHeld(tx, line.beat_id, order.id)) return PURCHASE_ERRORS.RESERVED;
  }
  return null;
}

/** Grants one line: its licence, the upgrade's replacement, an exclusive sold, the sale row. */
async function grantLine(
  repo: FulfilmentRepository,
  tx: Tx,
  order: LockedOrder,
  line: LockedLine,
  at: Date,
): Promise<number> {
  const licence = { buyerId: order.buyer_id, beatId: line.beat_id };
  const licenseType = line.license_type;
  await repo.createLicence(tx, { ...licence, licenseType, orderId: order.id, orderLineId: line.id });
  if (line.upgrade_from) {
    // The upgrade replaces the lower licences: the new one grants everything they did. They
    // stay on record (their orders and invoices are history), marked replaced.
    await repo.replaceOtherLicences(tx, { ...licence, keep: licenseType, at });
  }
  if (licenseType === 'exclusive') await repo.markSoldExclusive(tx, line.beat_id, at);
  const netCents = line.amount_cents - line.fee_cents;
  await repo.createSale(tx, {
    producerId: line.producer_id,
    orderId: order.id,
    beatId: line.beat_id,
    grossCents: line.amount_cents,
    feeCents: line.fee_cents,
    netCents,
    feePercent: order.fee_percent,
    currency: order.currency,
    // Local test payments move no money; a destination charge already paid the producer;
    // otherwise (a cart order always) the net waits for a Connect transfer to the producer.
    transferStatus:
      order.provider === 'local' ? 'none' : order.transfer_destination ? 'destination' : 'pending',
  });
  return netCents;
}

/**
 * The one fulfilment transaction, idempotent per order: whichever of the provider's
 * notifications (or the local checkout's Pay) arrives first does the work, every later one finds
 * the order paid and changes nothing. The parties' rows, the order row, then the beats' rows (in
 * id order) are locked, so two payments for the same beat are decided one after the other: an
 * exclusive is sold once, a licence is granted once. Every line is checked first; one that
 * cannot be honoured (the exclusive went to someone else, the buyer already holds the licence,
 * an account was deleted) or a wrong amount marks the whole order refunded with the reason,
 * and the caller returns the whole payment: one payment, one outcome. Otherwise each line gets
 * its licence and its producer's sale row (what was paid for it after discounts), the order one
 * invoice with a line per beat, the coupon's use is counted, and the cart lets go of the beats.
 * `onPaid` runs in the transaction once the order is paid: the sale events are written with it.
 */
export function fulfilOrder(
  repo: FulfilmentRepository,
  orderId: string,
  payment: ConfirmedPayment,
  at: Date,
  onPaid?: (tx: Tx, paid: PaidOrder) => Promise<unknown>,
): Promise<FulfilmentResult> {
  return repo.transaction(async (tx): Promise<FulfilmentResult> => {
    // The buyer's and the producers' rows before the order's (db/user-lock.ts): an account
    // deletion, which locks its user row first too, and this payment then take turns instead
    // of deadlocking, and a payment arriving second finds the account deleted.
    const alive = await repo.lockParties(tx, orderId);
    const order = await repo.lockOrder(tx, orderId);
    if (!order) return { outcome: 'unknown_order' };
    if (order.status === 'paid') return { outcome: 'already_paid', orderId };
    if (order.status === 'refunded') return { outcome: 'already_refunded', orderId };

    const lines = await repo.lines(tx, order);
    const beats = await repo.lockBeats(
      tx,
      lines.map((l) => l.beat_id),
    );
    let reason = payment.amountCents !== order.amount_cents ? AMOUNT_MISMATCH : null;
    for (const line of lines) reason ??= await lineRefusal(repo, tx, order, line, { alive, beats, at });
    if (reason) {
      await repo.markRefused(tx, orderId, { reason, at, paymentId: payment.paymentId });
      await releaseCoupon(tx, orderId);
      return { outcome: 'refund', orderId, reason, transferDestination: order.transfer_destination };
    }

    await repo.markPaid(tx, orderId, { at, paymentId: payment.paymentId });
    const paidLines: PaidLine[] = [];
    for (const line of lines) {
      const netCents = await grantLine(repo, tx, order, line, at);
      const beatTitle = beats.get(line.beat_id)!.title;
      paidLines.push({
        beatId: line.beat_id,
        beatTitle,
        producerId: line.producer_id,
        licenseType: line.license_type,
        amountCents: line.amount_cents,
        netCents,
      });
    }
    await useCoupon(tx, orderId);
    await repo.removeFromCart(
      tx,
      order.buyer_id,
      lines.map((l) => l.beat_id),
    );

    const year = at.getUTCFullYear();
    const invoiceNumber = formatInvoiceNumber(year, await repo.nextInvoiceCounter(tx, year));
    const items: InvoiceItem[] = lines.map((line) => ({
      name: lineName(beats.get(line.beat_id)!.title, line),
      quantity: 1,
      price: line.amount_cents + line.discount_cents,
      ...(line.discount_cents > 0 && {
        discount: line.discount_cents,
        discount_reason: line.discount_reason === 'deal' ? ('deal' as const) : ('coupon' as const),
      }),
    }));
    const discountCents = lines.reduce((sum, l) => sum + l.discount_cents, 0);
    await repo.createInvoice(tx, {
      invoiceNumber,
      userId: order.buyer_id,
      orderId,
      items,
      paymentDate: at,
      paymentProvider: order.provider,
      paymentMethodType: order.payment_method_type,
      currency: order.currency,
      subtotalCents: order.amount_cents + discountCents,
      discountCents,
      totalCents: order.amount_cents,
    });

    const first = paidLines[0]!;
    const paid: PaidOrder = {
      outcome: 'paid',
      orderId,
      ...first,
      buyerId: order.buyer_id,
      amountCents: order.amount_cents,
      netCents: first.netCents,
      invoiceNumber,
      lines: paidLines,
    };
    await onPaid?.(tx, paid);
    return paid;
  });
}
