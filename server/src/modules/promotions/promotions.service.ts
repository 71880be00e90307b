import { randomUUID } from 'node:crypto';
import { BEAT_NOT_FOUND } from '@beatroom/shared/beats-contract';
import { promotionPrice } from '@beatroom/shared/format-money';
import { PROMOTION_OPTIONS, type PromotionType } from '@beatroom/shared/money-constants';
import type { InvoiceItem, PurchasePaymentMethod } from '@beatroom/shared/money-contract';
import {
  PROMOTION_ERRORS,
  type BeatPromotion,
  type PromoteBody,
  type PromoteResponse,
  type PromotionOption,
  type PromotionStatus,
} from '@beatroom/shared/promotions-contract';
import type { ProducerTier } from '@beatroom/shared/subscriptions-contract';
import type { Tx } from '../../db/transaction';
import { conflict, forbidden, notFound } from '../../http/http-errors';
import { isUuid } from '../../http/params';
import type { UserRecord } from '../users/user-record';
import { promotionInvoice } from './promotion-invoice';
import type { PromotionRow, PromotionsRepository } from './promotions.repository';

const DAY_MS = 86_400_000;

type PromotionOptionConstant = (typeof PROMOTION_OPTIONS)[number];

/** What the promotions need from other modules, handed in by the plugin. */
export interface PromotionsDeps {
  repo: PromotionsRepository;
  /** app.subscriptions.activeTier: the tier whose discount and featured slots apply now. */
  activeTier(userId: string): Promise<ProducerTier>;
  credits: {
    spend(
      tx: Tx,
      s: { userId: string; amount: number; description: string; key: string },
    ): Promise<{ balanceAfter: number }>;
    balance(userId: string): Promise<{ credits_available: number }>;
  };
  /** app.accountCheckout: card checkouts, and the invoice of every paid account thing. */
  checkout: {
    start(c: {
      kind: 'promotion';
      refId: string;
      buyer: { id: string; email: string; name: string | null };
      description: string;
      amountCents: number;
      paymentMethod: PurchasePaymentMethod;
      savePaymentMethod: boolean;
      savedPaymentMethodId?: string | null;
      returnPath?: string;
    }): Promise<{ checkout_url: string } | { paid: true }>;
    recordInvoice(
      tx: Tx,
      invoice: {
        userId: string;
        sourceKey: string;
        transactionType: 'promotion';
        items: InvoiceItem[];
        paymentProvider: string;
        paymentMethodType: string;
        subtotalCents: number;
        discountCents?: number;
        totalCents: number;
        paymentDate: Date;
      },
    ): Promise<string | null>;
  };
  /** Clears browse pages held in memory once a beat's promotion starts. */
  catalogue: { forgetListPages(): void };
  now?: () => Date;
}

function optionOf(type: string): PromotionOptionConstant {
  const option = PROMOTION_OPTIONS.find((o) => o.id === type);
  if (!option) throw new Error(`Unknown promotion type ${type}`);
  return option;
}

const isFeatured = (type: string) => type !== 'homepage_boost';

/** Midnight UTC of the first day of the month `at` is in. */
function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** A stored status and the clock give what the owner sees: a paid one is scheduled, active or ended. */
export function promotionStatus(
  row: Pick<PromotionRow, 'status' | 'startsAt' | 'endsAt'>,
  now: Date,
): PromotionStatus {
  if (row.status === 'pending') return 'pending';
  if (row.status === 'cancelled') return 'cancelled';
  if (row.startsAt && now < row.startsAt) return 'scheduled';
  if (row.endsAt && now < row.endsAt) return 'active';
  return 'ended';
}

