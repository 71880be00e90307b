import { CART_ERRORS, type CartCheckoutBody } from '@beatroom/shared/cart-contract';
import { couponApplies, lineDiscounts } from '@beatroom/shared/cart-discounts';
import { COUPON_ERRORS } from '@beatroom/shared/coupons-contract';
import { CHARGE_CURRENCY } from '@beatroom/shared/list-price';
import { CHECKOUT_EXPIRY_MS, splitSale } from '@beatroom/shared/licensing';
import { PURCHASE_ERRORS, type PurchaseResponse } from '@beatroom/shared/money-contract';
import { conflict, HttpError } from '../../../http/http-errors';
import type { LicenseId } from '@beatroom/shared/money-constants';
import type { CartDiscounts } from '../cart/cart.service';
import { reserveCoupon } from '../coupons/coupon-redemptions';
import type { CheckoutProvider, CheckoutRequest } from '../payments/checkout-provider';
import type { UserRecord } from '../../platform/users/user-record';
import { INDEX_REFUSED, type CartCheckoutRepository, type NewOrderLine } from './cart-checkout.repository';
import type { ExclusiveHolds } from './exclusive-holds';
import { priceLicenceLine, type PricedLicenceLine } from './license-pricing';
import { lineName } from './order-fulfilment';
import type { OrderPayment } from './order-payment';
import type { OrdersRepository } from './orders.repository';

/** The buyer's stored cart as checkout reads it (the cart service). */
export interface StoredCart {
  storedLines(userId: string): Promise<
    {
      id: string;
      licenseType: LicenseId;
      shownPriceCents: number | null;
      beat: { id: string; title: string };
    }[]
  >;
  markShown(userId: string, shown: { id: string; priceCents: number }[]): Promise<void>;
}

/** A refusal about one line of the cart: the answer names its beat (and its price now). */
export class CartLineError extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    readonly beatId?: string,
    readonly priceCents?: number,
  ) {
    super(statusCode, message);
  }
}

/** Re-throws a single purchase's refusal of a line with the beat's title in front. */
function aboutLine(error: unknown, beat: { id: string; title: string }): never {
  if (!(error instanceof HttpError)) throw error;
  throw new CartLineError(error.statusCode, `${beat.title}: ${error.message}`, beat.id);
}

/**
 * POST /api/cart/checkout (docs/decisions/0007-multi-line-orders.md): the whole cart as one
 * order with a line per beat and one payment. Every rule of a single purchase holds per line,
 * checked again here: the server prices each line (a price that changed since the cart was
 * shown is a 409 naming the beat), own, free, sold or held beats are refused, and under the
 * beats' row locks an exclusive another buyer's checkout holds or bought is a 409 naming it.
 * Deals and the coupon are applied as the cart showed them; the coupon's use is reserved in
 * the same transaction. The buyer's older open checkouts of these beats are replaced. The
 * producers' shares are not paid by the charge: each waits as a pending sale row for a
 * Connect transfer.
 */
