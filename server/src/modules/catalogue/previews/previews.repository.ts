import type { PrismaClient } from '../../../generated/prisma/client';

/** A file made from a beat's master, as beat_renditions records it. */
export interface RenditionRecord {
  format: string;
  storageKey: string;
  contentType: string;
  sizeBytes: number;
}

/** Beats' previews and renditions: what the preview job reads and records. */
export function createPreviewsRepository(prisma: PrismaClient) {
  return {
    /** What rendering a beat needs: its master, its state, and its producer's voice tag. */
    async findSource(beatId: string) {
      const beat = await prisma.beat.findUnique({
        where: { id: beatId },
        select: {
          id: true,
          audioFileKey: true,
          previewKey: true,
          previewStatus: true,
          user: { select: { profile: { select: { voiceTagKey: true } } } },
        },
      });
      if (!beat) return null;
      return {
        id: beat.id,
        masterKey: beat.audioFileKey,
        previewKey: beat.previewKey,
        previewStatus: beat.previewStatus,
        voiceTagKey: beat.user.profile?.voiceTagKey ?? null,
      };
    },

    /** Beats still waiting for a preview, oldest first (a partial index covers them). */
    async pendingBeatIds(limit: number): Promise<string[]> {
      const rows = await prisma.beat.findMany({
        where: { previewStatus: 'pending' },
        orderBy: { createdAt: 'asc' },
        take: limit,
        select: { id: true },
      });
      return rows.map((row) => row.id);
    },

    /**
     * Records a finished render in one transaction: the beat's preview becomes ready and its
     * renditions are (re)placed. Answers the keys this replaced, for the caller to delete, or
     * null when the beat no longer exists (the new files are then the caller's to delete).
     */
    async recordRendered(
      beatId: string,
      previewKey: string,
      renditions: RenditionRecord[],
    ): Promise<string[] | null> {
      return prisma.$transaction(async (tx) => {
        const beat = await tx.beat.findUnique({ where: { id: beatId }, select: { previewKey: true } });
        if (!beat) return null;
        const replaced = await tx.beatRendition.findMany({
          where: { beatId, format: { in: renditions.map((r) => r.format) } },
          select: { storageKey: true },
        });
        await tx.beat.update({ where: { id: beatId }, data: { previewKey, previewStatus: 'ready' } });
        for (const rendition of renditions) {
          await tx.beatRendition.upsert({
            where: { beatId_format: { beatId, format: rendition.format } },
            create: { beatId, ...rendition },
            update: { ...rendition, createdAt: new Date() },
          });
        }
        return [beat.previewKey, ...replaced.map((r) => r.storageKey)].filter(
          (key): key is string => key !== null && key !== previewKey,
        );
      });
    },

    async markFailed(beatId: string): Promise<void> {
      await prisma.beat.updateMany({
        where: { id: beatId, previewStatus: 'pending' },
        data: { previewStatus: 'failed' },
      });
    },

    async rendition(beatId: string, format: string): Promise<{ storageKey: string } | null> {
      return prisma.beatRendition.findUnique({
        where: { beatId_format: { beatId, format } },
        select: { storageKey: true },
      });
    },

    /** Every stored file made from a beat: its preview and its renditions. */
    async filesOf(beatId: string): Promise<string[]> {
      const beat = await prisma.beat.findUnique({
        where: { id: beatId },
        select: { previewKey: true, renditions: { select: { storageKey: true } } },
      });
      if (!beat) return [];
      return [beat.previewKey, ...beat.renditions.map((r) => r.storageKey)].filter(
        (key): key is string => key !== null,
      );
    },
  };
}

export type PreviewsRepository = ReturnType<typeof createPreviewsRepository>;
