import { InvoiceItem } from '@beatroom/shared/money-contract';
import { formatCreditNoteNumber } from '@beatroom/shared/refunds-contract';
import { z } from 'zod';
import type { Tx } from '../../../db/transaction';
import type { CheckoutProvider } from '../payments/checkout-provider';
import type { AccountRefundsRepository, RefundableAccountPayment } from './account-refunds.repository';
import type { RefundsRepository } from './refunds.repository';

interface Credits {
  takeBack(
    tx: Tx,
    t: { userId: string; amount: number; description: string; key: string },
  ): Promise<{ taken: number; owed: number }>;
}

interface Log {
  info(obj: object, msg: string): void;
}

export interface AccountRefund {
  amountCents?: number;
  reason: string;
  source: 'stripe' | 'admin';
  providerRefundId: string | null;
  adminId?: string | null;
}

const Items = z.array(InvoiceItem);

type RefundTarget = { kind: 'payment'; id: string } | { kind: 'period'; invoiceRef: string };

/**
 * Refunds of account payments. A credit pack refunded takes back the credits it granted (in
 * proportion when the refund is partial); a subscription's period refunded ends the period and
 * the subscription, and takes back the credits the period included. The balance never goes
 * below zero: credits already spent become a debt the next grant pays first. Each refund gets
 * its credit note, like an order's, in the same transaction.
 */