export function createCartCheckoutService(deps: {
  /** The cart service (registered after orders: looked up at checkout). */
  cart: () => StoredCart;
  orders: OrdersRepository;
  repo: CartCheckoutRepository;
  holds: ExclusiveHolds;
  provider: CheckoutProvider;
  payment: OrderPayment;
  discounts: () => CartDiscounts;
  publicUrl: string;
  now?: () => Date;
}) {
  const { orders, repo, holds, provider, payment, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());

  /** Every line priced now, exactly as a single purchase of it would be. */
  async function priced(user: UserRecord): Promise<PricedLicenceLine[]> {
    const cart = deps.cart();
    const stored = await cart.storedLines(user.id);
    if (stored.length === 0) throw conflict(CART_ERRORS.EMPTY);
    const lines: PricedLicenceLine[] = [];
    for (const line of stored) {
      const price = await priceLicenceLine(orders, user, line.beat.id, line.licenseType).catch((error) =>
        aboutLine(error, line.beat),
      );
      if (line.shownPriceCents !== null && line.shownPriceCents !== price.priceCents) {
        // Shown once now (the answer carries it), the next checkout goes through at this price.
        await cart.markShown(user.id, [{ id: line.id, priceCents: price.priceCents }]);
        const message = CART_ERRORS.PRICE_CHANGED(line.beat.title);
        throw new CartLineError(409, message, line.beat.id, price.priceCents);
      }
      lines.push(price);
    }
    return lines;
  }

  /** The lines with their deals and the coupon, as the cart showed them; the coupon's id. */
  async function discounted(user: UserRecord, lines: PricedLicenceLine[], code: string | undefined) {
    const discounts = deps.discounts();
    const deals = await discounts.deals([...new Set(lines.map((l) => l.beat.userId))]);
    const coupon = code ? await discounts.applicable(user, code, now()) : null;
    if (typeof coupon === 'string') throw conflict(coupon);
    const off = lineDiscounts(
      lines.map((l) => ({
        id: l.beat.id,
        producerId: l.beat.userId,
        beatId: l.beat.id,
        priceCents: l.priceCents,
      })),
      deals,
      coupon,
    );
    if (coupon && !couponApplies(off)) throw conflict(COUPON_ERRORS.NOT_APPLICABLE);
    return { off, couponId: coupon?.id ?? null };
  }

  return {
    async checkout(user: UserRecord, body: CartCheckoutBody): Promise<PurchaseResponse> {
      const lines = await priced(user);
      const choice = await payment.choose(user, body);
      const { off, couponId } = await discounted(user, lines, body.coupon_code);
      const feePercent = Math.min(100, Math.max(0, await orders.platformFeePercent()));
      const newLines: NewOrderLine[] = lines.map((l) => {
        const discount = off.get(l.beat.id) ?? { cents: 0, reason: null };
        const amountCents = l.priceCents - discount.cents;
        return {
          beatId: l.beat.id,
          producerId: l.beat.userId,
          licenseType: l.license,
          upgradeFrom: l.upgradeFrom,
          amountCents,
          discountCents: discount.cents,
          discountReason: discount.cents > 0 ? discount.reason : null,
          feeCents: splitSale(amountCents, feePercent).fee_cents,
        };
      });
      const at = now();
      const expiresAt = new Date(at.getTime() + CHECKOUT_EXPIRY_MS);
      const amountCents = newLines.reduce((sum, l) => sum + l.amountCents, 0);
      const beatIds = lines.map((l) => l.beat.id);
      const exclusives = lines.filter((l) => l.license === 'exclusive').map((l) => l.beat.id);
      const created = await repo.transaction(async (tx) => {
        await holds.lockBeats(tx, beatIds);
        await holds.expireRunOut(tx, exclusives, at);
        const replaced = await repo.cancelOpenOf(tx, user.id, beatIds, 'Replaced by a newer checkout');
        const [held] = await holds.exclusiveHeld(tx, exclusives, user.id);
        if (held) {
          const beat = lines.find((l) => l.beat.id === held.beatId)!.beat;
          const why = held.sold ? PURCHASE_ERRORS.SOLD_EXCLUSIVE : PURCHASE_ERRORS.RESERVED;
          throw new CartLineError(409, `${beat.title}: ${why}`, beat.id);
        }
        const orderId = await repo.insert(
          tx,
          {
            buyerId: user.id,
            amountCents,
            feePercent,
            feeCents: newLines.reduce((sum, l) => sum + l.feeCents, 0),
            provider: provider.name,
            paymentMethodType: choice.paymentType,
            savePaymentMethod: choice.save,
            // Not a destination charge: each producer's share waits for a Connect transfer.
            transferDestination: null,
            expiresAt,
          },
          newLines,
        );
        const refused = couponId
          ? await reserveCoupon(tx, { couponId, buyerId: user.id, orderId, at })
          : null;
        if (refused) throw conflict(refused);
        return { orderId, replaced };
      });
      if (created === INDEX_REFUSED) throw conflict(PURCHASE_ERRORS.RESERVED);
      for (const sessionId of created.replaced) await provider.cancelCheckout(sessionId).catch(() => {});
      const request: CheckoutRequest = {
        orderId: created.orderId,
        buyer: { id: user.id, email: user.email, name: user.name },
        description: `Beatroom: ${lines.length} ${lines.length === 1 ? 'beat' : 'beats'}`,
        amountCents,
        lines: lines.map((l, i) => ({
          description: lineName(l.beat.title, { license_type: l.license, upgrade_from: l.upgradeFrom }),
          amountCents: newLines[i]!.amountCents,
        })),
        currency: CHARGE_CURRENCY,
        paymentType: choice.paymentType,
        saveMethod: choice.save,
        expiresAt,
        destination: null,
        successUrl: `${publicUrl}/downloads?tab=purchases&order=${created.orderId}`,
        cancelUrl: `${publicUrl}/cart`,
      };
      return payment.start(created.orderId, request, choice);
    },
  };
}

export type CartCheckoutService = ReturnType<typeof createCartCheckoutService>;
