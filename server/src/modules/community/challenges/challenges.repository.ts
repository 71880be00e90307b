import type { EscrowKind } from '@beatroom/shared/challenges-contract';
import type { Prisma, PrismaClient } from '../../../generated/prisma/client';
import type { Tx } from '../../../db/transaction';
import { lockLivingUsers } from '../../../db/user-lock';
import { userPersonSelect } from '../../../db/user-columns';
import { createChallengeEntriesRepository } from './challenge-entries.repository';

export const challengeSelect = {
  id: true,
  creatorId: true,
  beatId: true,
  beatTitle: true,
  title: true,
  description: true,
  startDate: true,
  endDate: true,
  prizeCredits: true,
  entryFeeCredits: true,
  fundedBy: true,
  escrowCredits: true,
  winnerUserId: true,
  winnerAnnouncedAt: true,
  closedAt: true,
  creator: { select: userPersonSelect },
  winner: { select: userPersonSelect },
  beat: { select: { coverImageKey: true } },
  _count: { select: { entries: true } },
} as const satisfies Prisma.ChallengeSelect;
export type ChallengeRow = Prisma.ChallengeGetPayload<{ select: typeof challengeSelect }>;

/** The row the money work holds locked: what closing and entering decide on. */
export interface LockedChallenge {
  id: string;
  title: string;
  creator_id: string | null;
  beat_id: string | null;
  start_date: Date;
  end_date: Date;
  entry_fee_credits: number;
  escrow_credits: number;
  closed_at: Date | null;
}

export interface NewChallenge {
  id: string;
  creatorId: string;
  beatId: string;
  beatTitle: string;
  title: string;
  description: string;
  startDate: Date;
  endDate: Date;
  prizeCredits: number;
  entryFeeCredits: number;
  fundedBy: 'creator' | 'platform';
}

export type ListFilter = 'active' | 'upcoming' | 'ended' | undefined;

function whereFor(filter: ListFilter, now: Date): Prisma.ChallengeWhereInput {
  if (filter === 'active') return { startDate: { lte: now }, endDate: { gt: now } };
  if (filter === 'upcoming') return { startDate: { gt: now } };
  if (filter === 'ended') return { endDate: { lte: now } };
  return {};
}

function orderFor(filter: ListFilter): Prisma.ChallengeOrderByWithRelationInput[] {
  // Active: ending soonest first; upcoming: starting soonest; ended: most recent; all: newest start.
  if (filter === 'active') return [{ endDate: 'asc' }, { id: 'asc' }];
  if (filter === 'upcoming') return [{ startDate: 'asc' }, { id: 'asc' }];
  if (filter === 'ended') return [{ endDate: 'desc' }, { id: 'asc' }];
  return [{ startDate: 'desc' }, { id: 'asc' }];
}

/**
 * Challenges, their entries, votes and escrow. The money work (create, enter, close) runs in the
 * service's transaction and takes the challenge row's lock first (`lock`), so entering, the
 * escrow balance and closing happen one after the other per challenge on every instance.
 */
