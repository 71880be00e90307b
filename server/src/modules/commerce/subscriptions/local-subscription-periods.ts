import type { AccountPaymentHandler } from '../account-payments/account-payments.service';
import type { SubscriptionPeriods } from './subscription-periods';
import { addPeriod } from './subscription-records';
import type { SubscriptionsRepository } from './subscriptions.repository';

/**
 * A subscription's periods as account payments start them, and local renewals: the first
 * period starts when its account payment is paid (Stripe's then syncs from Stripe); locally
 * the job runner renews at the period's end, switching to a tier chosen meanwhile.
 */
export function createLocalSubscriptionPeriods(deps: {
  repo: SubscriptionsRepository;
  periods: SubscriptionPeriods;
  /** Asks the job runner to renew a local subscription when its period ends. */
  scheduleRenewal: (subscriptionId: string, at: Date) => Promise<void>;
  now: () => Date;
}) {
  const { repo, periods, now } = deps;

  /** Kind 'subscription' of account payments: the first period is paid. */
  const handler: AccountPaymentHandler = {
    async paid(tx, payment, received, at) {
      const sub = await repo.lock(tx, payment.ref_id);
      if (!sub) throw new Error(`account payment ${payment.id} names no subscription (${payment.ref_id})`);
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
      await periods.paidPeriod(tx, active, active.tier, {
        start: at,
        end,
        amountCents: payment.amount_cents,
        paymentRef: payment.id,
        provider: payment.provider,
        paymentMethodType: payment.payment_method_type,
      });
    },
    async afterPaid(payment) {
      const sub = await repo.byId(payment.ref_id);
      if (sub?.provider === 'local' && sub.status === 'active' && sub.currentPeriodEnd) {
        await deps.scheduleRenewal(sub.id, sub.currentPeriodEnd);
      }
    },
    async closed(tx, payment) {
      const sub = await repo.lock(tx, payment.ref_id);
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
        await periods.paidPeriod(tx, sub, tier, {
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

  return { handler, renewOne };
}
