import { insufficientCreditsMessage, type CreditsResponse } from '@beatroom/shared/credits-contract';
import type { Tx } from '../../../db/transaction';
import { paymentRequired } from '../../../http/http-errors';
import type { UserRecord } from '../../platform/users/user-record';
import type { CreditsRepository } from './credits.repository';

export interface CreditGrant {
  userId: string;
  /** > 0 */
  amount: number;
  description: string;
  /** purchased: packs, bonus included; earned: a subscription period's included credits. */
  kind: 'purchased' | 'earned';
  /** Unique in the ledger: the same key never credits twice (a retried webhook, a replay). */
  key: string;
}

export interface CreditSpend {
  userId: string;
  /** > 0 */
  amount: number;
  description: string;
  key: string;
}

function assertPositiveWhole(amount: number) {
  if (!Number.isInteger(amount) || amount <= 0) {
    throw new Error(`A credit change must be a whole number above 0, got ${amount}`);
  }
}

/**
 * Credits: one ledger, every change a row with its balance_after.
 * Grants and spends run inside the caller's transaction, so a spend commits or rolls back
 * together with what it pays for; each is applied once per idempotency key. Credits never
 * expire, and the balance can never go negative (the spend checks it under the balance row's
 * lock; a CHECK constraint backs it).
 */
export function createCreditsService(deps: { repo: CreditsRepository }) {
  const { repo } = deps;
  return {
    /**
     * Adds credits; false (nothing changes) when the key was used already. Credits the user
     * owes (a refund took back credits already spent) are paid first, by a debt_paid row
     * written with the grant.
     */
    async grant(tx: Tx, g: CreditGrant): Promise<boolean> {
      assertPositiveWhole(g.amount);
      const available = await repo.lockBalance(tx, g.userId);
      const done = await repo.append(tx, { ...g }, available);
      if (!done) return false;
      const debt = await repo.debt(tx, g.userId);
      const pay = Math.min(debt, g.amount);
      if (pay > 0) {
        await repo.append(
          tx,
          {
            userId: g.userId,
            kind: 'debt_paid',
            amount: -pay,
            debtChange: -pay,
            description: 'Owed credits of a refund, paid from this grant',
            key: `${g.key}:debt`,
          },
          done.balanceAfter,
        );
      }
      return true;
    },

    /**
     * A refund takes back credits it had granted. The balance never goes below zero: what was
     * already spent is recorded as debt, which the next grant pays first. Once per key.
     */
    async takeBack(
      tx: Tx,
      t: { userId: string; amount: number; description: string; key: string },
    ): Promise<{ taken: number; owed: number }> {
      assertPositiveWhole(t.amount);
      const available = await repo.lockBalance(tx, t.userId);
      const earlier = await repo.byKey(tx, t.key);
      if (earlier) return { taken: -earlier.amount, owed: 0 };
      const taken = Math.min(available, t.amount);
      const owed = t.amount - taken;
      await repo.append(
        tx,
        {
          userId: t.userId,
          kind: 'refunded',
          amount: -taken,
          debtChange: owed,
          description: t.description,
          key: t.key,
        },
        available,
      );
      return { taken, owed };
    },

    /**
     * Takes credits, or throws the 402 "Insufficient credits (need N)" when fewer are available.
     * An already-applied key answers the earlier result without debiting again.
     */
    async spend(tx: Tx, s: CreditSpend): Promise<{ balanceAfter: number }> {
      assertPositiveWhole(s.amount);
      const available = await repo.lockBalance(tx, s.userId);
      const earlier = await repo.byKey(tx, s.key);
      if (earlier) return { balanceAfter: earlier.balance_after };
      if (available < s.amount) throw paymentRequired(insufficientCreditsMessage(s.amount));
      const done = await repo.append(tx, { ...s, amount: -s.amount, kind: 'spent' }, available);
      if (done) return done;
      // The key was committed by another transaction between our check and our insert.
      const winner = await repo.byKey(tx, s.key);
      return { balanceAfter: winner!.balance_after };
    },

    balance: (userId: string) => repo.balance(userId),

    /** GET /api/user/credits: the caller's own balance and newest transactions. */
    async forUser(user: UserRecord, limit: number): Promise<CreditsResponse> {
      const [credits, transactions] = await Promise.all([
        repo.balance(user.id),
        repo.transactions(user.id, limit),
      ]);
      return { credits, transactions };
    },

    /** Account deletion: the ledger and the balance go with the account. */
    removeAll: (tx: Tx, userId: string) => repo.removeAll(tx, userId),
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;
