import {
  SUBSCRIPTION_ERRORS,
  type ProducerTier,
  type SubscribeBody,
  type SubscriptionResponse,
  type SubscribeResponse,
} from '@beatroom/shared/subscriptions-contract';
import type { Tx } from '../../../db/transaction';
import { badRequest, conflict, notFound } from '../../../http/http-errors';
import { isUuid } from '../../../http/params';
import type { AccountPaymentsService } from '../account-payments/account-payments.service';
import type { SubscriptionBilling } from '../payments/payment-gateways';
import type { UserRecord } from '../../platform/users/user-record';
import { createStripeSubscriptionSync } from './stripe-subscription-sync';
import { createLocalSubscriptionPeriods } from './local-subscription-periods';
import { createSubscriptionPeriods } from './subscription-periods';
import { interval, tierLine, toSubscription, toTier } from './subscription-records';
import type { SubscriptionsRepository, TierRow } from './subscriptions.repository';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Producer tiers and subscriptions. A subscription starts when
 * its first period is paid through an account payment; each paid period is recorded once and
 * grants the tier's included credits and an invoice with it. Locally the job runner renews at
 * the period's end (a tier change waits for it); with Stripe, Stripe bills and its webhooks
 * (invoice.paid, invoice.payment_failed, customer.subscription.*) keep ours in step.
 */
