import type { EscrowKind } from '@beatroom/shared/challenges-contract';
import type { Tx } from '../../../db/transaction';
import type { ChallengesDeps } from './challenges.service';

/** A member's credits moving into or out of a challenge's escrow, in one ledger entry and one escrow row. */
type CreditMovement<K extends EscrowKind> = {
  challengeId: string;
  kind: K;
  userId: string;
  amount: number;
  description: string;
  /** Shared by the ledger entry and the escrow row: a retry moves nothing twice. */
  key: string;
};

/**
 * The two ways a member's credits cross a challenge's escrow. Each runs inside the caller's
 * transaction, after the challenge row is locked.
 */
export function createChallengeEscrow({ repo, credits }: Pick<ChallengesDeps, 'repo' | 'credits'>) {
  /**
   * A member's credits into the challenge's escrow: the ledger debit (402 when short) and the
   * escrow movement share one idempotency key, inside the caller's transaction.
   */
  async function payIn(tx: Tx, m: CreditMovement<'prize_deposit' | 'entry_fee'>) {
    await credits.spend(tx, { userId: m.userId, amount: m.amount, description: m.description, key: m.key });
    await repo.moveEscrow(tx, {
      challengeId: m.challengeId,
      kind: m.kind,
      amount: m.amount,
      userId: m.userId,
      key: m.key,
    });
  }

  /** Escrow back out to a member's credits (a prize, a refund), mirrored the same way as payIn. */
  async function payOut(tx: Tx, m: CreditMovement<'payout' | 'refund'>) {
    await credits.grant(tx, {
      userId: m.userId,
      amount: m.amount,
      kind: 'earned',
      description: m.description,
      key: m.key,
    });
    await repo.moveEscrow(tx, {
      challengeId: m.challengeId,
      kind: m.kind,
      amount: -m.amount,
      userId: m.userId,
      key: m.key,
    });
  }

  return { payIn, payOut };
}

export type ChallengeEscrow = ReturnType<typeof createChallengeEscrow>;
