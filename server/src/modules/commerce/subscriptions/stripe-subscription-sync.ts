import { isUuid } from '../../../http/params';
import type { AccountPaymentsService } from '../account-payments/account-payments.service';
import type { RemoteSubscription, SubscriptionBilling } from '../payments/payment-gateways';
import type { SubscriptionPeriods } from './subscription-periods';
import { interval } from './subscription-records';
import type { SubscriptionsRepository, TierRow } from './subscriptions.repository';

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * Subscriptions Stripe bills: Stripe holds the period and bills it, and its webhooks
 * (invoice.paid, invoice.payment_failed, customer.subscription.*) keep ours in step. Every
 * call to Stripe goes through the payments module's SubscriptionBilling.
 */
export function createStripeSubscriptionSync(deps: {
  repo: SubscriptionsRepository;
  billing: SubscriptionBilling;
  payments: Pick<AccountPaymentsService, 'complete'>;
  periods: SubscriptionPeriods;
  log: Log;
  now: () => Date;
}) {
  const { repo, billing, payments, log, now } = deps;

  /** Stripe subscriptions a newer paid one replaced are cancelled there too (best effort). */
  async function cancelReplaced(ids: string[]) {
    for (const id of ids) {
      await billing.cancel(id).catch((error: unknown) => {
        log.warn({ err: error, subscription: id }, 'could not cancel the replaced Stripe subscription');
      });
    }
  }

  /** The Stripe Product a tier's prices hang from, created once. */
  async function productOf(tier: TierRow): Promise<string> {
    if (tier.stripeProductId) return tier.stripeProductId;
    const productId = await billing.createProduct(tier);
    await repo.setTierProduct(tier.id, productId);
    return productId;
  }

  /** A subscription item's price at Stripe: the tier's current price and interval. */
  const priceOf = async (tier: TierRow) => ({
    amountCents: tier.priceCents,
    interval: interval(tier),
    productId: await productOf(tier),
  });

  /**
   * Stripe bills the price set on its subscription's item, fixed when it was set. When the tier's
   * price has changed since (an admin's edit), the item moves to the current price without
   * proration: the period already paid keeps what it cost, the next renewal is invoiced at the
   * new price (the same rule as a local renewal, which reads the tier's price when it renews).
   */
  async function alignPrice(remote: RemoteSubscription, tier: TierRow): Promise<void> {
    const item = remote.item;
    if (!item || item.unitAmount === tier.priceCents) return;
    await billing.setPrice(remote.id, item.id, await priceOf(tier), { proration: 'none' });
  }

  /**
   * Brings ours in step with Stripe's subscription (status, period, tier, cancellation); with
   * `paid`, the current period was paid (an invoice, or the first Checkout) and is recorded.
   */
  async function sync(
    stripeSubscriptionId: string,
    /** ref: the paying invoice (the subscription's latest one when not given). */
    paid?: { ref?: string; amountCents: number; invoiceId?: string },
    failed = false,
  ): Promise<void> {
    const remote = await billing.retrieve(stripeSubscriptionId);
    if (!remote) return;
    const ownId = remote.subscriptionId;
    const known = ownId && isUuid(ownId) ? { id: ownId } : await repo.byProviderId(stripeSubscriptionId);
    if (!known) {
      log.warn({ subscription: stripeSubscriptionId }, 'Stripe subscription of no Beatroom subscription');
      return;
    }
    const item = remote.item;
    const synced = await repo.transaction(async (tx) => {
      const sub = await repo.lock(tx, known.id);
      if (!sub) return null;
      // Its first payment was not honoured yet (Stripe's events come in any order): the
      // checkout's completion decides, and syncs it then; a refused one never starts here.
      if (!sub.providerSubscriptionId) return { waiting: true as const };
      const at = now();
      let status = remote.status ?? sub.status;
      if (failed && status === 'active') status = 'past_due';
      const tierId = remote.tierId;
      const tier = tierId && tierId !== sub.tierId && isUuid(tierId) ? await repo.tier(tierId) : null;
      const others =
        status === 'active' || status === 'past_due' ? await repo.endOthers(tx, sub.userId, sub.id, at) : [];
      const updated = await repo.update(tx, sub.id, {
        status: status as 'active' | 'past_due' | 'ended' | 'incomplete',
        providerSubscriptionId: remote.id,
        cancelAtPeriodEnd: remote.cancelAtPeriodEnd,
        ...(tier ? { tierId: tier.id } : {}),
        ...(item ? { currentPeriodStart: item.periodStart, currentPeriodEnd: item.periodEnd } : {}),
        ...(status === 'ended' ? { endedAt: sub.endedAt ?? at } : {}),
      });
      if (paid && status === 'active' && item) {
        await deps.periods.paidPeriod(tx, updated, updated.tier, {
          start: item.periodStart,
          end: item.periodEnd,
          amountCents: paid.amountCents,
          paymentRef: paid.ref ?? remote.latestInvoiceId ?? remote.id,
          provider: 'stripe',
          paymentMethodType: sub.paymentMethodType,
        });
      }
      return { others, tier: updated.tier, live: status === 'active' || status === 'past_due' };
    });
    if (!synced) {
      // Paid for a subscription Beatroom no longer has (its account was deleted): acknowledged,
      // and the money goes back.
      if (paid?.invoiceId)
        await billing.refuse(remote.id, paid.invoiceId, 'The subscription no longer exists');
      return;
    }
    if ('waiting' in synced) return;
    await cancelReplaced(synced.others);
    // A subscription paid at a price the tier no longer has (its Checkout opened before an
    // admin's change, or a repricing job was lost) renews at the current one.
    if (synced.live) await alignPrice(remote, synced.tier);
  }

  return {
    sync,
    productOf,

    /** Stripe prorates a tier change: the difference is invoiced now and the new tier applies at once. */
    async switchTier(stripeSubscriptionId: string, tier: TierRow): Promise<void> {
      const remote = await billing.retrieve(stripeSubscriptionId);
      if (!remote?.item) throw new Error(`Stripe subscription ${stripeSubscriptionId} has no item`);
      await billing.setPrice(remote.id, remote.item.id, await priceOf(tier), {
        proration: 'always_invoice',
        cancelAtPeriodEnd: false,
        tierId: tier.id,
      });
    },

    /**
     * Every live Stripe subscription of the tier is moved to its current price for the next
     * renewal (alignPrice). Safe to repeat: one already at the price is left alone.
     */
    async reprice(tierId: string): Promise<number> {
      // The tier as it is when the job runs: a second change while it waited wins.
      const tier = await repo.tier(tierId);
      if (!tier) return 0;
      let moved = 0;
      for (const id of await repo.liveStripeOfTier(tierId)) {
        const remote = await billing.retrieve(id);
        // Gone at Stripe (unknown or cancelled): nothing is billed any more.
        if (!remote || remote.canceled) continue;
        const before = remote.item?.unitAmount;
        await alignPrice(remote, tier);
        if (before !== tier.priceCents) moved++;
      }
      return moved;
    },

    /** Stripe Checkout in subscription mode was paid. */
    async checkoutCompleted(
      accountPaymentId: string,
      checkout: { subscriptionId: string | null; invoiceId: string | null; amountCents: number },
    ) {
      const { subscriptionId, invoiceId, amountCents } = checkout;
      if (!subscriptionId) return;
      const outcome = await payments.complete(
        accountPaymentId,
        { paymentId: subscriptionId, amountCents },
        // Refused (the account was deleted, the checkout replaced): Stripe's subscription is
        // cancelled and its first invoice refunded; nothing starts here.
        { refund: (reason) => billing.refuse(subscriptionId, invoiceId, reason) },
      );
      if (outcome === 'refund') return;
      await sync(subscriptionId, { ref: invoiceId ?? subscriptionId, amountCents });
    },

    async invoice(
      type: 'invoice.paid' | 'invoice.payment_failed',
      invoice: { subscriptionId: string | null; invoiceId: string; amountPaid: number },
    ) {
      if (!invoice.subscriptionId) return;
      if (type === 'invoice.paid') {
        await sync(invoice.subscriptionId, {
          ref: invoice.invoiceId,
          amountCents: invoice.amountPaid,
          invoiceId: invoice.invoiceId,
        });
      } else {
        await sync(invoice.subscriptionId, undefined, true);
      }
    },
  };
}

export type StripeSubscriptionSync = ReturnType<typeof createStripeSubscriptionSync>;
