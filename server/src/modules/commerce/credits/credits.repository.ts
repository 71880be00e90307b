import type { CreditBalance, CreditTransaction } from '@beatroom/shared/credits-contract';
import type { Prisma, PrismaClient } from '../../../generated/prisma/client';
import { AccountDeletedError, lockLivingUsers } from '../../../db/user-lock';

/** refunded: credits a refund took back; debt_paid: a grant paying what a refund left owed. */
export type CreditKind = 'purchased' | 'earned' | 'spent' | 'refunded' | 'debt_paid';

/** The database work of one ledger change, always inside the caller's transaction. */
export interface LedgerChange {
  userId: string;
  /** Positive for a grant, negative for a spend. */
  amount: number;
  kind: CreditKind;
  description: string;
  key: string;
  /** How the row moves the user's debt (refunded credits already spent); 0 when omitted. */
  debtChange?: number;
}

const ZERO: CreditBalance = {
  credits_available: 0,
  credits_total_purchased: 0,
  credits_total_earned: 0,
  credits_total_spent: 0,
};

/**
 * The credits ledger and the per-user balance row beside it. Every change locks the user's
 * balance row first (creating it when missing), so one user's changes happen one after the
 * other in every database session: the balance read under the lock is the one the new ledger
 * row's balance_after continues, and two spends of the last credits cannot both see them.
 */
export function createCreditsRepository(prisma: PrismaClient) {
  /**
   * Locks (creating if needed) the user's balance row and answers what is available now. The
   * user's row is locked first (the lock order of all money work, see db/user-lock.ts): a
   * deleted account gets no ledger row and no balance row back, whoever forgot to check.
   */
  async function lockBalance(tx: Prisma.TransactionClient, userId: string): Promise<number> {
    if (!(await lockLivingUsers(tx, [userId])).has(userId)) throw new AccountDeletedError(userId);
    await tx.$executeRaw`
      INSERT INTO credit_balances (user_id) VALUES (${userId}::uuid) ON CONFLICT (user_id) DO NOTHING`;
    const [row] = await tx.$queryRaw<{ available: number }[]>`
      SELECT available FROM credit_balances WHERE user_id = ${userId}::uuid FOR UPDATE`;
    return row!.available;
  }

  return {
    lockBalance,

    /** The credits the user owes (read under lockBalance's lock). */
    async debt(tx: Prisma.TransactionClient, userId: string): Promise<number> {
      const [row] = await tx.$queryRaw<{ debt: number }[]>`
        SELECT debt FROM credit_balances WHERE user_id = ${userId}::uuid`;
      return row?.debt ?? 0;
    },

    /** The ledger row written under this key earlier, if any. */
    async byKey(tx: Prisma.TransactionClient, key: string) {
      const [row] = await tx.$queryRaw<{ user_id: string; amount: number; balance_after: number }[]>`
        SELECT user_id::text, amount, balance_after FROM credit_ledger WHERE idempotency_key = ${key}`;
      return row ?? null;
    },

    /**
     * Appends one ledger row and moves the balance by its amount, with the lock of lockBalance
     * held. Answers null, changing nothing, when the key was used already (by a transaction
     * that committed meanwhile: the unique index waits for it, then skips the row).
     */
    async append(tx: Prisma.TransactionClient, change: LedgerChange, available: number) {
      const balanceAfter = available + change.amount;
      const [row] = await tx.$queryRaw<{ id: bigint }[]>`
        INSERT INTO credit_ledger (user_id, kind, amount, balance_after, description, idempotency_key,
                                   debt_change)
        VALUES (${change.userId}::uuid, ${change.kind}, ${change.amount}, ${balanceAfter},
                ${change.description}, ${change.key}, ${change.debtChange ?? 0})
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id`;
      if (!row) return null;
      await tx.$executeRaw`
        UPDATE credit_balances SET
          available = available + ${change.amount},
          total_purchased = total_purchased + ${change.kind === 'purchased' ? change.amount : 0},
          total_earned = total_earned + ${change.kind === 'earned' ? change.amount : 0},
          total_spent = total_spent + ${change.kind === 'spent' ? -change.amount : 0},
          debt = debt + ${change.debtChange ?? 0},
          updated_at = now()
        WHERE user_id = ${change.userId}::uuid`;
      return { balanceAfter };
    },

    async balance(userId: string): Promise<CreditBalance> {
      const row = await prisma.creditBalance.findUnique({ where: { userId } });
      if (!row) return { ...ZERO };
      return {
        credits_available: row.available,
        credits_total_purchased: row.totalPurchased,
        credits_total_earned: row.totalEarned,
        credits_total_spent: row.totalSpent,
      };
    },

    /** The newest `limit` ledger rows; the id is the order they were written in. */
    async transactions(userId: string, limit: number): Promise<CreditTransaction[]> {
      const rows = await prisma.creditLedgerEntry.findMany({
        where: { userId },
        orderBy: { id: 'desc' },
        take: limit,
      });
      return rows.map((r) => ({
        id: r.id.toString(),
        description: r.description,
        amount: r.amount,
        balance_after: r.balanceAfter,
        created_at: r.createdAt.toISOString(),
      }));
    },

    async removeAll(tx: Prisma.TransactionClient, userId: string): Promise<void> {
      await tx.creditLedgerEntry.deleteMany({ where: { userId } });
      await tx.creditBalance.deleteMany({ where: { userId } });
    },
  };
}

export type CreditsRepository = ReturnType<typeof createCreditsRepository>;