export function createSubscriptionsService(deps: {
  repo: SubscriptionsRepository;
  payments: AccountPaymentsService;
  credits: Parameters<typeof createSubscriptionPeriods>[0]['credits'];
  /** Stripe Billing through the payments module; null without Stripe (local renewals). */
  billing: SubscriptionBilling | null;
  log: Log;
  /** Asks the job runner to renew a local subscription when its period ends. */
  scheduleRenewal: (subscriptionId: string, at: Date) => Promise<void>;
  /** Asks the job runner to move a tier's Stripe subscriptions to its new price (repriceStripe). */
  scheduleReprice: (tierId: string) => Promise<void>;
  now?: () => Date;
}) {
  const { repo, payments, billing, log } = deps;
  const now = deps.now ?? (() => new Date());
  const periods = createSubscriptionPeriods({ repo, payments, credits: deps.credits, now });
  const stripe = billing
    ? createStripeSubscriptionSync({ repo, billing, payments, periods, log, now })
    : null;
  /** Stripe's subscription, brought in step with ours (nothing without Stripe). */
  const syncStripe = async (id: string, paid?: { ref?: string; amountCents: number }) => {
    await stripe?.sync(id, paid);
  };

  const { handler, renewOne } = createLocalSubscriptionPeriods({
    repo,
    periods,
    scheduleRenewal: deps.scheduleRenewal,
    now,
  });

  async function tierOr404(id: string): Promise<TierRow> {
    const tier = isUuid(id) ? await repo.tier(id) : null;
    if (!tier) throw notFound(SUBSCRIPTION_ERRORS.TIER_NOT_FOUND);
    return tier;
  }

  async function current(userId: string): Promise<SubscriptionResponse> {
    const sub = await repo.live(userId);
    return { subscription: sub ? toSubscription(sub) : null };
  }

  return {
    handler,
    syncStripe,

    /**
     * The tier prices the admin Settings tab edits. The tier's row is the single
     * source of truth: the tier list, the upgrade dialog, checkout amounts, invoices and local
     * renewals all read it. `set` runs inside the caller's transaction (the setting's audit row
     * commits with it); `changed` then moves Stripe-billed subscriptions to the new price.
     */
    tierPrices: {
      get: (slug: string) => repo.tierPrice(slug),
      lock: (tx: Tx, slug: string) => repo.lockTierPrice(tx, slug),
      set: (tx: Tx, tierId: string, priceCents: number) => repo.setTierPrice(tx, tierId, priceCents),
      async changed(tierId: string): Promise<void> {
        if (!stripe) return;
        try {
          await deps.scheduleReprice(tierId);
        } catch (error) {
          // The price is saved; syncStripe aligns each subscription at its next Stripe event.
          log.error({ err: error, tier: tierId }, 'could not schedule the Stripe repricing of a tier');
        }
      },
    },

    /**
     * Every live Stripe subscription of the tier is moved to its current price for the next
     * renewal. Safe to repeat: one already at the price is left alone.
     */
    async repriceStripe(tierId: string): Promise<number> {
      return stripe ? stripe.reprice(tierId) : 0;
    },

    async tiers(): Promise<ProducerTier[]> {
      return (await repo.tiers()).map(toTier);
    },

    /** GET /api/user/subscription */
    get: (user: UserRecord) => current(user.id),

    /**
     * The tier whose powers apply now: the live subscription's, unless it was cancelled and its
     * period is over; otherwise the Free tier. Never null.
     */
    async activeTier(userId: string, tx?: Tx): Promise<ProducerTier> {
      const sub = await repo.live(userId, tx);
      const over = sub?.cancelAtPeriodEnd && sub.currentPeriodEnd && sub.currentPeriodEnd <= now();
      return toTier(sub && !over ? sub.tier : await repo.freeTier(tx));
    },

    /** POST /api/user/subscribe */
    async subscribe(user: UserRecord, body: SubscribeBody): Promise<SubscribeResponse> {
      const tier = await tierOr404(body.tier_id);
      if (tier.priceCents <= 0) throw badRequest(SUBSCRIPTION_ERRORS.FREE_TIER);
      const live = await repo.live(user.id);
      if (live && (live.tierId === tier.id || live.scheduledTierId === tier.id)) {
        throw conflict(SUBSCRIPTION_ERRORS.ALREADY_SUBSCRIBED);
      }
      if (live) {
        if (live.provider === 'stripe' && live.providerSubscriptionId && stripe) {
          await stripe.switchTier(live.providerSubscriptionId, tier);
          await repo.transaction(async (tx) => {
            await repo.update(tx, live.id, {
              tierId: tier.id,
              cancelAtPeriodEnd: false,
              scheduledTierId: null,
            });
          });
          await syncStripe(live.providerSubscriptionId);
        } else {
          // Locally the new tier starts when the paid period ends (the renewal switches it).
          await repo.transaction(async (tx) => {
            await repo.update(tx, live.id, { scheduledTierId: tier.id, cancelAtPeriodEnd: false });
          });
        }
        return { paid: true, subscription: (await current(user.id)).subscription };
      }

      const method = body.payment_method ?? 'new_card';
      const sub = await repo.createIncomplete({
        userId: user.id,
        tierId: tier.id,
        provider: stripe ? 'stripe' : 'local',
        paymentMethodType: method === 'new_card' || method === 'saved' ? 'card' : method,
      });
      const answer = await payments.start({
        kind: 'subscription',
        refId: sub.id,
        buyer: { id: user.id, email: user.email, name: user.name },
        description: tierLine(tier),
        amountCents: tier.priceCents,
        paymentMethod: method,
        savePaymentMethod: !!body.save_payment_method,
        savedPaymentMethodId: body.saved_payment_method_id ?? null,
        // One open subscription checkout per user: an older one is cancelled, and paying it refunds.
        replaceOpen: true,
        recurring: {
          interval: interval(tier),
          subscriptionId: sub.id,
          tierId: tier.id,
          productId: stripe ? await stripe.productOf(tier) : null,
        },
      });
      if ('checkout_url' in answer) return answer;
      // A saved method started the Stripe subscription and paid its first invoice: record it.
      const started = stripe ? await repo.byId(sub.id) : null;
      if (started?.providerSubscriptionId) {
        await syncStripe(started.providerSubscriptionId, { amountCents: tier.priceCents });
      }
      return { paid: true, subscription: (await current(user.id)).subscription };
    },

    /** POST /api/user/subscription/cancel: access lasts to the period's end. */
    async cancel(user: UserRecord): Promise<SubscriptionResponse> {
      const live = await repo.live(user.id);
      if (!live) throw conflict(SUBSCRIPTION_ERRORS.NO_SUBSCRIPTION);
      if (live.status !== 'active' || live.cancelAtPeriodEnd) {
        throw conflict(SUBSCRIPTION_ERRORS.NOT_CANCELLABLE);
      }
      if (live.provider === 'stripe' && live.providerSubscriptionId && billing) {
        await billing.cancelAtPeriodEnd(live.providerSubscriptionId);
      }
      await repo.transaction(async (tx) => {
        await repo.update(tx, live.id, { cancelAtPeriodEnd: true, scheduledTierId: null });
      });
      return current(user.id);
    },

    /** Local renewals: every live local subscription whose period is over. Safe to repeat. */
    async renewDue(at: Date = now(), subscriptionId?: string): Promise<number> {
      const due = await repo.dueLocal(at, subscriptionId);
      for (const id of due) {
        const next = await renewOne(id, at);
        if (next) await deps.scheduleRenewal(id, next);
      }
      return due.length;
    },

    /** Stripe Checkout in subscription mode was paid. */
    async stripeCheckoutCompleted(
      accountPaymentId: string,
      checkout: { subscriptionId: string | null; invoiceId: string | null; amountCents: number },
    ) {
      await stripe?.checkoutCompleted(accountPaymentId, checkout);
    },

    async stripeInvoice(
      type: 'invoice.paid' | 'invoice.payment_failed',
      invoice: { subscriptionId: string | null; invoiceId: string; amountPaid: number },
    ) {
      await stripe?.invoice(type, invoice);
    },

    async stripeSubscriptionChanged(subscriptionId: string) {
      await syncStripe(subscriptionId);
    },

    /** Account deletion: the provider stops billing, and the user's subscriptions go. */
    async removeAll(tx: Tx, userId: string): Promise<void> {
      const billed = await repo.providerSubscriptions(tx, userId);
      for (const id of billed) {
        // One already cancelled or unknown at Stripe is left as it is.
        await billing?.cancel(id);
      }
      await repo.removeAll(tx, userId);
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
