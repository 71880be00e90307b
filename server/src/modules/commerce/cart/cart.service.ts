import {
  CART_ERRORS,
  CART_MAX_LINES,
  type AddToCartBody,
  type CartLine,
  type CartResponse,
} from '@beatroom/shared/cart-contract';
import {
  couponApplies,
  lineDiscounts,
  type ApplicableCoupon,
  type Deal,
} from '@beatroom/shared/cart-discounts';
import { COUPON_ERRORS } from '@beatroom/shared/coupons-contract';
import { convertCents } from '@beatroom/shared/format-money';
import { licenseName } from '@beatroom/shared/licensing';
import { licencePriceIn } from '@beatroom/shared/list-price';
import { CURRENCIES, type Currency, type LicenseId } from '@beatroom/shared/money-constants';
import { PURCHASE_ERRORS } from '@beatroom/shared/money-contract';
import { conflict, HttpError, notFound } from '../../../http/http-errors';
import type { UserRecord } from '../../platform/users/user-record';
import type { CartRepository, StoredCartLine } from './cart.repository';

/** A line's price now, from the one licence pricing function (the orders service's priceLine). */
export interface LinePrice {
  price_cents: number;
  list_price_cents: number;
  list_currency: Currency;
  upgrade_from: LicenseId | null;
  /** Another buyer's open checkout holds the exclusive. */
  reserved: boolean;
}

/** Prices one licence of one beat for a buyer, refusing (HttpError) what cannot be sold to them. */
export type LicencePricing = (buyer: UserRecord, beatId: string, license: LicenseId) => Promise<LinePrice>;

/** Coupons and deals as the cart applies them (the coupons service). */
export interface CartDiscounts {
  /** The coupon as discounts take it, with its id (checkout reserves a use), or why not. */
  applicable(
    buyer: UserRecord,
    code: string,
    at: Date,
  ): Promise<(ApplicableCoupon & { id: string }) | string>;
  deals(producerIds: string[]): Promise<Map<string, Deal>>;
}

/** A priced line, with what checkout needs beyond the contract. */
export interface PricedLine extends CartLine {
  producerId: string;
  shownPriceCents: number | null;
}

const asCurrency = (value: string): Currency =>
  (CURRENCIES as readonly string[]).includes(value) ? (value as Currency) : 'USD';

/**
 * A signed-in user's cart (docs/domain.md#cart-and-multi-line-checkout): one line per beat, each
 * priced afresh on every read by the one licence pricing function every purchase uses. Adding
 * refuses what a purchase would refuse (own beat, a free or sold beat, a licence switched off or
 * held, an exclusive another buyer's checkout holds); a line that can no longer be sold to the
 * buyer leaves the cart when it is next read, one only reserved for now stays, unavailable.
 */
