import type { Prisma, PrismaClient } from '../../../generated/prisma/client';
import type { Tx } from '../../../db/transaction';
import { userPersonSelect } from '../../../db/user-columns';

const entrySelect = {
  id: true,
  userId: true,
  createdAt: true,
  user: { select: userPersonSelect },
  recording: { select: { recordingName: true, durationSeconds: true } },
  _count: { select: { votes: true } },
} as const satisfies Prisma.ChallengeEntrySelect;
export type EntryRow = Prisma.ChallengeEntryGetPayload<{ select: typeof entrySelect }>;

/**
 * Challenge entries and votes: the half of the challenges' storage about who entered what and who
 * voted for it. The challenges repository spreads these into its own, so the service sees one.
 */
export function createChallengeEntriesRepository(prisma: PrismaClient) {
  return {
    /** The user's entries in challenges not closed yet (an account deletion withdraws them). */
    openEntriesOf(tx: Tx, userId: string) {
      return tx.challengeEntry.findMany({
        where: { userId, challenge: { closedAt: null } },
        orderBy: { challengeId: 'asc' },
        select: { id: true, challengeId: true },
      });
    },

    /** Removes an entry; its votes go with it (they were cast for it). */
    async deleteEntry(tx: Tx, entryId: string): Promise<void> {
      await tx.challengeEntry.delete({ where: { id: entryId } });
    },

    ownRecording(tx: Tx, recordingId: string, userId: string) {
      return tx.recording.findFirst({
        where: { id: recordingId, userId },
        select: { id: true, beatId: true },
      });
    },

    entryOfUser(tx: Tx, challengeId: string, userId: string) {
      return tx.challengeEntry.findUnique({
        where: { challengeId_userId: { challengeId, userId } },
        select: { id: true },
      });
    },

    async createEntry(tx: Tx, e: { challengeId: string; userId: string; recordingId: string }) {
      return tx.challengeEntry.create({ data: e, select: { id: true } });
    },

    entry(challengeId: string, entryId: string, db: Tx | PrismaClient = prisma) {
      return db.challengeEntry.findFirst({
        where: { id: entryId, challengeId },
        select: { id: true, userId: true, recording: { select: { fileKey: true } } },
      });
    },

    /** Adds the vote; false when the voter already voted in this challenge (the primary key). */
    async vote(tx: Tx, v: { challengeId: string; voterId: string; entryId: string }): Promise<boolean> {
      const { count } = await tx.challengeVote.createMany({ data: [v], skipDuplicates: true });
      return count === 1;
    },

    voteOf(challengeId: string, voterId: string) {
      return prisma.challengeVote.findUnique({
        where: { challengeId_voterId: { challengeId, voterId } },
        select: { entryId: true },
      });
    },

    /** The entries of members whose accounts are alive, unordered (the service ranks them). */
    entries(challengeId: string, db: Tx | PrismaClient = prisma): Promise<EntryRow[]> {
      // A deleted member's entry was withdrawn with the account; never listed, never a winner.
      return db.challengeEntry.findMany({
        where: { challengeId, user: { deletedAt: null } },
        select: entrySelect,
      });
    },

    /** The caller's entry in each of these challenges. */
    async entriesOf(userId: string, challengeIds: string[]): Promise<Map<string, string>> {
      if (!challengeIds.length) return new Map();
      const rows = await prisma.challengeEntry.findMany({
        where: { userId, challengeId: { in: challengeIds } },
        select: { id: true, challengeId: true },
      });
      return new Map(rows.map((r) => [r.challengeId, r.id]));
    },
  };
}
