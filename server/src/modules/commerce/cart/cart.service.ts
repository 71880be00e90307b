import { BEAT_NOT_FOUND } from '@beatroom/shared/beats-contract';
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
import { CURRENCIES, type Currency } from '@beatroom/shared/money-constants';
import { PURCHASE_ERRORS, type LicenseOption } from '@beatroom/shared/money-contract';
import { badRequest, conflict, forbidden, notFound } from '../../../http/http-errors';
import type { UserRecord } from '../../platform/users/user-record';
import type { CartRepository, StoredCartLine } from './cart.repository';

/**
 * The licence cards of a beat for a viewer, exactly as a single purchase prices them (the orders
 * service's `licenses`): the cart never has prices of its own.
 */
export type LicencePricing = (beatId: string, viewer: UserRecord) => Promise<LicenseOption[]>;

/** Coupons and deals as the cart applies them (the coupons service). */
export interface CartDiscounts {
  applicable(buyer: UserRecord, code: string, at: Date): Promise<ApplicableCoupon | string>;
  deals(producerIds: string[]): Promise<Map<string, Deal>>;
}

/** A priced line, with what checkout needs beyond the contract. */
export interface PricedLine extends CartLine {
  producerId: string;
}

const asCurrency = (value: string): Currency =>
  (CURRENCIES as readonly string[]).includes(value) ? (value as Currency) : 'USD';

/**
 * A signed-in user's cart (docs/domain.md#cart-and-multi-line-checkout): one line per beat, each
 * priced afresh on every read by the single purchase's pricing. Adding refuses what a single
 * purchase would refuse (own beat, nothing to buy, a licence not offered or not available); a
 * line whose beat can no longer be bought at all (sold exclusively, delisted, made free) leaves
 * the cart when it is next read.
 */
export function createCartService(deps: {
  repo: CartRepository;
  pricing: LicencePricing;
  discounts: CartDiscounts;
  now?: () => Date;
}) {
  const { repo, pricing, discounts } = deps;
  const now = deps.now ?? (() => new Date());

  /** The beat's licence cards; an unknown beat is a 404 (so is a malformed id, at the route). */
  async function offers(user: UserRecord, beatId: string): Promise<LicenseOption[]> {
    const owner = await repo.beatOwner(beatId);
    if (!owner) throw notFound(BEAT_NOT_FOUND);
    if (owner === user.id) throw forbidden(PURCHASE_ERRORS.OWN_BEAT);
    return pricing(beatId, user);
  }

  function priced(line: StoredCartLine, option: LicenseOption, currency: Currency): PricedLine {
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
      price_cents: option.price_cents,
      list_price_cents: option.list_price_cents,
      list_currency: option.list_currency,
      display_price_cents: licencePriceIn(option, currency),
      upgrade_from: option.upgrade_from,
      available: option.available && !option.held,
      discount_cents: 0,
      discount_reason: null,
      added_at: line.createdAt.toISOString(),
      producerId: line.beat.userId,
    };
  }

  /** Every line priced now; lines that can no longer be bought at all are removed. */
  async function pricedLines(user: UserRecord): Promise<{ lines: PricedLine[]; currency: Currency }> {
    const [stored, currency] = await Promise.all([
      repo.lines(user.id),
      repo.displayCurrency(user.id).then(asCurrency),
    ]);
    const lines: PricedLine[] = [];
    const gone: string[] = [];
    for (const line of stored) {
      const options = line.beat.userId === user.id ? [] : await pricing(line.beat.id, user);
      const option = options.find((o) => o.license_type === line.licenseType);
      if (options.length === 0 || options.every((o) => !o.available && !o.held)) gone.push(line.id);
      else if (option) lines.push(priced(line, option, currency));
      else gone.push(line.id);
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
      lines: lines.map(({ producerId: _producer, ...line }) => line),
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

    discounted,

    /** GET /api/cart, with the coupon the buyer typed applied (or said why it is not). */
    async get(user: UserRecord, couponCode?: string): Promise<CartResponse> {
      const { lines, currency } = await pricedLines(user);
      const applied = await discounted(user, lines, couponCode || undefined);
      return answer(applied.lines, currency, applied.coupon);
    },

    /** POST /api/cart: the beat's line with this licence (replacing the licence it had). */
    async add(user: UserRecord, body: AddToCartBody): Promise<CartResponse> {
      const options = await offers(user, body.beat_id);
      if (options.length === 0) throw badRequest(CART_ERRORS.NOT_FOR_SALE);
      const option = options.find((o) => o.license_type === body.license_type);
      if (!option) throw badRequest(CART_ERRORS.LICENSE_UNAVAILABLE);
      if (option.held) throw conflict(PURCHASE_ERRORS.ALREADY_HELD);
      if (!option.available) {
        const sold = options.every((o) => !o.available);
        throw conflict(sold ? PURCHASE_ERRORS.SOLD_EXCLUSIVE : CART_ERRORS.LICENSE_UNAVAILABLE);
      }
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
