import { BEAT_NOT_FOUND } from '@beatroom/shared/beats-contract';
import { licencePrice } from '@beatroom/shared/license-pricing';
import { CHARGE_CURRENCY } from '@beatroom/shared/list-price';
import { CHECKOUT_EXPIRY_MS, licenseOptions, splitSale } from '@beatroom/shared/licensing';
import type { LicenseId } from '@beatroom/shared/money-constants';
import {
  PURCHASE_ERRORS,
  type LicenseOption,
  type PurchaseBody,
  type PurchaseResponse,
} from '@beatroom/shared/money-contract';
import { lineDiscounts } from '@beatroom/shared/cart-discounts';
import { COUPON_ERRORS } from '@beatroom/shared/coupons-contract';
import { badRequest, conflict, HttpError, notFound } from '../../../http/http-errors';
import type { CartDiscounts } from '../cart/cart.service';
import { reserveCoupon } from '../coupons/coupon-redemptions';
import type { CheckoutProvider, CheckoutRequest } from '../payments/checkout-provider';
import type { ExclusiveHolds } from './exclusive-holds';
import { lineName } from './order-fulfilment';
import { createOrderPayment, WALLET_UNAVAILABLE, type PaymentChoice } from './order-payment';
import type { UserRecord } from '../../platform/users/user-record';
import type { FulfilmentService } from './fulfilment.service';
import { priceLicenceLine, saleBeat } from './license-pricing';
import { EXCLUSIVE_HELD, type OrderRecord, type OrdersRepository } from './orders.repository';

/** 409 with the price the server asks now, so the dialog can show it. */
export class PriceChangedError extends HttpError {
  constructor(readonly priceCents: number) {
    super(409, PURCHASE_ERRORS.PRICE_CHANGED);
  }
}

export { CHARGE_FAILED, WALLET_UNAVAILABLE } from './order-payment';

/** A coupon's discount of a single purchase: the coupon and the cents off. */
interface SingleCoupon {
  id: string;
  cents: number;
}

/**
 * Licences and purchases: the server prices every licence itself,
 * refuses what cannot be sold, reserves an exclusive for its buyer's checkout, and hands the
 * buyer to the provider, or charges a saved (or wallet) method at once and fulfils.
 */
