import type { StudioSessionData } from '@beatroom/shared/studio-settings';
import type { Tx } from '../../../db/transaction';
import type { Prisma, PrismaClient } from '../../../generated/prisma/client';

const sessionSelect = {
  id: true,
  beatId: true,
  sessionName: true,
  sessionData: true,
  isPublic: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.StudioSessionSelect;

export type StudioSessionRow = Prisma.StudioSessionGetPayload<{ select: typeof sessionSelect }>;

/** Studio sessions, and what the studio reads of a beat: the only place using Prisma for them. */
export function createStudioRepository(prisma: PrismaClient) {
  return {
    /** A beat the studio can record over: it exists and its preview is ready. */
    playableBeat(beatId: string) {
      return prisma.beat.findFirst({
        where: { id: beatId, previewStatus: 'ready', previewKey: { not: null } },
        select: {
          id: true,
          userId: true,
          title: true,
          bpm: true,
          keySignature: true,
          coverImageKey: true,
          audioFileKey: true,
          previewKey: true,
        },
      });
    },

    beatExists: async (beatId: string) => (await prisma.beat.count({ where: { id: beatId } })) > 0,

    list(userId: string, beatId?: string): Promise<StudioSessionRow[]> {
      return prisma.studioSession.findMany({
        where: { userId, ...(beatId ? { beatId } : {}) },
        orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
        select: sessionSelect,
      });
    },

    count: (userId: string) => prisma.studioSession.count({ where: { userId } }),

    /** The user's own session; someone else's is null, like a missing one. */
    findOwn(id: string, userId: string): Promise<StudioSessionRow | null> {
      return prisma.studioSession.findFirst({ where: { id, userId }, select: sessionSelect });
    },

    create(data: {
      userId: string;
      beatId: string;
      sessionName: string;
      sessionData: StudioSessionData;
      isPublic: boolean;
    }): Promise<StudioSessionRow> {
      return prisma.studioSession.create({
        data: { ...data, sessionData: data.sessionData as Prisma.InputJsonValue },
        select: sessionSelect,
      });
    },

    /** Updates the user's own session in one statement; null when it is not theirs. */
    async updateOwn(
      id: string,
      userId: string,
      data: { sessionName?: string; sessionData?: StudioSessionData; isPublic?: boolean },
    ): Promise<StudioSessionRow | null> {
      const { count } = await prisma.studioSession.updateMany({
        where: { id, userId },
        data: {
          ...(data.sessionName !== undefined ? { sessionName: data.sessionName } : {}),
          ...(data.sessionData !== undefined
            ? { sessionData: data.sessionData as Prisma.InputJsonValue }
            : {}),
          ...(data.isPublic !== undefined ? { isPublic: data.isPublic } : {}),
          updatedAt: new Date(),
        },
      });
      return count ? prisma.studioSession.findFirst({ where: { id, userId }, select: sessionSelect }) : null;
    },

    async deleteOwn(id: string, userId: string): Promise<boolean> {
      const { count } = await prisma.studioSession.deleteMany({ where: { id, userId } });
      return count > 0;
    },

    /** Account deletion, inside its transaction. */
    removeAll: (tx: Tx, userId: string) => tx.studioSession.deleteMany({ where: { userId } }),
  };
}

export type StudioRepository = ReturnType<typeof createStudioRepository>;
