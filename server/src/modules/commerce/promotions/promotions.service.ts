import { randomUUID } from 'node:crypto';
import { BEAT_NOT_FOUND } from '@beatroom/shared/beats-contract';
import { promotionPrice } from '@beatroom/shared/format-money';
import {
  PROMOTION_ERRORS,
  type BeatPromotion,
  type PromoteBody,
  type PromoteResponse,
  type PromotionOption,
} from '@beatroom/shared/promotions-contract';
import type { ProducerTier } from '@beatroom/shared/subscriptions-contract';
import type { Tx } from '../../../db/transaction';
import { conflict, forbidden, notFound } from '../../../http/http-errors';
import { isUuid } from '../../../http/params';
import type { AccountPaymentsService } from '../account-payments/account-payments.service';
import type { UserRecord } from '../../platform/users/user-record';
import { createPromotionActivation } from './promotion-activation';
import { optionOf, promotionOptionsFor } from './promotion-pricing';
import { toBeatPromotion } from './promotion-status';
import type { PromotionsRepository } from './promotions.repository';

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
  checkout: Pick<AccountPaymentsService, 'start' | 'recordInvoice'>;
  /** Clears browse pages held in memory once a beat's promotion starts. */
  catalogue: { forgetListPages(): void };
  now?: () => Date;
}

/**
 * Promotions of beats. The owner pays with credits (debited in the transaction that starts the
 * promotion) or by card (a pending promotion that the payment's completion starts through
 * activatePaid). The subscriber's promotion_discount_percent comes off both prices, rounded,
 * and the tier's featured_slots_per_month featured promotions a month are included: started
 * without charge. How a paid promotion starts and ends is promotion-activation's.
 */
export function createPromotionsService(deps: PromotionsDeps) {
  const { repo, credits, checkout, catalogue } = deps;
  const now = deps.now ?? (() => new Date());
  const { activate, includedSlotsLeft, startIncluded } = createPromotionActivation({ repo, checkout, now });

  async function ownedBeat(user: UserRecord, beatId: string) {
    if (!isUuid(beatId)) throw notFound(BEAT_NOT_FOUND);
    const beat = await repo.beat(beatId);
    if (!beat) throw notFound(BEAT_NOT_FOUND);
    if (beat.userId !== user.id) throw forbidden(PROMOTION_ERRORS.NOT_OWNER);
    return beat;
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
      const left = user && tier ? await includedSlotsLeft(user.id, tier) : 0;
      return promotionOptionsFor(tier, left);
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
      const promotion = { id, beatId: beat.id, userId: user.id, type: option.id };

      if (await startIncluded(promotion, option, tier)) {
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
            ...promotion,
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
          ...promotion,
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