function toBeatPromotion(row: PromotionRow, now: Date): BeatPromotion {
  return {
    id: row.id,
    type: row.type as PromotionType,
    status: promotionStatus(row, now),
    payment_method: row.paymentMethod as BeatPromotion['payment_method'],
    credits_spent: row.creditsSpent,
    price_cents: row.priceCents,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Promotions of beats (money.md §4, §6, §9; issue 10). The owner pays with credits (debited in
 * the transaction that starts the promotion) or by card (a pending promotion that the payment's
 * completion starts through activatePaid). The subscriber's promotion_discount_percent comes
 * off both prices, rounded, and the tier's featured_slots_per_month featured promotions a month
 * are included: started without charge. A paid promotion starts now, or, when the beat already runs one of
 * the same kind, when that one ends: a second purchase extends instead of overlapping. Its end
 * is copied onto the beat (featured_until / boosted_until), which the catalogue compares with
 * now(), so it ends on time without any job running.
 */
export function createPromotionsService(deps: PromotionsDeps) {
  const { repo, credits, checkout, catalogue } = deps;
  const now = deps.now ?? (() => new Date());

  async function ownedBeat(user: UserRecord, beatId: string) {
    if (!isUuid(beatId)) throw notFound(BEAT_NOT_FOUND);
    const beat = await repo.beat(beatId);
    if (!beat) throw notFound(BEAT_NOT_FOUND);
    if (beat.userId !== user.id) throw forbidden(PROMOTION_ERRORS.NOT_OWNER);
    return beat;
  }

  /**
   * featured_slots_per_month: a subscriber's tier includes that many featured promotions (week
   * or month) per calendar month (UTC), started without charge; beyond them everyone pays the
   * same way, and nobody is ever refused for slots. Homepage boosts are never included.
   */
  async function includedSlotsLeft(userId: string, tier: ProducerTier, tx?: Tx): Promise<number> {
    if (tier.featured_slots_per_month <= 0) return 0;
    const used = await repo.countIncludedSince(userId, monthStart(now()), tx);
    return Math.max(0, tier.featured_slots_per_month - used);
  }

  /**
   * Starts a featured promotion on one of the tier's included slots, if one is left: no credits,
   * no checkout, an invoice of 0 naming the slot. Under the user's promotions lock, so two at
   * once cannot both take the last slot. False (nothing written) when no slot is left.
   */
  async function startIncluded(
    user: UserRecord,
    beat: { id: string },
    option: PromotionOptionConstant,
    tier: ProducerTier,
    id: string,
  ): Promise<boolean> {
    if (!isFeatured(option.id) || tier.featured_slots_per_month <= 0) return false;
    return repo.transaction(async (tx) => {
      await repo.lockUser(tx, user.id);
      if ((await includedSlotsLeft(user.id, tier, tx)) <= 0) return false;
      await repo.insert(tx, {
        id,
        beatId: beat.id,
        userId: user.id,
        type: option.id,
        paymentMethod: 'included',
        creditsSpent: 0,
        priceCents: 0,
        discountPercent: 0,
      });
      await activate(tx, id, { paymentProvider: 'included', paymentMethodType: 'credits' }, false, tier.name);
      return true;
    });
  }

  /** Starts a paid promotion: its times, the beat's end column, its invoice. Idempotent. */
  async function activate(
    tx: Tx,
    promotionId: string,
    paid: { paymentProvider: string; paymentMethodType: string },
    invoiced: boolean,
    /** The tier whose included slot this promotion uses, named on its invoice. */
    includedIn?: string,
  ): Promise<boolean> {
    const promotion = await repo.lockPromotion(tx, promotionId);
    // A card payment completing after the checkout was cancelled is still honoured: the money is in.
    if (!promotion || promotion.status === 'paid') return false;
    const beat = await repo.lockBeat(tx, promotion.beatId);
    if (!beat) return false;
    const option = optionOf(promotion.type);
    const at = now();
    const running = isFeatured(promotion.type) ? beat.featured_until : beat.boosted_until;
    const startsAt = running && running > at ? running : at;
    const endsAt = new Date(startsAt.getTime() + option.durationDays * DAY_MS);
    await repo.markPaid(tx, promotion.id, startsAt, endsAt, at);
    await repo.extendBeat(tx, promotion.beatId, option.id, endsAt);

    // A card payment's invoice is written by the account payment's completion, which calls
    // this; the ones without a card payment (credits, an included slot, a full discount) are written here.
    if (invoiced) return true;
    await checkout.recordInvoice(
      tx,
      promotionInvoice({ promotion, option, beatTitle: beat.title, paid, at, includedIn }),
    );
    return true;
  }

  async function promotionOf(id: string): Promise<BeatPromotion> {
    const row = await repo.find(id);
    if (!row) throw notFound('Promotion not found');
    return toBeatPromotion(row, now());
  }

  return {
    /** GET /api/promotion-options: the three options, with the signed-in user's discount. */
    async options(user: UserRecord | null): Promise<PromotionOption[]> {
      const tier = user ? await deps.activeTier(user.id) : null;
      const discount = tier?.promotion_discount_percent ?? 0;
      const perMonth = tier ? tier.featured_slots_per_month : 0;
      const left = user && tier ? await includedSlotsLeft(user.id, tier) : 0;
      return PROMOTION_OPTIONS.map((o) => {
        const price = promotionPrice(o, discount);
        const featured = isFeatured(o.id);
        return {
          id: o.id,
          name: o.name,
          description: o.description,
          duration_days: o.durationDays,
          benefits: [...o.benefits],
          credits: price.credits,
          price_cents: price.price_cents,
          list_credits: o.credits,
          list_price_cents: o.price_cents,
          discount_percent: discount,
          popular: o.popular,
          included_slots_per_month: featured ? perMonth : 0,
          included_slots_left: featured ? left : 0,
        };
      });
    },

    /** POST /api/beats/{id}/promote: the beat's owner only. */
    async promote(user: UserRecord, beatId: string, body: PromoteBody): Promise<PromoteResponse> {
      const beat = await ownedBeat(user, beatId);
      if (beat.soldExclusiveAt || beat.delistedAt) throw conflict(PROMOTION_ERRORS.NOT_LISTED);
      const option = optionOf(body.promotion_type);
      const tier = await deps.activeTier(user.id);
      const discount = tier.promotion_discount_percent;
      const price = promotionPrice(option, discount);
      const id = randomUUID();
      const method = body.payment_method ?? 'credits';

      if (await startIncluded(user, beat, option, tier, id)) {
        catalogue.forgetListPages();
        const { credits_available } = await credits.balance(user.id);
        return { promotion: await promotionOf(id), credits_available };
      }

      if (method === 'credits') {
        const balanceAfter = await repo.transaction(async (tx) => {
          await repo.lockUser(tx, user.id);
          // The spend, the promotion and its start commit together, or nothing does (402).
          const spent =
            price.credits > 0
              ? await credits.spend(tx, {
                  userId: user.id,
                  amount: price.credits,
                  description: `${option.name}: ${beat.title}`,
                  key: `promotion:${id}`,
                })
              : null;
          await repo.insert(tx, {
            id,
            beatId: beat.id,
            userId: user.id,
            type: option.id,
            paymentMethod: 'credits',
            creditsSpent: price.credits,
            priceCents: null,
            discountPercent: discount,
          });
          await activate(tx, id, { paymentProvider: 'credits', paymentMethodType: 'credits' }, false);
          return spent?.balanceAfter ?? null;
        });
        catalogue.forgetListPages();
        const available = balanceAfter ?? (await credits.balance(user.id)).credits_available;
        return { promotion: await promotionOf(id), credits_available: available };
      }

      await repo.transaction(async (tx) => {
        await repo.lockUser(tx, user.id);
        await repo.insert(tx, {
          id,
          beatId: beat.id,
          userId: user.id,
          type: option.id,
          paymentMethod: method,
          creditsSpent: null,
          priceCents: price.price_cents,
          discountPercent: discount,
        });
        // A full discount leaves nothing to charge.
        if (price.price_cents === 0) {
          await activate(tx, id, { paymentProvider: 'none', paymentMethodType: 'card' }, false);
        }
      });
      if (price.price_cents > 0) {
        let answer: { checkout_url: string } | { paid: true };
        try {
          answer = await checkout.start({
            kind: 'promotion',
            refId: id,
            buyer: { id: user.id, email: user.email, name: user.name },
            description: `${option.name}: ${beat.title}`,
            amountCents: price.price_cents,
            paymentMethod: method === 'saved' ? 'saved' : 'new_card',
            savePaymentMethod: false,
            savedPaymentMethodId: body.saved_payment_method_id ?? null,
            returnPath: `/beat/${beat.id}`,
          });
        } catch (error) {
          await repo.transaction((tx) => repo.cancelPending(tx, id));
          throw error;
        }
        if ('checkout_url' in answer) return { promotion_id: id, checkout_url: answer.checkout_url };
      }
      catalogue.forgetListPages();
      return { promotion: await promotionOf(id), credits_available: null };
    },

    /** GET /api/beats/{id}/promotions: the owner's view for the Manage Beat modal. */
    async forBeat(user: UserRecord, beatId: string): Promise<BeatPromotion[]> {
      await ownedBeat(user, beatId);
      const at = now();
      return (await repo.forBeat(beatId)).map((row) => toBeatPromotion(row, at));
    },

    /**
     * A card payment for a pending promotion completed (account payments call this inside the
     * transaction that marks the payment paid, and write its invoice): the promotion starts now.
     * Idempotent.
     */
    async activatePaid(
      tx: Tx,
      promotionId: string,
      paid: { paymentProvider: string; paymentMethodType: string },
    ): Promise<void> {
      if (await activate(tx, promotionId, paid, true)) catalogue.forgetListPages();
    },

    /** The checkout of a pending promotion expired or was cancelled: it will not start. */
    async cancelPending(tx: Tx, promotionId: string): Promise<void> {
      await repo.cancelPending(tx, promotionId);
    },
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
