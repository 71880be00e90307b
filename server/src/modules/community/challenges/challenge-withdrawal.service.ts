import type { Tx } from '../../../db/transaction';
import type { ChallengesDeps } from './challenges.service';

/** What a deletion did to the challenges, for the caller's log and the tests. */
export interface ChallengeWithdrawal {
  /** Open challenges of the deleted creator, ended without a winner. */
  cancelled: string[];
  /** Entries of the deleted member withdrawn from open challenges. */
  withdrawn: string[];
  /** Credits given back to living members who had paid into a cancelled challenge. */
  refunded: number;
  /** Credits of cancelled challenges kept by the platform (the creator's prize, deleted payers). */
  released: number;
}

/**
 * What an account deletion does to challenges, inside the deletion's transaction (which holds
 * the deleted user's row FOR UPDATE, so it runs first in the lock order; challenge rows are
 * locked after it, as everywhere else). An erased account never receives or keeps credits:
 *
 * - an open challenge the user created is cancelled: every entry fee goes back to its entrant
 *   while their account is alive, and what nobody alive can receive (the deleted creator's prize,
 *   a deleted entrant's fee) is released to the platform, each as an escrow movement;
 * - the user's entry in an open challenge is withdrawn: no longer listed, it cannot win, and the
 *   votes cast for it go with it. Its fee stays in the escrow: the best remaining entry wins it.
 */
export function createChallengeWithdrawalService(deps: Pick<ChallengesDeps, 'repo' | 'credits' | 'now'>) {
  const { repo, credits } = deps;
  const now = deps.now ?? (() => new Date());

  async function cancel(tx: Tx, id: string, deletedUserId: string, at: Date) {
    const members = await repo.memberIds(id, tx);
    const alive = await repo.lockUsers(tx, members);
    alive.delete(deletedUserId);
    const c = await repo.lock(tx, id);
    if (!c || c.closed_at) return null;
    let refunded = 0;
    let released = 0;
    for (const d of await repo.deposits(tx, id)) {
      if (d.userId && alive.has(d.userId)) {
        const key = `challenge:${id}:cancel-refund:${d.id}`;
        await credits.grant(tx, {
          userId: d.userId,
          amount: d.amount,
          kind: 'earned',
          description: `Challenge cancelled, entry fee back: ${c.title}`,
          key,
        });
        await repo.moveEscrow(tx, {
          challengeId: id,
          kind: 'refund',
          amount: -d.amount,
          userId: d.userId,
          key,
        });
        refunded += d.amount;
      } else {
        // Kept by the platform: the movement names nobody, so nothing is credited to anyone.
        const key = `challenge:${id}:release:${d.id}`;
        await repo.moveEscrow(tx, { challengeId: id, kind: 'release', amount: -d.amount, userId: null, key });
        released += d.amount;
      }
    }
    await repo.cancel(tx, id, at);
    return { refunded, released };
  }

  return {
    /** The account-deletion eraser: cancels the user's open challenges, withdraws their entries. */
    async removeAll(tx: Tx, userId: string): Promise<ChallengeWithdrawal> {
      const at = now();
      const result: ChallengeWithdrawal = { cancelled: [], withdrawn: [], refunded: 0, released: 0 };
      for (const id of await repo.openCreatedBy(tx, userId)) {
        const done = await cancel(tx, id, userId, at);
        if (!done) continue;
        result.cancelled.push(id);
        result.refunded += done.refunded;
        result.released += done.released;
      }
      for (const entry of await repo.openEntriesOf(tx, userId)) {
        const c = await repo.lock(tx, entry.challengeId);
        if (!c || c.closed_at) continue;
        await repo.deleteEntry(tx, entry.id);
        result.withdrawn.push(entry.id);
      }
      return result;
    },
  };
}

export type ChallengeWithdrawalService = ReturnType<typeof createChallengeWithdrawalService>;
