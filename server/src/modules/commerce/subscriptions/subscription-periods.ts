import type { Tx } from '../../../db/transaction';
import type { AccountPaymentsService } from '../account-payments/account-payments.service';
import { tierLine } from './subscription-records';
import type { SubscriptionsRepository, TierRow } from './subscriptions.repository';

interface Credits {
  grant(
    tx: Tx,
    g: { userId: string; amount: number; description: string; kind: 'earned'; key: string },
  ): Promise<boolean>;
}

/** What a paid period records: when it runs, what it cost, and how it was paid. */
export interface PaidPeriod {
  start: Date;
  end: Date;
  amountCents: number;
  paymentRef: string;
  provider: string;
  paymentMethodType: string;
}

export function createSubscriptionPeriods(deps: {
  repo: SubscriptionsRepository;
  payments: Pick<AccountPaymentsService, 'recordInvoice'>;
  credits: () => Credits;
  now: () => Date;
}) {
  const { repo, payments, now } = deps;
  /**
   * Records a paid period once (per subscription and period start): the tier's included
   * credits and the invoice come with it. The caller holds the subscription's row lock.
   */
  async function paidPeriod(
    tx: Tx,
    sub: { id: string; userId: string },
    tier: TierRow,
    p: PaidPeriod,
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

  return { paidPeriod };
}

export type SubscriptionPeriods = ReturnType<typeof createSubscriptionPeriods>;
