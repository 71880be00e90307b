import type { PurchasePaymentMethod } from '@beatroom/shared/money-contract';
import {
  SUBSCRIPTION_ERRORS,
  type BillingPeriod,
  type ProducerTier,
  type Subscription,
  type SubscriptionResponse,
  type SubscribeResponse,
} from '@beatroom/shared/subscriptions-contract';
import Stripe from 'stripe';
import type { Tx } from '../../../db/transaction';
import { badRequest, conflict, notFound } from '../../../http/http-errors';
import { isUuid } from '../../../http/params';
import type {
  AccountPaymentHandler,
  AccountPaymentsService,
} from '../account-payments/account-payments.service';
import type { UserRecord } from '../../platform/users/user-record';
import { createStripeSubscriptionRefunds } from './stripe-subscription-refunds';
import type { SubscriptionRow, SubscriptionsRepository, TierRow } from './subscriptions.repository';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

interface Credits {
  grant(
    tx: Tx,
    g: { userId: string; amount: number; description: string; kind: 'earned'; key: string },
  ): Promise<boolean>;
}

export function toTier(row: TierRow): ProducerTier {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price_cents: row.priceCents,
    billing_period: row.billingPeriod as BillingPeriod,
    max_beats: row.maxBeats,
    included_credits: row.includedCredits,
    promotion_discount_percent: row.promotionDiscountPercent,
    featured_slots_per_month: row.featuredSlotsPerMonth,
    homepage_priority_boost: row.homepagePriorityBoost,
    custom_profile_badge: row.customProfileBadge,
    analytics_access: row.analyticsAccess,
    priority_support: row.prioritySupport,
  };
}

function toSubscription(row: SubscriptionRow): Subscription {
  const tier = row.tier;
  return {
    id: row.id,
    tier_id: tier.id,
    name: tier.name,
    tier_name: tier.name,
    description: tier.description,
    price_cents: tier.priceCents,
    billing_period: tier.billingPeriod as BillingPeriod,
    current_period_start: (row.currentPeriodStart ?? row.createdAt).toISOString(),
    current_period_end: (row.currentPeriodEnd ?? row.createdAt).toISOString(),
    status: row.status === 'past_due' ? 'past_due' : row.status === 'ended' ? 'ended' : 'active',
    cancel_at_period_end: row.cancelAtPeriodEnd,
    included_credits: tier.includedCredits,
    promotion_discount_percent: tier.promotionDiscountPercent,
    featured_slots_per_month: tier.featuredSlotsPerMonth,
    custom_profile_badge: tier.customProfileBadge,
    analytics_access: tier.analyticsAccess,
    priority_support: tier.prioritySupport,
    scheduled_tier_id: row.scheduledTier?.id ?? null,
    scheduled_tier_name: row.scheduledTier?.name ?? null,
  };
}

