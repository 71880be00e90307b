import type { Tx } from './transaction';

/** Why money cannot move for an account: it was deleted (or never existed). */
export const ACCOUNT_DELETED = 'The account was deleted';

/**
 * Thrown where money would move for an account that is gone. Every caller checks first (with
 * `lockLivingUsers`) and refunds instead; this is the last guard, so a missed check rolls the
 * whole transaction back rather than writing a ledger row for a deleted user.
 */
export class AccountDeletedError extends Error {
  readonly statusCode = 409;
  constructor(readonly userId: string) {
    super(ACCOUNT_DELETED);
  }
}

/**
 * Locks the users' rows (FOR KEY SHARE, in id order) and answers the ids whose accounts are
 * alive. The lock order of all money work is: the users' rows first, then what is paid for
 * (order, account payment, subscription, challenge). Account deletion takes its user row FOR
 * UPDATE first too, so a deletion and a payment for the same person queue on that row instead
 * of deadlocking; whichever comes second sees the other's result (a payment after the
 * deletion finds the account deleted). KEY SHARE does not block ordinary updates of the row.
 */
export async function lockLivingUsers(tx: Tx, userIds: (string | null | undefined)[]): Promise<Set<string>> {
  const ids = [...new Set(userIds.filter((id): id is string => !!id))].sort();
  if (!ids.length) return new Set();
  const rows = await tx.$queryRaw<{ id: string; deleted_at: Date | null }[]>`
    SELECT id::text, deleted_at FROM users WHERE id = ANY(${ids}::uuid[]) ORDER BY id FOR KEY SHARE`;
  return new Set(rows.filter((row) => !row.deleted_at).map((row) => row.id));
}
