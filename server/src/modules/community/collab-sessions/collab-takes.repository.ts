import type { Tx } from '../../../db/transaction';
import type { Prisma, PrismaClient } from '../../../generated/prisma/client';

const takeSelect = {
  id: true,
  sessionId: true,
  userId: true,
  track: true,
  recordingId: true,
  startSeconds: true,
  createdAt: true,
  recording: { select: { recordingName: true, durationSeconds: true, fileKey: true } },
} as const satisfies Prisma.CollabTakeSelect;
export type TakeRow = Prisma.CollabTakeGetPayload<{ select: typeof takeSelect }>;

/** The takes of collaborative sessions and the starts stamped for them (collab_takes). */
export function createCollabTakesRepository(prisma: PrismaClient) {
  return {
    /** Runs `work` in one transaction (adding a take: lock, claim the start, count, insert). */
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return prisma.$transaction(work);
    },

    /** The caller's own recording, with the beat it was made over. */
    ownRecording(recordingId: string, userId: string) {
      return prisma.recording.findFirst({ where: { id: recordingId, userId }, select: { beatId: true } });
    },

    /** Keeps where the member's take in progress starts (seconds on the session's timeline). */
    async stampRecording(sessionId: string, userId: string, startSeconds: number): Promise<boolean> {
      const { count } = await prisma.collabParticipant.updateMany({
        where: { sessionId, userId },
        data: { recordingFrom: startSeconds },
      });
      return count > 0;
    },

    /**
     * The member's stamped start, let go as it is read (a stamp places one take only). Called
     * under the session's row lock, so two adds at once never both take it.
     */
    async claimRecordingStart(tx: Tx, sessionId: string, userId: string): Promise<number | null> {
      const where = { sessionId_userId: { sessionId, userId } };
      const row = await tx.collabParticipant.findUnique({ where, select: { recordingFrom: true } });
      if (row?.recordingFrom === null || row?.recordingFrom === undefined) return null;
      await tx.collabParticipant.update({ where, data: { recordingFrom: null } });
      return row.recordingFrom;
    },

    takeCount(tx: Tx, sessionId: string): Promise<number> {
      return tx.collabTake.count({ where: { sessionId } });
    },

    /** One more take on a track, from its start on the timeline. */
    addTake(
      tx: Tx,
      data: { sessionId: string; userId: string; track: number; recordingId: string; startSeconds: number },
    ): Promise<TakeRow> {
      return tx.collabTake.create({ data, select: takeSelect });
    },

    /** Every take of the session, in the order they were added (each track's Take 1, 2, …). */
    takes(sessionId: string): Promise<TakeRow[]> {
      return prisma.collabTake.findMany({
        where: { sessionId },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: takeSelect,
      });
    },

    take(sessionId: string, takeId: string): Promise<TakeRow | null> {
      return prisma.collabTake.findFirst({ where: { id: takeId, sessionId }, select: takeSelect });
    },

    /** Where the take plays from; null when it is gone meanwhile. */
    async moveTake(sessionId: string, takeId: string, startSeconds: number): Promise<TakeRow | null> {
      const { count } = await prisma.collabTake.updateMany({
        where: { id: takeId, sessionId },
        data: { startSeconds },
      });
      return count > 0
        ? prisma.collabTake.findFirst({ where: { id: takeId, sessionId }, select: takeSelect })
        : null;
    },

    /** The take leaves the session (its recording stays its member's); false when already gone. */
    async deleteTake(sessionId: string, takeId: string): Promise<boolean> {
      const { count } = await prisma.collabTake.deleteMany({ where: { id: takeId, sessionId } });
      return count > 0;
    },

    /** Lets go of the member's stamped start; false when there was none. */
    async clearRecording(sessionId: string, userId: string): Promise<boolean> {
      const { count } = await prisma.collabParticipant.updateMany({
        where: { sessionId, userId, recordingFrom: { not: null } },
        data: { recordingFrom: null },
      });
      return count > 0;
    },

    /**
     * The members of a live session with their tracks and stamped starts, in one query: what a
     * frame of a take in progress needs (who may send it, where it starts, whom it reaches).
     */
    liveMembers(sessionId: string) {
      return prisma.collabParticipant.findMany({
        where: { sessionId, session: { endedAt: null } },
        select: { userId: true, track: true, recordingFrom: true },
      });
    },
  };
}

export type CollabTakesRepository = ReturnType<typeof createCollabTakesRepository>;
