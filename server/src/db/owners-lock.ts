import type { Tx } from './transaction';

/**
 * The transaction-level advisory lock every change of who is an owner or admin takes (the
 * first-owner claim at sign-in, the admin panel's grants, revocations and deletions). With it
 * held, "how many owners are there" cannot change under the caller: two sign-ins cannot both
 * become the first owner, and two owners revoking each other cannot remove the last owner.
 */
export const OWNERS_LOCK_KEY = 7_140_014;

export async function lockOwners(tx: Tx): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${OWNERS_LOCK_KEY}::bigint)`;
}
