import { BEAT_NOT_FOUND } from '@beatroom/shared/beats-contract';
import { licencePrice } from '@beatroom/shared/license-pricing';
import { CHARGE_CURRENCY } from '@beatroom/shared/list-price';
import { CHECKOUT_EXPIRY_MS, licenseName, licenseOptions, splitSale } from '@beatroom/shared/licensing';
import type { LicenseId } from '@beatroom/shared/money-constants';
import {
  PURCHASE_ERRORS,
  type LicenseOption,
  type PaymentType,
  type PurchaseBody,
  type PurchaseResponse,
} from '@beatroom/shared/money-contract';
import { badRequest, conflict, HttpError, notFound, paymentRequired } from '../../../http/http-errors';
import type { CheckoutProvider, CheckoutRequest, SavedCharge } from '../payments/checkout-provider';
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

export const WALLET_UNAVAILABLE = {
  apple_pay: 'Apple Pay is not available',
  google_pay: 'Google Pay is not available',
} as const;
export const CHARGE_FAILED = 'The payment failed. Please try again.';

/**
 * Licences and purchases: the server prices every licence itself,
 * refuses what cannot be sold, reserves an exclusive for its buyer's checkout, and hands the
 * buyer to the provider, or charges a saved (or wallet) method at once and fulfils.
 */
export function createOrdersService(deps: {
  repo: OrdersRepository;
  provider: CheckoutProvider;
  fulfilment: FulfilmentService;
  publicUrl: string;
  now?: () => Date;
}) {
  const { repo, provider, fulfilment, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());

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

  /** Creates the pending order (reserving an exclusive) and the provider's view of it. */
  async function openOrder(
    user: UserRecord,
    beat: { id: string; userId: string; title: string },
    license: LicenseId,
    price: number,
    paymentType: PaymentType,
    saveMethod: boolean,
    upgradeFrom: LicenseId | null,
  ): Promise<{ order: OrderRecord; request: CheckoutRequest }> {
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
      paymentMethodType: paymentType,
      savePaymentMethod: saveMethod,
      transferDestination: account,
      expiresAt,
      upgradeFrom,
    };
    const created = await repo.exclusiveGuarded(async (tx) => {
      // A reservation that ran out never blocks the beat.
      await repo.expireRunOutExclusives(tx, beat.id, at);
      // A buyer has one open checkout per beat and licence: the newest replaces the others.
      const own = { buyerId: user.id, beatId: beat.id, licenseType: license };
      const replaced = await repo.cancelOpen(tx, own, 'Replaced by a newer checkout');
      return { order: await repo.insert(tx, input), replaced };
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
      description: upgradeFrom
        ? `${beat.title} (upgrade from ${licenseName(upgradeFrom)} to ${licenseName(license)} licence)`
        : `${beat.title} (${licenseName(license)} licence)`,
      amountCents: price,
      currency: CHARGE_CURRENCY,
      paymentType,
      saveMethod,
      expiresAt,
      destination: account ? { accountId: account, feeCents: split.fee_cents } : null,
      successUrl: `${publicUrl}/downloads?tab=purchases&order=${created.order.id}`,
      cancelUrl: `${publicUrl}/beats/${beat.id}`,
    };
    return { order: created.order, request };
  }

  /** Turns an immediate charge into the purchase answer; the order is fulfilled here. */
  async function settle(order: OrderRecord, charge: SavedCharge | null): Promise<PurchaseResponse> {
    if (!charge) {
      await repo.close(order.id, 'failed', PURCHASE_ERRORS.SAVED_METHOD_NOT_FOUND);
      throw notFound(PURCHASE_ERRORS.SAVED_METHOD_NOT_FOUND);
    }
    if (charge.status === 'failed') {
      await repo.close(order.id, 'failed', charge.message);
      throw paymentRequired(charge.message || CHARGE_FAILED);
    }
    const result = await fulfilment.fulfil(order.id, {
      paymentId: charge.paymentId,
      amountCents: charge.amountCents,
    });
    if (result.outcome === 'refund') throw conflict(result.reason);
    return { order_id: order.id, status: 'paid' };
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

    /** POST /api/beats/{id}/purchase */
    async purchase(user: UserRecord, beatId: string, body: PurchaseBody): Promise<PurchaseResponse> {
      const method = body.payment_method ?? 'new_card';
      if ((method === 'apple_pay' || method === 'google_pay') && !provider.walletsAvailable) {
        throw badRequest(WALLET_UNAVAILABLE[method]);
      }
      const { beat, price, upgradeFrom } = await checkPurchase(user, beatId, body);
      if (method === 'saved') {
        const saved = (await provider.listMethods(user.id)).find(
          (m) => m.id === body.saved_payment_method_id,
        );
        if (!saved) throw notFound(PURCHASE_ERRORS.SAVED_METHOD_NOT_FOUND);
        const { order, request } = await openOrder(
          user,
          beat,
          body.license_type,
          price,
          saved.payment_type,
          false,
          upgradeFrom,
        );
        return settle(order, await provider.chargeSaved(request, saved.id));
      }
      const paymentType: PaymentType = method === 'new_card' ? 'card' : method;
      // Saving is offered for a new card or PayPal only.
      const save = !!body.save_payment_method && (method === 'new_card' || method === 'paypal');
      const { order, request } = await openOrder(
        user,
        beat,
        body.license_type,
        price,
        paymentType,
        save,
        upgradeFrom,
      );
      try {
        const checkout = await provider.startCheckout(request);
        if (checkout.sessionId) await repo.setSession(order.id, checkout.sessionId);
        return { order_id: order.id, checkout_url: checkout.url };
      } catch (error) {
        // No checkout, no reservation: the exclusive must not stay held by an order nobody can pay.
        await repo.close(order.id, 'failed', 'The checkout could not be opened');
        throw error;
      }
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
      const { order, request } = await openOrder(
        user,
        beat,
        body.license_type,
        price,
        wallet,
        false,
        upgradeFrom,
      );
      return settle(order, await provider.chargeWallet(request, paymentMethodId));
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
