import type { ProducerTier } from '@beatroom/shared/subscriptions-contract';
import type { Tx } from '../../../db/transaction';
import type { AccountPaymentsService } from '../account-payments/account-payments.service';
import { promotionInvoice } from './promotion-invoice';
import { isFeatured, optionOf, type PromotionOptionConstant } from './promotion-pricing';
import type { NewPromotion, PromotionsRepository } from './promotions.repository';

const DAY_MS = 86_400_000;

/** Midnight UTC of the first day of the month `at` is in. */
function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/**
 * Starting promotions: a paid one starts now, or, when the beat already runs one of the same
 * kind, when that one ends (a second purchase extends instead of overlapping). Its end is
 * copied onto the beat (featured_until / boosted_until), which the catalogue compares with
 * now(), so it ends on time without any job running. Also the tier's included featured slots.
 */
export function createPromotionActivation(deps: {
  repo: PromotionsRepository;
  checkout: Pick<AccountPaymentsService, 'recordInvoice'>;
  now: () => Date;
}) {
  const { repo, checkout, now } = deps;

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
    const featured = isFeatured(promotion.type);
    const running = featured ? beat.featured_until : beat.boosted_until;
    const startsAt = running && running > at ? running : at;
    const endsAt = new Date(startsAt.getTime() + option.durationDays * DAY_MS);
    await repo.markPaid(tx, promotion.id, startsAt, endsAt, at);
    // A featured type also names the beat's badge.
    if (featured) await repo.extendFeatured(tx, promotion.beatId, option.id, endsAt);
    else await repo.extendBoost(tx, promotion.beatId, endsAt);

    // A card payment's invoice is written by the account payment's completion, which calls
    // this; the ones without a card payment (credits, an included slot, a full discount) are written here.
    if (invoiced) return true;
    await checkout.recordInvoice(
      tx,
      promotionInvoice({ promotion, option, beatTitle: beat.title, paid, at, includedIn }),
    );
    return true;
  }

  return {
    includedSlotsLeft,
    activate,

    /**
     * Starts a featured promotion on one of the tier's included slots, if one is left: no
     * credits, no checkout, an invoice of 0 naming the slot. Under the user's promotions lock,
     * so two at once cannot both take the last slot. False (nothing written) when no slot is left.
     */
    async startIncluded(
      promotion: Pick<NewPromotion, 'id' | 'beatId' | 'userId'>,
      option: PromotionOptionConstant,
      tier: ProducerTier,
    ): Promise<boolean> {
      if (!isFeatured(option.id) || tier.featured_slots_per_month <= 0) return false;
      return repo.transaction(async (tx) => {
        await repo.lockUser(tx, promotion.userId);
        if ((await includedSlotsLeft(promotion.userId, tier, tx)) <= 0) return false;
        await repo.insert(tx, {
          ...promotion,
          type: option.id,
          paymentMethod: 'included',
          creditsSpent: 0,
          priceCents: 0,
          discountPercent: 0,
        });
        const paid = { paymentProvider: 'included', paymentMethodType: 'credits' };
        await activate(tx, promotion.id, paid, false, tier.name);
        return true;
      });
    },
  };
}