export function createAccountRefundsService(deps: {
  repo: AccountRefundsRepository;
  refunds: RefundsRepository;
  credits: () => Credits;
  provider: CheckoutProvider;
  /** Ends a subscription at its provider (Stripe) once its period was refunded. */
  cancelProviderSubscription: (providerSubscriptionId: string) => Promise<void>;
  log: Log;
  now?: () => Date;
}) {
  const { repo, refunds, log } = deps;
  const now = deps.now ?? (() => new Date());

  /** Credits to take back for `amount` of the payment: its share of what it granted. */
  function creditsFor(
    payment: RefundableAccountPayment,
    granted: number,
    amount: number,
    full: boolean,
    takenSoFar: number,
  ) {
    if (full) return granted - takenSoFar;
    return Math.floor((granted * amount) / payment.amount_cents);
  }

  /** What is refunded: an account payment, or a period a provider invoice paid (a renewal). */
  async function lockTarget(tx: Tx, target: RefundTarget) {
    if (target.kind === 'period') {
      const locked = await repo.lockPeriod(tx, target.invoiceRef);
      return locked ? { payment: locked, period: locked.period, accountPaymentId: null } : null;
    }
    const payment = await repo.lock(tx, target.id);
    if (!payment) return null;
    const period = payment.kind === 'subscription' ? await repo.periodPaidBy(tx, payment.id) : null;
    return { payment, period, accountPaymentId: payment.id };
  }

  async function record(tx: Tx, target: RefundTarget, refund: AccountRefund) {
    const locked = await lockTarget(tx, target);
    if (!locked) return null;
    const { payment, period, accountPaymentId } = locked;
    if (payment.status !== 'paid' || !payment.invoice_id) return null;
    if (refund.providerRefundId && (await refunds.knownProviderRefund(refund.providerRefundId, tx)))
      return null;
    const left = payment.amount_cents - payment.refunded_cents;
    if (left <= 0 || payment.fully_refunded) return null;
    const amount = Math.min(refund.amountCents ?? left, left);
    const full = amount === left;
    const at = now();
    const refundId = await refunds.insertRefund(tx, {
      invoiceId: payment.invoice_id,
      ...(accountPaymentId ? { accountPaymentId } : {}),
      ...(period ? { subscriptionPeriodId: period.id } : {}),
      amountCents: amount,
      full,
      reason: refund.reason,
      source: refund.source,
      providerRefundId: refund.providerRefundId,
      adminId: refund.adminId ?? null,
    });
    const year = at.getUTCFullYear();
    const creditNoteNumber = formatCreditNoteNumber(year, await refunds.nextCreditNoteSequence(tx, year));
    const lines = Items.safeParse(payment.invoice_items);
    const name = lines.success && lines.data[0] ? lines.data[0].name : 'Beatroom purchase';
    await refunds.insertCreditNote(tx, {
      number: creditNoteNumber,
      userId: payment.user_id,
      refundId,
      invoiceNumber: payment.invoice_number!,
      items: [
        {
          name: full && amount === payment.amount_cents ? name : `${name}, partial refund`,
          quantity: 1,
          price: amount,
        },
      ],
      reason: refund.reason,
      currency: payment.currency,
      totalCents: amount,
      issuedAt: at,
    });

    // What the payment granted: a pack's credits and bonus (its first ledger row), or the
    // credits the subscription period included.
    const granted =
      payment.kind === 'credits'
        ? await repo.grantedBy(tx, `account-payment:${payment.id}`)
        : (period?.granted ?? 0);
    const takenSoFar = await repo.takenBack(tx, { accountPaymentId, periodId: period?.id ?? null });
    const credits = granted > 0 ? creditsFor(payment, granted, amount, full, takenSoFar) : 0;
    if (credits > 0) {
      await deps.credits().takeBack(tx, {
        userId: payment.user_id,
        amount: credits,
        description: `Refunded: ${name}`,
        key: `refund:${refundId}`,
      });
    }
    if (period && full) await repo.endSubscription(tx, period.subscription_id, period.id, at);
    const ended = period && full ? period.provider_subscription_id : null;
    return { amount, full, creditNoteNumber, credits, endedProviderSubscription: ended };
  }

  /** Records one refund (already given back at the provider); a period ended ends at the provider too. */
  async function refundRecorded(target: RefundTarget, refund: AccountRefund) {
    const done = await refunds.transaction((tx) => record(tx, target, refund));
    if (!done) return null;
    log.info({ target, amount: done.amount, full: done.full }, 'account payment refunded');
    // The provider would bill the next period otherwise (Stripe's own event then finds it ended).
    if (done.endedProviderSubscription) await deps.cancelProviderSubscription(done.endedProviderSubscription);
    return done;
  }

  async function recordEach(
    target: RefundTarget,
    list: { id: string; amount: number; reason: string | null }[],
  ) {
    for (const r of list) {
      if (await refunds.knownProviderRefund(r.id)) continue;
      await refundRecorded(target, {
        amountCents: r.amount,
        reason: r.reason ?? 'Refunded by the payment provider',
        source: 'stripe',
        providerRefundId: r.id,
      });
    }
  }

  return {
    refundRecorded,

    /**
     * Stripe refunded (part of) a payment: true when it was an account payment (each of its
     * refunds recorded once), false when the payment is not one (an order's, handled there).
     */
    async providerRefunded(
      match: { accountPaymentId: string | null; paymentId: string },
      list: { id: string; amount: number; reason: string | null }[],
    ): Promise<boolean> {
      const paymentId = await repo.find(match);
      if (!paymentId) return false;
      await recordEach({ kind: 'payment', id: paymentId }, list);
      return true;
    },

    /** Stripe refunded (part of) a subscription invoice: the period it paid, once per refund. */
    async periodRefunded(
      invoiceRef: string,
      list: { id: string; amount: number; reason: string | null }[],
    ): Promise<void> {
      await recordEach({ kind: 'period', invoiceRef }, list);
    },

    /**
     * Gives back (the rest of) an account payment through its provider, then records it: for
     * an admin or support acting on a credits pack or a subscription's first period.
     */
    async refund(
      paymentId: string,
      input: {
        reason: string;
        adminId: string | null;
        providerPaymentId: string | null;
        amountCents: number;
      },
    ) {
      const { refundId } = await deps.provider.refund({
        id: paymentId,
        paymentId: input.providerPaymentId,
        amountCents: input.amountCents,
        destinationCharge: false,
        reason: input.reason,
        kind: 'account_payment',
        idempotencyKey: `account-refund-${paymentId}`,
      });
      return refundRecorded(
        { kind: 'payment', id: paymentId },
        {
          amountCents: input.amountCents,
          reason: input.reason,
          source: 'admin',
          providerRefundId: refundId,
          adminId: input.adminId,
        },
      );
    },
  };
}

export type AccountRefundsService = ReturnType<typeof createAccountRefundsService>;
