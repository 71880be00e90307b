import type { Tx } from '../../../db/transaction';
import { userNameSelect, userPersonSelect } from '../../../db/user-columns';
import type { Prisma, PrismaClient } from '../../../generated/prisma/client';

const sessionSelect = {
  id: true,
  sessionCode: true,
  hostUserId: true,
  beatId: true,
  sessionName: true,
  maxParticipants: true,
  isPublic: true,
  sessionData: true,
  endedAt: true,
  createdAt: true,
  beat: { select: { title: true, bpm: true } },
} as const satisfies Prisma.CollabSessionSelect;
export type SessionRow = Prisma.CollabSessionGetPayload<{ select: typeof sessionSelect }>;

const participantSelect = {
  id: true,
  userId: true,
  role: true,
  track: true,
  user: { select: userPersonSelect },
} as const satisfies Prisma.CollabParticipantSelect;
export type ParticipantRow = Prisma.CollabParticipantGetPayload<{ select: typeof participantSelect }>;

const chatSelect = {
  id: true,
  userId: true,
  message: true,
  createdAt: true,
  user: { select: userNameSelect },
} as const satisfies Prisma.CollabChatMessageSelect;
export type ChatRow = Prisma.CollabChatMessageGetPayload<{ select: typeof chatSelect }>;

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === 'P2002';

