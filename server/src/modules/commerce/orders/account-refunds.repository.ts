import type { PrismaClient } from '../../../generated/prisma/client';
import type { Tx } from '../../../db/transaction';
import { lockLivingUsers } from '../../../db/user-lock';

/** An account payment (credit pack, a subscription's first period) as its refund needs it. */
export interface RefundableAccountPayment {
  id: string;
  user_id: string;
  kind: string;
  ref_id: string;
  amount_cents: number;
  currency: string;
  status: string;
  invoice_id: string | null;
  invoice_number: string | null;
  invoice_items: unknown;
  refunded_cents: number;
  fully_refunded: boolean;
}

/** A paid subscription period, with the credits it included (the grant's ledger row). */
export interface PaidPeriod {
  id: string;
  subscription_id: string;
  period_start: Date;
  provider_subscription_id: string | null;
  granted: number | null;
}

/**
 * Reads and writes of refunds of account payments; the account refunds service decides. The
 * refund, credit note and credit-ledger rows go through the refunds and credits repositories
 * inside the same transaction.
 */
export function createAccountRefundsRepository(prisma: PrismaClient) {
  return {
    /** The account payment a provider payment or metadata id names, if any. */
    async find(match: { accountPaymentId: string | null; paymentId: string }): Promise<string | null> {
      const row = await prisma.accountPayment.findFirst({
        where: {
          OR: [
            ...(match.accountPaymentId ? [{ id: match.accountPaymentId }] : []),
            { providerPaymentId: match.paymentId },
          ],
        },
        select: { id: true },
      });
      return row?.id ?? null;
    },

    /**
     * The payment with its row locked until the transaction ends, its user's row locked first
     * (the lock order of all money work, db/user-lock.ts); null when the account was deleted:
     * an erased account receives nothing, and no ledger row is written for it.
     */
    async lock(tx: Tx, id: string): Promise<RefundableAccountPayment | null> {
      const owner = await tx.accountPayment.findUnique({ where: { id }, select: { userId: true } });
      if (!owner || !(await lockLivingUsers(tx, [owner.userId])).has(owner.userId)) return null;
      const [row] = await tx.$queryRaw<RefundableAccountPayment[]>`
        SELECT p.id, p.user_id, p.kind, p.ref_id, p.amount_cents, p.currency, p.status,
               i.id AS invoice_id, i.invoice_number, i.items AS invoice_items,
               COALESCE((SELECT SUM(r.amount_cents) FROM refunds r WHERE r.account_payment_id = p.id), 0)::int
                 AS refunded_cents,
               EXISTS (SELECT 1 FROM refunds r WHERE r.account_payment_id = p.id AND r.full) AS fully_refunded
        FROM account_payments p
        -- A pack's invoice is keyed by its payment; a subscription's by the period it paid.
        LEFT JOIN invoices i ON i.source_key = 'account-payment:' || p.id::text
          OR i.invoice_number = (SELECT sp.invoice_number FROM subscription_periods sp
                                 WHERE sp.payment_ref = p.id::text LIMIT 1)
        WHERE p.id = ${id}::uuid
        FOR UPDATE OF p`;
      return row ?? null;
    },

    /** The subscription period this payment paid (its first), with the credits it granted. */
    async periodPaidBy(tx: Tx, paymentRef: string): Promise<PaidPeriod | null> {
      const [row] = await tx.$queryRaw<PaidPeriod[]>`
        SELECT p.id, p.subscription_id, p.period_start, s.provider_subscription_id,
               (SELECT l.amount FROM credit_ledger l
                 WHERE l.idempotency_key = 'subscription-period:' || p.subscription_id::text || ':'
                       || to_char(p.period_start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) AS granted
        FROM subscription_periods p JOIN subscriptions s ON s.id = p.subscription_id
        WHERE p.payment_ref = ${paymentRef}`;
      return row ?? null;
    },

    /**
     * A subscription period paid by a provider invoice (a Stripe renewal), as a refund needs
     * it, with its user's row and then its subscription's row locked; null when the account
     * was deleted or no period was paid by that invoice.
     */
    async lockPeriod(
      tx: Tx,
      invoiceRef: string,
    ): Promise<(RefundableAccountPayment & { period: PaidPeriod }) | null> {
      const owner = await tx.$queryRaw<{ user_id: string }[]>`
        SELECT s.user_id::text FROM subscription_periods p JOIN subscriptions s ON s.id = p.subscription_id
        WHERE p.payment_ref = ${invoiceRef}`;
      const userId = owner[0]?.user_id;
      if (!userId || !(await lockLivingUsers(tx, [userId])).has(userId)) return null;
      const period = await this.periodPaidBy(tx, invoiceRef);
      if (!period) return null;
      await tx.$queryRaw`SELECT id FROM subscriptions WHERE id = ${period.subscription_id}::uuid FOR UPDATE`;
      const [row] = await tx.$queryRaw<RefundableAccountPayment[]>`
        SELECT p.id, s.user_id, 'subscription' AS kind, p.payment_ref AS ref_id, p.amount_cents,
               COALESCE(i.currency, 'USD') AS currency, 'paid' AS status,
               i.id AS invoice_id, i.invoice_number, i.items AS invoice_items,
               COALESCE((SELECT SUM(r.amount_cents) FROM refunds r WHERE r.subscription_period_id = p.id), 0)::int
                 AS refunded_cents,
               EXISTS (SELECT 1 FROM refunds r WHERE r.subscription_period_id = p.id AND r.full) AS fully_refunded
        FROM subscription_periods p JOIN subscriptions s ON s.id = p.subscription_id
        LEFT JOIN invoices i ON i.invoice_number = p.invoice_number
        WHERE p.id = ${period.id}::uuid`;
      return row ? { ...row, period } : null;
    },

    /** The credits a grant's ledger row added (0 when there is none). */
    async grantedBy(tx: Tx, key: string): Promise<number> {
      const [row] = await tx.$queryRaw<{ amount: number }[]>`
        SELECT amount FROM credit_ledger WHERE idempotency_key = ${key}`;
      return row?.amount ?? 0;
    },

    /** Credits earlier refunds of the payment took back, owed ones included. */
    async takenBack(
      tx: Tx,
      of: { accountPaymentId: string | null; periodId: string | null },
    ): Promise<number> {
      const [row] = await tx.$queryRaw<{ taken: number }[]>`
        SELECT COALESCE(SUM(-l.amount + l.debt_change), 0)::int AS taken
        FROM credit_ledger l JOIN refunds r ON l.idempotency_key = 'refund:' || r.id::text
        WHERE r.account_payment_id = ${of.accountPaymentId}::uuid
           OR r.subscription_period_id = ${of.periodId}::uuid`;
      return row?.taken ?? 0;
    },

    /** The refunded period ends now (or never starts), and the subscription with it. */
    async endSubscription(tx: Tx, subscriptionId: string, periodId: string, at: Date): Promise<void> {
      await tx.subscription.updateMany({
        where: { id: subscriptionId, status: { in: ['active', 'past_due'] } },
        data: {
          status: 'ended',
          endedAt: at,
          currentPeriodEnd: at,
          cancelAtPeriodEnd: false,
          scheduledTierId: null,
        },
      });
      await tx.$executeRaw`
        UPDATE subscription_periods SET period_end = GREATEST(period_start, ${at})
        WHERE id = ${periodId}::uuid AND period_end > ${at}`;
    },
  };
}

export type AccountRefundsRepository = ReturnType<typeof createAccountRefundsRepository>;