export function createOrdersService(deps: {
  repo: OrdersRepository;
  provider: CheckoutProvider;
  fulfilment: FulfilmentService;
  holds: ExclusiveHolds;
  /** The coupons service (registered after orders: looked up when a coupon is used). */
  coupons: () => Pick<CartDiscounts, 'applicable'>;
  publicUrl: string;
  now?: () => Date;
}) {
  const { repo, provider, fulfilment, holds, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());
  const payment = createOrderPayment({ repo, provider, fulfilment });

  /** The coupon's discount of this one line, or 409 saying why it gives none. */
  async function couponFor(
    user: UserRecord,
    beat: { id: string; userId: string },
    price: number,
    code: string,
  ): Promise<SingleCoupon> {
    const found = await deps.coupons().applicable(user, code, now());
    if (typeof found === 'string') throw conflict(found);
    const line = { id: beat.id, producerId: beat.userId, beatId: beat.id, priceCents: price };
    const off = lineDiscounts([line], new Map(), found).get(beat.id)!;
    if (off.reason !== 'coupon') throw conflict(COUPON_ERRORS.NOT_APPLICABLE);
    return { id: found.id, cents: off.cents };
  }

  async function beatOr404(beatId: string) {
    const beat = await repo.beat(beatId);
    if (!beat) throw notFound(BEAT_NOT_FOUND);
    return beat;
  }

  /** Every check before an order exists; answers the beat and the server's price. */
  async function checkPurchase(
    user: UserRecord,
    beatId: string,
    input: Pick<PurchaseBody, 'license_type' | 'price_cents'>,
  ) {
    const line = await priceLicenceLine(repo, user, beatId, input.license_type);
    if (input.price_cents !== line.priceCents) throw new PriceChangedError(line.priceCents);
    return { beat: line.beat, price: line.priceCents, upgradeFrom: line.upgradeFrom };
  }

  /**
   * Creates the pending order (reserving an exclusive, and the coupon's use when one discounts
   * it) and the provider's view of it.
   */
  async function openOrder(
    user: UserRecord,
    beat: { id: string; userId: string; title: string },
    license: LicenseId,
    priced: { price: number; upgradeFrom: LicenseId | null; coupon: SingleCoupon | null },
    choice: PaymentChoice,
  ): Promise<{ order: OrderRecord; request: CheckoutRequest }> {
    const { upgradeFrom, coupon } = priced;
    const price = priced.price - (coupon?.cents ?? 0);
    // The fee is fixed now: a destination charge sends the producer their share at payment.
    const feePercent = Math.min(100, Math.max(0, await repo.platformFeePercent()));
    const split = splitSale(price, feePercent);
    const account = provider.name === 'stripe' ? await repo.chargeableAccount(beat.userId) : null;
    const at = now();
    const expiresAt = new Date(at.getTime() + CHECKOUT_EXPIRY_MS);
    const input = {
      buyerId: user.id,
      beatId: beat.id,
      producerId: beat.userId,
      licenseType: license,
      amountCents: price,
      feePercent,
      feeCents: split.fee_cents,
      provider: provider.name,
      paymentMethodType: choice.paymentType,
      savePaymentMethod: choice.save,
      transferDestination: account,
      expiresAt,
      upgradeFrom,
    };
    const created = await repo.exclusiveGuarded(async (tx) => {
      // An exclusive's beat row first, as a cart's checkout takes it (the lock order).
      if (license === 'exclusive') await holds.lockBeats(tx, [beat.id]);
      // A reservation that ran out never blocks the beat.
      await repo.expireRunOutExclusives(tx, beat.id, at);
      // A buyer has one open checkout per beat and licence: the newest replaces the others.
      const own = { buyerId: user.id, beatId: beat.id, licenseType: license };
      const replaced = await repo.cancelOpen(tx, own, 'Replaced by a newer checkout');
      // A cart's checkout may hold it in one of its lines (the index sees first beats only).
      if (license === 'exclusive' && (await holds.exclusiveHeld(tx, [beat.id], user.id)).length > 0) {
        return EXCLUSIVE_HELD;
      }
      const discount = coupon ? { cents: coupon.cents, reason: 'coupon' as const } : undefined;
      const order = await repo.insert(tx, input, discount);
      const refused = coupon
        ? await reserveCoupon(tx, { couponId: coupon.id, buyerId: user.id, orderId: order.id, at })
        : null;
      if (refused) throw conflict(refused);
      return { order, replaced };
    });
    if (created === EXCLUSIVE_HELD) {
      // Someone else's exclusive order holds the beat: paid (sold) or still open (reserved).
      throw conflict(
        (await repo.exclusiveSold(beat.id)) ? PURCHASE_ERRORS.SOLD_EXCLUSIVE : PURCHASE_ERRORS.RESERVED,
      );
    }
    for (const sessionId of created.replaced) await provider.cancelCheckout(sessionId).catch(() => {});
    const request: CheckoutRequest = {
      orderId: created.order.id,
      buyer: { id: user.id, email: user.email, name: user.name },
      description: lineName(beat.title, { license_type: license, upgrade_from: upgradeFrom }),
      amountCents: price,
      currency: CHARGE_CURRENCY,
      paymentType: choice.paymentType,
      saveMethod: choice.save,
      expiresAt,
      destination: account ? { accountId: account, feeCents: split.fee_cents } : null,
      successUrl: `${publicUrl}/downloads?tab=purchases&order=${created.order.id}`,
      cancelUrl: `${publicUrl}/beats/${beat.id}`,
    };
    return { order: created.order, request };
  }

  return {
    /**
     * GET /api/beats/{id}/licenses: the three cards, or none for a free beat. A signed-in holder
     * of a lower licence sees the higher ones at the difference (upgrade_from says so).
     */
    async licenses(beatId: string, viewer: UserRecord | null): Promise<LicenseOption[]> {
      const beat = await beatOr404(beatId);
      if (beat.delistedAt) return [];
      const reserved = await repo.exclusiveReserved(beatId, now(), viewer?.id ?? null);
      const holding = viewer ? await repo.holding(viewer.id, beatId) : undefined;
      return licenseOptions(saleBeat(beat), reserved, holding);
    },

    /**
     * One licence of one beat priced for a buyer by the one pricing function, as a cart line
     * shows it: the USD charge, the list price, and whether another buyer's open checkout holds
     * the exclusive now. Refuses (HttpError) whatever a purchase would refuse.
     */
    async priceLine(user: UserRecord, beatId: string, license: LicenseId) {
      const line = await priceLicenceLine(repo, user, beatId, license);
      const list = licencePrice(saleBeat(line.beat), license);
      const reserved = license === 'exclusive' && (await repo.exclusiveReserved(beatId, now(), user.id));
      return {
        price_cents: line.priceCents,
        list_price_cents: list.list_cents,
        list_currency: list.list_currency,
        upgrade_from: line.upgradeFrom,
        reserved,
      };
    },

    /** POST /api/beats/{id}/purchase (with a producer's coupon, when coupon_code is given) */
    async purchase(user: UserRecord, beatId: string, body: PurchaseBody): Promise<PurchaseResponse> {
      const method = body.payment_method ?? 'new_card';
      if ((method === 'apple_pay' || method === 'google_pay') && !provider.walletsAvailable) {
        throw badRequest(WALLET_UNAVAILABLE[method]);
      }
      const { beat, price, upgradeFrom } = await checkPurchase(user, beatId, body);
      const choice = await payment.choose(user, body);
      const coupon = body.coupon_code ? await couponFor(user, beat, price, body.coupon_code) : null;
      const { order, request } = await openOrder(
        user,
        beat,
        body.license_type,
        { price, upgradeFrom, coupon },
        choice,
      );
      return payment.start(order.id, request, choice);
    },

    /**
     * POST /api/beats/{id}/purchase/{apple-pay|google-pay}/complete: the wallet sheet produced a
     * payment method (through Stripe's Payment Request); charge it now and fulfil.
     */
    async completeWallet(
      user: UserRecord,
      beatId: string,
      wallet: 'apple_pay' | 'google_pay',
      paymentMethodId: string,
      body: { license_type: LicenseId; price_cents: number },
    ): Promise<PurchaseResponse> {
      if (!provider.walletsAvailable) throw badRequest(WALLET_UNAVAILABLE[wallet]);
      const { beat, price, upgradeFrom } = await checkPurchase(user, beatId, body);
      const choice = { paymentType: wallet, save: false, savedMethodId: null };
      const priced = { price, upgradeFrom, coupon: null };
      const { order, request } = await openOrder(user, beat, body.license_type, priced, choice);
      return payment.settle(order.id, await provider.chargeWallet(request, paymentMethodId));
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