export function createCartService(deps: {
  repo: CartRepository;
  pricing: LicencePricing;
  discounts: CartDiscounts;
  now?: () => Date;
}) {
  const { repo, pricing, discounts } = deps;
  const now = deps.now ?? (() => new Date());

  function priced(line: StoredCartLine, price: LinePrice, currency: Currency): PricedLine {
    return {
      id: line.id,
      beat: {
        id: line.beat.id,
        title: line.beat.title,
        producer_id: line.beat.userId,
        producer_name: line.beat.producerName,
        cover_image_key: line.beat.coverImageKey,
      },
      license_type: line.licenseType,
      license_name: licenseName(line.licenseType),
      price_cents: price.price_cents,
      list_price_cents: price.list_price_cents,
      list_currency: price.list_currency,
      display_price_cents: licencePriceIn(price, currency),
      upgrade_from: price.upgrade_from,
      available: !price.reserved,
      discount_cents: 0,
      discount_reason: null,
      added_at: line.createdAt.toISOString(),
      producerId: line.beat.userId,
      shownPriceCents: line.shownPriceCents,
    };
  }

  /** Every line priced now; lines that can no longer be sold to the buyer are removed. */
  async function pricedLines(user: UserRecord): Promise<{ lines: PricedLine[]; currency: Currency }> {
    const [stored, currency] = await Promise.all([
      repo.lines(user.id),
      repo.displayCurrency(user.id).then(asCurrency),
    ]);
    const lines: PricedLine[] = [];
    const gone: string[] = [];
    for (const line of stored) {
      try {
        lines.push(priced(line, await pricing(user, line.beat.id, line.licenseType), currency));
      } catch (error) {
        // Not for sale to this buyer any more (sold, delisted, switched off, held): it leaves.
        if (!(error instanceof HttpError)) throw error;
        gone.push(line.id);
      }
    }
    await repo.removeMany(user.id, gone);
    return { lines, currency };
  }

  /**
   * The lines with their bulk deals and the coupon applied (an unavailable line takes no part),
   * and what became of the coupon: null error when it discounts something.
   */
  async function discounted(user: UserRecord, lines: PricedLine[], couponCode: string | undefined) {
    const counted = lines.filter((l) => l.available);
    const deals = await discounts.deals([...new Set(counted.map((l) => l.producerId))]);
    const found = couponCode ? await discounts.applicable(user, couponCode, now()) : null;
    const coupon = typeof found === 'string' ? null : found;
    const off = lineDiscounts(
      counted.map((l) => ({
        id: l.id,
        producerId: l.producerId,
        beatId: l.beat.id,
        priceCents: l.price_cents,
      })),
      deals,
      coupon,
    );
    const error =
      typeof found === 'string' ? found : coupon && !couponApplies(off) ? COUPON_ERRORS.NOT_APPLICABLE : null;
    return {
      lines: lines.map((l) => {
        const d = off.get(l.id);
        return d && d.cents > 0 ? { ...l, discount_cents: d.cents, discount_reason: d.reason } : l;
      }),
      coupon: couponCode ? { code: couponCode.trim().toUpperCase(), error } : null,
    };
  }

  function answer(lines: PricedLine[], currency: Currency, coupon: CartResponse['coupon']): CartResponse {
    const counted = lines.filter((l) => l.available);
    const subtotal = counted.reduce((sum, l) => sum + l.price_cents, 0);
    const discount = counted.reduce((sum, l) => sum + l.discount_cents, 0);
    const shown = counted.reduce((sum, l) => sum + l.display_price_cents, 0);
    return {
      lines: lines.map(({ producerId: _producer, shownPriceCents: _shown, ...line }) => line),
      totals: {
        line_count: lines.length,
        subtotal_cents: subtotal,
        discount_cents: discount,
        total_cents: subtotal - discount,
        currency: 'USD',
        display_currency: currency,
        // Exact list prices in the buyer's currency, less the discount converted once.
        display_total_cents:
          currency === 'USD' ? subtotal - discount : shown - convertCents(discount, 'USD', currency),
      },
      coupon,
    };
  }

  return {
    pricedLines,

    /** The stored lines, unpriced, with the prices last shown (cart checkout compares). */
    storedLines: (userId: string) => repo.lines(userId),

    markShown: (userId: string, shown: { id: string; priceCents: number }[]) => repo.markShown(userId, shown),

    discounted,

    /** GET /api/cart, with the coupon the buyer typed applied (or said why it is not). */
    async get(user: UserRecord, couponCode?: string): Promise<CartResponse> {
      const { lines, currency } = await pricedLines(user);
      // What the buyer sees now is what checkout will hold them to.
      await repo.markShown(
        user.id,
        lines
          .filter((l) => l.shownPriceCents !== l.price_cents)
          .map((l) => ({ id: l.id, priceCents: l.price_cents })),
      );
      const applied = await discounted(user, lines, couponCode || undefined);
      return answer(applied.lines, currency, applied.coupon);
    },

    /** POST /api/cart: the beat's line with this licence (replacing the licence it had). */
    async add(user: UserRecord, body: AddToCartBody): Promise<CartResponse> {
      const price = await pricing(user, body.beat_id, body.license_type);
      if (price.reserved) throw conflict(PURCHASE_ERRORS.RESERVED);
      const full =
        !(await repo.hasBeat(user.id, body.beat_id)) && (await repo.count(user.id)) >= CART_MAX_LINES;
      if (full) throw conflict(CART_ERRORS.FULL);
      await repo.put(user.id, body.beat_id, body.license_type);
      return this.get(user);
    },

    /** DELETE /api/cart/{lineId}: only the user's own line; anyone else's is a 404. */
    async remove(user: UserRecord, lineId: string): Promise<CartResponse> {
      if (!(await repo.remove(user.id, lineId))) throw notFound(CART_ERRORS.LINE_NOT_FOUND);
      return this.get(user);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
