import type { PrismaClient } from '../../generated/prisma/client';
import type { Tx } from '../../db/transaction';
import { lockLivingUsers } from '../../db/user-lock';

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
    async periodPaidBy(tx: Tx, paymentId: string) {
      const [row] = await tx.$queryRaw<
        { id: string; subscription_id: string; period_start: Date; granted: number | null }[]
      >`
        SELECT p.id, p.subscription_id, p.period_start,
               (SELECT l.amount FROM credit_ledger l
                 WHERE l.idempotency_key = 'subscription-period:' || p.subscription_id::text || ':'
                       || to_char(p.period_start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) AS granted
        FROM subscription_periods p WHERE p.payment_ref = ${paymentId}`;
      return row ?? null;
    },

    /** The credits a grant's ledger row added (0 when there is none). */
    async grantedBy(tx: Tx, key: string): Promise<number> {
      const [row] = await tx.$queryRaw<{ amount: number }[]>`
        SELECT amount FROM credit_ledger WHERE idempotency_key = ${key}`;
      return row?.amount ?? 0;
    },

    /** Credits earlier refunds of the payment took back, owed ones included. */
    async takenBack(tx: Tx, paymentId: string): Promise<number> {
      const [row] = await tx.$queryRaw<{ taken: number }[]>`
        SELECT COALESCE(SUM(-l.amount + l.debt_change), 0)::int AS taken
        FROM credit_ledger l JOIN refunds r ON l.idempotency_key = 'refund:' || r.id::text
        WHERE r.account_payment_id = ${paymentId}::uuid`;
      return row?.taken ?? 0;
    },

    /** The refunded period ends now, and the subscription with it. */
    async endSubscription(tx: Tx, subscriptionId: string, at: Date): Promise<void> {
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
      await tx.subscriptionPeriod.updateMany({
        where: { subscriptionId, periodEnd: { gt: at } },
        data: { periodEnd: at },
      });
    },
  };
}

export type AccountRefundsRepository = ReturnType<typeof createAccountRefundsRepository>;