/** One billing period later; a month from the 31st ends on the next month's last day. */
export function addPeriod(from: Date, period: string): Date {
  const months = period === 'yearly' ? 12 : 1;
  const target = new Date(from.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

const interval = (tier: TierRow) => (tier.billingPeriod === 'yearly' ? 'year' : 'month');
const tierLine = (tier: TierRow) => `${tier.name} subscription (${tier.billingPeriod})`;

/** Stripe's subscription states as ours; null: leave ours as it is (not started yet). */
function statusOf(status: Stripe.Subscription.Status): 'active' | 'past_due' | 'ended' | null {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'past_due' || status === 'unpaid') return 'past_due';
  if (status === 'canceled' || status === 'incomplete_expired') return 'ended';
  return null;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

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
  credits: () => Credits;
  stripe: Stripe | null;
  log: Log;
  /** Asks the job runner to renew a local subscription when its period ends. */
  scheduleRenewal: (subscriptionId: string, at: Date) => Promise<void>;
  /** Asks the job runner to move a tier's Stripe subscriptions to its new price (repriceStripe). */
  scheduleReprice: (tierId: string) => Promise<void>;
  now?: () => Date;
}) {
  const { repo, payments, stripe, log } = deps;
  const now = deps.now ?? (() => new Date());
  const refusals = stripe ? createStripeSubscriptionRefunds({ stripe, log }) : null;

  /**
   * Records a paid period once (per subscription and period start): the tier's included
   * credits and the invoice come with it. The caller holds the subscription's row lock.
   */
  async function paidPeriod(
    tx: Tx,
    sub: { id: string; userId: string },
    tier: TierRow,
    p: {
      start: Date;
      end: Date;
      amountCents: number;
      paymentRef: string;
      provider: string;
      paymentMethodType: string;
    },
  ): Promise<boolean> {
    if (await repo.periodExists(tx, sub.id, p.start)) return false;
    const key = `subscription-period:${sub.id}:${p.start.toISOString()}`;
    const invoiceNumber = await payments.recordInvoice(tx, {
      userId: sub.userId,
      sourceKey: key,
      transactionType: 'subscription',
      items: [{ name: tierLine(tier), quantity: 1, price: p.amountCents }],
      paymentProvider: p.provider,
      paymentMethodType: p.paymentMethodType,
      subtotalCents: p.amountCents,
      totalCents: p.amountCents,
      paymentDate: now(),
    });
    // Credits follow money: a period whose invoice collected nothing (a switch back to a cheaper
    // tier, paid by what the dearer period had left) grants none, so switching tiers back and
    // forth never grows the balance beyond the periods actually paid for.
    if (tier.includedCredits > 0 && p.amountCents > 0) {
      await deps.credits().grant(tx, {
        userId: sub.userId,
        amount: tier.includedCredits,
        description: `${tier.name} subscription credits`,
        kind: 'earned',
        key,
      });
    }
    await repo.insertPeriod(tx, {
      subscriptionId: sub.id,
      tierId: tier.id,
      periodStart: p.start,
      periodEnd: p.end,
      amountCents: p.amountCents,
      paymentRef: p.paymentRef,
      invoiceNumber: invoiceNumber ?? key,
    });
    return true;
  }

  /** Stripe subscriptions a newer paid one replaced are cancelled there too (best effort). */
  async function cancelAtStripe(ids: string[]) {
    for (const id of ids) {
      await stripe?.subscriptions.cancel(id).catch((error: unknown) => {
        log.warn({ err: error, subscription: id }, 'could not cancel the replaced Stripe subscription');
      });
    }
  }

  /** The Stripe Product a tier's prices hang from, created once. */
  async function productOf(tier: TierRow): Promise<string | null> {
    if (!stripe) return null;
    if (tier.stripeProductId) return tier.stripeProductId;
    const product = await stripe.products.create(
      { name: tier.name, description: tier.description, metadata: { tier_id: tier.id } },
      { idempotencyKey: `tier-product-${tier.id}` },
    );
    await repo.setTierProduct(tier.id, product.id);
    return product.id;
  }

  /** A subscription item's price at Stripe: the tier's current price and interval. */
  async function priceDataOf(tier: TierRow) {
    return {
      currency: 'usd',
      unit_amount: tier.priceCents,
      product: (await productOf(tier))!,
      recurring: { interval: interval(tier) },
    } satisfies Stripe.SubscriptionUpdateParams.Item.PriceData;
  }

  /**
   * Stripe bills the price set on its subscription's item, fixed when it was set. When the tier's
   * price has changed since (an admin's edit), the item moves to the current price without
   * proration: the period already paid keeps what it cost, the next renewal is invoiced at the
   * new price (the same rule as a local renewal, which reads the tier's price when it renews).
   */
  async function alignStripePrice(remote: Stripe.Subscription, tier: TierRow): Promise<void> {
    const item = remote.items.data[0];
    if (!stripe || !item || item.price.unit_amount === tier.priceCents) return;
    await stripe.subscriptions.update(remote.id, {
      items: [
        {
          id: item.id,
          price_data: await priceDataOf(tier),
        },
      ],
      proration_behavior: 'none',
    });
  }

  /**
   * Brings ours in step with Stripe's subscription (status, period, tier, cancellation); with
   * `paid`, the current period was paid (an invoice, or the first Checkout) and is recorded.
   */
  async function syncStripe(
    stripeSubscriptionId: string,
    /** ref: the paying invoice (the subscription's latest one when not given). */
    paid?: { ref?: string; amountCents: number; invoiceId?: string },
    failed = false,
  ): Promise<void> {
    if (!stripe) return;
    let remote: Stripe.Subscription;
    try {
      remote = await stripe.subscriptions.retrieve(stripeSubscriptionId);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw error;
    }
    const ownId = remote.metadata?.subscription_id;
    const known = ownId && isUuid(ownId) ? { id: ownId } : await repo.byProviderId(stripeSubscriptionId);
    if (!known) {
      log.warn({ subscription: stripeSubscriptionId }, 'Stripe subscription of no Beatroom subscription');
      return;
    }
    const item = remote.items.data[0];
    const synced = await repo.transaction(async (tx) => {
      const sub = await repo.lock(tx, known.id);
      if (!sub) return null;
      // Its first payment was not honoured yet (Stripe's events come in any order): the
      // checkout's completion decides, and syncs it then; a refused one never starts here.
      if (!sub.providerSubscriptionId) return { waiting: true as const };
      const at = now();
      let status = statusOf(remote.status) ?? sub.status;
      if (failed && status === 'active') status = 'past_due';
      const tierId = remote.metadata?.tier_id;
      const tier = tierId && tierId !== sub.tierId && isUuid(tierId) ? await repo.tier(tierId) : null;
      const others =
        status === 'active' || status === 'past_due' ? await repo.endOthers(tx, sub.userId, sub.id, at) : [];
      const updated = await repo.update(tx, sub.id, {
        status: status as 'active' | 'past_due' | 'ended' | 'incomplete',
        providerSubscriptionId: remote.id,
        cancelAtPeriodEnd: remote.cancel_at_period_end,
        ...(tier ? { tierId: tier.id } : {}),
        ...(item
          ? {
              currentPeriodStart: new Date(item.current_period_start * 1000),
              currentPeriodEnd: new Date(item.current_period_end * 1000),
            }
          : {}),
        ...(status === 'ended' ? { endedAt: sub.endedAt ?? at } : {}),
      });
      if (paid && status === 'active' && item) {
        await paidPeriod(tx, updated, updated.tier, {
          start: new Date(item.current_period_start * 1000),
          end: new Date(item.current_period_end * 1000),
          amountCents: paid.amountCents,
          paymentRef: paid.ref ?? idOf(remote.latest_invoice) ?? remote.id,
          provider: 'stripe',
          paymentMethodType: sub.paymentMethodType,
        });
      }
      return { others, tier: updated.tier, live: status === 'active' || status === 'past_due' };
    });
    if (!synced) {
      // Paid for a subscription Beatroom no longer has (its account was deleted): acknowledged,
      // and the money goes back.
      if (paid?.invoiceId) {
        await refusals?.refund(remote.id, paid.invoiceId, 'The subscription no longer exists');
      }
      return;
    }
    if ('waiting' in synced) return;
    await cancelAtStripe(synced.others);
    // A subscription paid at a price the tier no longer has (its Checkout opened before an
    // admin's change, or a repricing job was lost) renews at the current one.
    if (synced.live) await alignStripePrice(remote, synced.tier);
  }

  /** Kind 'subscription' of account payments: the first period is paid. */
  const handler: AccountPaymentHandler = {
    async paid(tx, payment, received, at) {
      const sub = await repo.lock(tx, payment.refId);
      if (!sub) throw new Error(`account payment ${payment.id} names no subscription (${payment.refId})`);
      if (sub.provider === 'stripe') {
        // Stripe's subscription holds the period: syncStripe records it once this commits.
        await repo.update(tx, sub.id, { providerSubscriptionId: received.paymentId });
        return;
      }
      // Paid late, after its checkout had closed: the money is in, so it starts all the same.
      const neverStarted = sub.status === 'ended' && !sub.currentPeriodStart;
      if (sub.status !== 'incomplete' && !neverStarted) return;
      // Two checkouts paid for two tiers: the one paid last wins, the other ends.
      await repo.endOthers(tx, sub.userId, sub.id, at);
      const end = addPeriod(at, sub.tier.billingPeriod);
      const active = await repo.update(tx, sub.id, {
        status: 'active',
        endedAt: null,
        currentPeriodStart: at,
        currentPeriodEnd: end,
      });
      await paidPeriod(tx, active, active.tier, {
        start: at,
        end,
        amountCents: payment.amount_cents,
        paymentRef: payment.id,
        provider: payment.provider,
        paymentMethodType: payment.payment_method_type,
      });
    },
    async afterPaid(payment) {
      const sub = await repo.byId(payment.refId);
      if (sub?.provider === 'local' && sub.status === 'active' && sub.currentPeriodEnd) {
        await deps.scheduleRenewal(sub.id, sub.currentPeriodEnd);
      }
    },
    async closed(tx, payment) {
      const sub = await repo.lock(tx, payment.refId);
      if (sub?.status === 'incomplete') await repo.update(tx, sub.id, { status: 'ended', endedAt: now() });
    },
  };

  /** Renews (or ends) one local subscription whose period is over; repeats while it is due. */
  async function renewOne(id: string, at: Date): Promise<Date | null> {
    return repo.transaction(async (tx) => {
      let sub = await repo.lock(tx, id);
      for (let guard = 0; sub && guard < 36; guard++) {
        const live = sub.status === 'active' || sub.status === 'past_due';
        if (!live || !sub.currentPeriodEnd || sub.currentPeriodEnd > at) break;
        const start = sub.currentPeriodEnd;
        if (sub.cancelAtPeriodEnd) {
          await repo.update(tx, sub.id, { status: 'ended', endedAt: start, scheduledTierId: null });
          return null;
        }
        const tier = sub.scheduledTier ?? sub.tier;
        const end = addPeriod(start, tier.billingPeriod);
        sub = await repo.update(tx, sub.id, {
          tierId: tier.id,
          scheduledTierId: null,
          status: 'active',
          currentPeriodStart: start,
          currentPeriodEnd: end,
        });
        // The local provider moves no money: a renewal is always "paid".
        await paidPeriod(tx, sub, tier, {
          start,
          end,
          amountCents: tier.priceCents,
          paymentRef: `local_renewal_${sub.id}_${start.toISOString()}`,
          provider: 'local',
          paymentMethodType: sub.paymentMethodType,
        });
      }
      return sub && sub.status !== 'ended' ? sub.currentPeriodEnd : null;
    });
  }

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
     * renewal (alignStripePrice). Safe to repeat: one already at the price is left alone.
     */
    async repriceStripe(tierId: string): Promise<number> {
      // The tier as it is when the job runs: a second change while it waited wins.
      const tier = stripe ? await repo.tier(tierId) : null;
      if (!stripe || !tier) return 0;
      let moved = 0;
      for (const id of await repo.liveStripeOfTier(tierId)) {
        let remote: Stripe.Subscription;
        try {
          remote = await stripe.subscriptions.retrieve(id);
        } catch (error) {
          // Gone at Stripe: nothing is billed any more.
          if (error instanceof Stripe.errors.StripeInvalidRequestError) continue;
          throw error;
        }
        if (remote.status === 'canceled') continue;
        const before = remote.items.data[0]?.price.unit_amount;
        await alignStripePrice(remote, tier);
        if (before !== tier.priceCents) moved++;
      }
      return moved;
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
    async subscribe(
      user: UserRecord,
      body: {
        tier_id: string;
        save_payment_method?: boolean;
        payment_method?: PurchasePaymentMethod;
        saved_payment_method_id?: string | null;
      },
    ): Promise<SubscribeResponse> {
      const tier = await tierOr404(body.tier_id);
      if (tier.priceCents <= 0) throw badRequest(SUBSCRIPTION_ERRORS.FREE_TIER);
      const live = await repo.live(user.id);
      if (live && (live.tierId === tier.id || live.scheduledTierId === tier.id)) {
        throw conflict(SUBSCRIPTION_ERRORS.ALREADY_SUBSCRIBED);
      }
      if (live) {
        if (live.provider === 'stripe' && live.providerSubscriptionId && stripe) {
          // Stripe prorates: the difference is invoiced now and the new tier applies at once.
          const remote = await stripe.subscriptions.retrieve(live.providerSubscriptionId);
          const item = remote.items.data[0];
          if (!item) throw new Error(`Stripe subscription ${remote.id} has no item`);
          await stripe.subscriptions.update(remote.id, {
            items: [
              {
                id: item.id,
                price_data: await priceDataOf(tier),
              },
            ],
            proration_behavior: 'always_invoice',
            cancel_at_period_end: false,
            metadata: { tier_id: tier.id },
          });
          await repo.transaction(async (tx) => {
            await repo.update(tx, live.id, {
              tierId: tier.id,
              cancelAtPeriodEnd: false,
              scheduledTierId: null,
            });
          });
          await syncStripe(remote.id);
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
          productId: await productOf(tier),
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
      if (live.provider === 'stripe' && live.providerSubscriptionId && stripe) {
        await stripe.subscriptions.update(live.providerSubscriptionId, { cancel_at_period_end: true });
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
    async stripeCheckoutCompleted(accountPaymentId: string, session: Stripe.Checkout.Session) {
      const stripeSubscriptionId = idOf(session.subscription);
      if (!stripeSubscriptionId) return;
      const outcome = await payments.complete(
        accountPaymentId,
        { paymentId: stripeSubscriptionId, amountCents: session.amount_total ?? 0 },
        // Refused (the account was deleted, the checkout replaced): Stripe's subscription is
        // cancelled and its first invoice refunded; nothing starts here.
        { refund: (reason) => refusals!.refund(stripeSubscriptionId, idOf(session.invoice), reason) },
      );
      if (outcome === 'refund') return;
      await syncStripe(stripeSubscriptionId, {
        ref: idOf(session.invoice) ?? stripeSubscriptionId,
        amountCents: session.amount_total ?? 0,
      });
    },

    async stripeInvoice(type: 'invoice.paid' | 'invoice.payment_failed', invoice: Stripe.Invoice) {
      const stripeSubscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      if (!stripeSubscriptionId) return;
      if (type === 'invoice.paid') {
        await syncStripe(stripeSubscriptionId, {
          ref: invoice.id!,
          amountCents: invoice.amount_paid,
          invoiceId: invoice.id!,
        });
      } else {
        await syncStripe(stripeSubscriptionId, undefined, true);
      }
    },

    async stripeSubscriptionChanged(subscription: Stripe.Subscription) {
      await syncStripe(subscription.id);
    },

    /** Account deletion: the provider stops billing, and the user's subscriptions go. */
    async removeAll(tx: Tx, userId: string): Promise<void> {
      const billed = await repo.providerSubscriptions(tx, userId);
      for (const id of billed) {
        try {
          await stripe?.subscriptions.cancel(id);
        } catch (error) {
          // Already cancelled or unknown at Stripe: nothing is billed any more.
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        }
      }
      await repo.removeAll(tx, userId);
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