export function createChallengesRepository(prisma: PrismaClient) {
  return {
    ...createChallengeEntriesRepository(prisma),

    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return prisma.$transaction(work, { maxWait: 10_000, timeout: 30_000 });
    },

    beat(id: string) {
      return prisma.beat.findUnique({ where: { id }, select: { id: true, title: true, delistedAt: true } });
    },

    async create(tx: Tx, c: NewChallenge): Promise<void> {
      await tx.challenge.create({ data: { ...c, escrowCredits: 0 } });
    },

    /**
     * Locks these users' rows (before any challenge row: the lock order of all money work) and
     * answers those whose accounts are alive.
     */
    lockUsers(tx: Tx, userIds: (string | null)[]): Promise<Set<string>> {
      return lockLivingUsers(tx, userIds);
    },

    /** Everyone whose credits a closing may move: the creator, the entrants, whoever paid in. */
    async memberIds(challengeId: string, db: Tx | PrismaClient = prisma): Promise<string[]> {
      const rows = await db.$queryRaw<{ user_id: string }[]>`
        SELECT creator_id::text AS user_id FROM challenges WHERE id = ${challengeId}::uuid AND creator_id IS NOT NULL
        UNION SELECT user_id::text FROM challenge_entries WHERE challenge_id = ${challengeId}::uuid
        UNION SELECT user_id::text FROM challenge_escrow
              WHERE challenge_id = ${challengeId}::uuid AND user_id IS NOT NULL`;
      return rows.map((row) => row.user_id);
    },

    /** The user's challenges not closed yet (an account deletion cancels them). */
    async openCreatedBy(tx: Tx, userId: string): Promise<string[]> {
      const rows = await tx.challenge.findMany({
        where: { creatorId: userId, closedAt: null },
        orderBy: { id: 'asc' },
        select: { id: true },
      });
      return rows.map((row) => row.id);
    },

    /** Ends a challenge now without a winner (its creator's account was deleted). */
    async cancel(tx: Tx, id: string, at: Date): Promise<void> {
      await tx.$executeRaw`
        UPDATE challenges SET closed_at = ${at}, end_date = LEAST(end_date, ${at}),
               winner_user_id = NULL, winner_entry_id = NULL, winner_announced_at = NULL
        WHERE id = ${id}::uuid`;
    },

    /** Locks the challenge row for the rest of the transaction; null when it does not exist. */
    async lock(tx: Tx, id: string, mode: 'update' | 'share' = 'update'): Promise<LockedChallenge | null> {
      const rows =
        mode === 'update'
          ? await tx.$queryRaw<LockedChallenge[]>`
              SELECT id::text, title, creator_id::text, beat_id::text, start_date, end_date,
                     entry_fee_credits, escrow_credits, closed_at
              FROM challenges WHERE id = ${id}::uuid FOR UPDATE`
          : await tx.$queryRaw<LockedChallenge[]>`
              SELECT id::text, title, creator_id::text, beat_id::text, start_date, end_date,
                     entry_fee_credits, escrow_credits, closed_at
              FROM challenges WHERE id = ${id}::uuid FOR SHARE`;
      return rows[0] ?? null;
    },

    /**
     * Records one escrow movement and moves escrow_credits by it, with the challenge locked.
     * False (nothing changes) when the key was used already: each movement happens once.
     */
    async moveEscrow(
      tx: Tx,
      m: { challengeId: string; kind: EscrowKind; amount: number; userId: string | null; key: string },
    ): Promise<boolean> {
      const inserted = await tx.$executeRaw`
        INSERT INTO challenge_escrow (challenge_id, kind, amount, user_id, idempotency_key)
        VALUES (${m.challengeId}::uuid, ${m.kind}, ${m.amount}, ${m.userId}::uuid, ${m.key})
        ON CONFLICT (idempotency_key) DO NOTHING`;
      if (!inserted) return false;
      await tx.$executeRaw`
        UPDATE challenges SET escrow_credits = escrow_credits + ${m.amount} WHERE id = ${m.challengeId}::uuid`;
      return true;
    },

    /** What went into the escrow and is still there to give back (deposits and fees). */
    deposits(tx: Tx, challengeId: string) {
      return tx.challengeEscrowMovement.findMany({
        where: { challengeId, amount: { gt: 0 } },
        orderBy: { id: 'asc' },
        select: { id: true, kind: true, amount: true, userId: true },
      });
    },

    escrowOf(challengeId: string) {
      return prisma.challengeEscrowMovement.findMany({
        where: { challengeId },
        orderBy: { id: 'asc' },
        select: {
          kind: true,
          amount: true,
          createdAt: true,
          userId: true,
          user: { select: userPersonSelect },
        },
      });
    },

    async close(
      tx: Tx,
      id: string,
      result: {
        closedAt: Date;
        winnerUserId: string | null;
        winnerEntryId: string | null;
        winnerAnnouncedAt: Date | null;
      },
    ): Promise<void> {
      await tx.challenge.update({ where: { id }, data: result });
    },

    find(id: string) {
      return prisma.challenge.findUnique({ where: { id }, select: challengeSelect });
    },

    list(filter: ListFilter, now: Date, limit: number) {
      return prisma.challenge.findMany({
        where: whereFor(filter, now),
        orderBy: orderFor(filter),
        take: limit,
        select: challengeSelect,
      });
    },

    async activeStats(now: Date) {
      const where = whereFor('active', now);
      const [count, sums, entries] = await Promise.all([
        prisma.challenge.count({ where }),
        prisma.challenge.aggregate({ where, _sum: { prizeCredits: true } }),
        prisma.challengeEntry.count({ where: { challenge: where } }),
      ]);
      return { count, prize: sums._sum.prizeCredits ?? 0, entries };
    },

    /** Open challenges whose end has passed: what the closing sweep closes. */
    async dueIds(now: Date, limit: number): Promise<string[]> {
      const rows = await prisma.challenge.findMany({
        where: { closedAt: null, endDate: { lte: now } },
        orderBy: { endDate: 'asc' },
        take: limit,
        select: { id: true },
      });
      return rows.map((r) => r.id);
    },
  };
}

export type ChallengesRepository = ReturnType<typeof createChallengesRepository>;