/** Collaborative sessions: the only place that reads and writes the collab_* tables. */
export function createCollabSessionsRepository(prisma: PrismaClient) {
  return {
    /** A beat a session may be opened over: it exists and plays (its preview is ready). */
    playableBeat(beatId: string) {
      return prisma.beat.findFirst({
        where: { id: beatId, previewStatus: 'ready', previewKey: { not: null } },
        select: { id: true },
      });
    },

    /**
     * The session and its host on track 1, in the caller's transaction (or a new one). Null when
     * the code is taken already (astronomically rare; the service draws another).
     */
    async create(
      data: {
        code: string;
        hostId: string;
        beatId: string | null;
        name: string;
        isPublic: boolean;
        sessionData: object;
        guestId?: string;
      },
      tx?: Tx,
    ): Promise<{ id: string } | null> {
      const write = async (db: Tx) => {
        const session = await db.collabSession.create({
          data: {
            sessionCode: data.code,
            hostUserId: data.hostId,
            beatId: data.beatId,
            sessionName: data.name,
            isPublic: data.isPublic,
            sessionData: data.sessionData as Prisma.InputJsonValue,
          },
          select: { id: true },
        });
        await db.collabParticipant.create({
          data: { sessionId: session.id, userId: data.hostId, role: 'host', track: 1 },
        });
        if (data.guestId && data.guestId !== data.hostId) {
          await db.collabParticipant.create({
            data: { sessionId: session.id, userId: data.guestId, role: 'participant', track: 2 },
          });
        }
        return session;
      };
      try {
        // Inside someone else's transaction a failed insert would abort it: check the code first.
        if (tx) {
          if (await tx.collabSession.count({ where: { sessionCode: data.code } })) return null;
          return await write(tx);
        }
        return await prisma.$transaction(write);
      } catch (error) {
        if (isUniqueViolation(error) && !tx) return null;
        throw error;
      }
    },

    /** A session still going, by code or id. */
    live(where: { code: string } | { id: string }): Promise<SessionRow | null> {
      return prisma.collabSession.findFirst({
        where: { endedAt: null, ...('code' in where ? { sessionCode: where.code } : { id: where.id }) },
        select: sessionSelect,
      });
    },

    participants(sessionId: string): Promise<ParticipantRow[]> {
      return prisma.collabParticipant.findMany({
        where: { sessionId },
        orderBy: { track: 'asc' },
        select: participantSelect,
      });
    },

    membership(sessionId: string, userId: string) {
      return prisma.collabParticipant.findUnique({
        where: { sessionId_userId: { sessionId, userId } },
        select: { role: true, track: true },
      });
    },

    /** Runs `work` in one transaction (a join: lock, look, then add). */
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return prisma.$transaction(work);
    },

    /**
     * Locks the session row for the rest of the transaction (the lock joins and removals take, so
     * they happen one after the other); null when it does not exist.
     */
    async lockForJoin(tx: Tx, sessionId: string) {
      const locked = await tx.$queryRaw<{ ended_at: Date | null; max_participants: number }[]>`
        SELECT ended_at, max_participants FROM collab_sessions WHERE id = ${sessionId}::uuid FOR UPDATE`;
      return locked[0] ?? null;
    },

    /** Who holds which track, inside the join's transaction. */
    tracksTaken(tx: Tx, sessionId: string) {
      return tx.collabParticipant.findMany({ where: { sessionId }, select: { userId: true, track: true } });
    },

    /** Whether the host removed this user from the session. */
    async wasRemoved(tx: Tx, sessionId: string, userId: string): Promise<boolean> {
      return (await tx.collabRemoval.count({ where: { sessionId, userId } })) > 0;
    },

    /** Adds a participant on a track; the unique (session, track) stays the last word. */
    async addParticipant(tx: Tx, sessionId: string, userId: string, track: number): Promise<void> {
      await tx.collabParticipant.create({ data: { sessionId, userId, role: 'participant', track } });
    },

    /** Removes a member; false when they were not one. */
    async removeParticipant(sessionId: string, userId: string): Promise<boolean> {
      const { count } = await prisma.collabParticipant.deleteMany({
        where: { sessionId, userId, role: 'participant' },
      });
      return count > 0;
    },

    /**
     * Removes a member and records the removal, under the session's row lock (the one joins
     * take), so a join racing the removal either comes first and is removed, or sees it.
     */
    removeAndBar(sessionId: string, userId: string): Promise<boolean> {
      return prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT 1 FROM collab_sessions WHERE id = ${sessionId}::uuid FOR UPDATE`;
        const { count } = await tx.collabParticipant.deleteMany({
          where: { sessionId, userId, role: 'participant' },
        });
        if (count === 0) return false;
        await tx.collabRemoval.createMany({ data: [{ sessionId, userId }], skipDuplicates: true });
        return true;
      });
    },

    /** Ends a session still going; false when it had ended already. */
    async end(sessionId: string): Promise<boolean> {
      const { count } = await prisma.collabSession.updateMany({
        where: { id: sessionId, endedAt: null },
        data: { endedAt: new Date() },
      });
      return count > 0;
    },

    /**
     * Changes session_data under a row lock, so a host's transport and a member's track setting
     * at once both survive. Answers the data written, or null when the session has ended.
     */
    updateData<T extends object>(sessionId: string, change: (data: T) => T): Promise<T | null> {
      return prisma.$transaction(async (tx) => {
        const rows = await tx.$queryRaw<{ session_data: T }[]>`
          SELECT session_data FROM collab_sessions
          WHERE id = ${sessionId}::uuid AND ended_at IS NULL FOR UPDATE`;
        if (!rows[0]) return null;
        const next = change(rows[0].session_data);
        await tx.collabSession.update({
          where: { id: sessionId },
          data: { sessionData: next as Prisma.InputJsonValue },
        });
        return next;
      });
    },

    /**
     * The host's transport in one statement (it is on every member's critical path): merges the
     * fields into session_data if the caller hosts this live session, and answers the data and
     * the members to tell. Null when the caller is not its host or it has ended.
     */
    async hostTransport(
      sessionId: string,
      hostId: string,
      fields: { is_playing: boolean; current_position: number; position_at: number },
    ): Promise<{ data: unknown; members: string[] } | null> {
      const rows = await prisma.$queryRaw<{ session_data: unknown; members: string[] }[]>`
        WITH updated AS (
          UPDATE collab_sessions
          SET session_data = session_data || ${JSON.stringify(fields)}::jsonb, updated_at = now()
          WHERE id = ${sessionId}::uuid AND ended_at IS NULL AND host_user_id = ${hostId}::uuid
          RETURNING id, session_data
        )
        SELECT u.session_data, array_agg(p.user_id::text) AS members
        FROM updated u JOIN collab_participants p ON p.session_id = u.id
        GROUP BY u.id, u.session_data`;
      return rows[0] ? { data: rows[0].session_data, members: rows[0].members } : null;
    },

    addChat(sessionId: string, userId: string, message: string): Promise<ChatRow> {
      return prisma.collabChatMessage.create({ data: { sessionId, userId, message }, select: chatSelect });
    },

    /** The newest `limit` messages, oldest first. */
    async chat(sessionId: string, limit: number): Promise<ChatRow[]> {
      const rows = await prisma.collabChatMessage.findMany({
        where: { sessionId },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit,
        select: chatSelect,
      });
      return rows.reverse();
    },
  };
}

export type CollabSessionsRepository = ReturnType<typeof createCollabSessionsRepository>;
