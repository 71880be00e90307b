import type { RecordingFormat } from '@beatroom/shared/recordings-contract';
import type { WaveformPeaks } from '@beatroom/shared/beats-contract';
import type { Tx } from '../../../db/transaction';
import { userNameSelect } from '../../../db/user-columns';
import type { Prisma, PrismaClient } from '../../../generated/prisma/client';

const ownSelect = {
  id: true,
  userId: true,
  beatId: true,
  recordingName: true,
  fileKey: true,
  fileSize: true,
  format: true,
  isPublic: true,
  durationSeconds: true,
  peaks: true,
  playCount: true,
  createdAt: true,
  beat: { select: { title: true, coverImageKey: true } },
} as const satisfies Prisma.RecordingSelect;

export type OwnRecordingRow = Prisma.RecordingGetPayload<{ select: typeof ownSelect }>;

const publicSelect = {
  id: true,
  userId: true,
  recordingName: true,
  fileKey: true,
  durationSeconds: true,
  playCount: true,
  createdAt: true,
  user: { select: { ...userNameSelect, profile: { select: { displayName: true, profileImageKey: true } } } },
} as const satisfies Prisma.RecordingSelect;

export type PublicRecordingRow = Prisma.RecordingGetPayload<{ select: typeof publicSelect }>;

export interface NewRecording {
  idempotencyKey?: string | undefined;
  userId: string;
  beatId: string;
  recordingName: string;
  fileKey: string;
  fileSize: number;
  format: RecordingFormat;
  isPublic: boolean;
  durationSeconds: number;
  peaks: WaveformPeaks;
}

/** Recordings: the only place that reads and writes the recordings table. */
export function createRecordingsRepository(prisma: PrismaClient) {
  return {
    /**
     * A beat a take may be saved for: it exists and plays (its preview is ready), as the studio
     * only records over a beat it could play.
     */
    playableBeat(beatId: string) {
      return prisma.beat.findFirst({
        where: { id: beatId, previewStatus: 'ready', previewKey: { not: null } },
        select: { id: true },
      });
    },

    /**
     * Records a take; null when the user already has a take under the same idempotency key
     * (a retry that raced the first upload), which is then the one to answer.
     */
    async create(data: NewRecording): Promise<OwnRecordingRow | null> {
      try {
        return await prisma.recording.create({
          data: {
            ...data,
            idempotencyKey: data.idempotencyKey ?? null,
            peaks: data.peaks as Prisma.InputJsonValue,
          },
          select: ownSelect,
        });
      } catch (error) {
        if (data.idempotencyKey && (error as { code?: string }).code === 'P2002') return null;
        throw error;
      }
    },

    /** The user's take saved under an idempotency key, if any. */
    byIdempotencyKey(userId: string, key: string): Promise<OwnRecordingRow | null> {
      return prisma.recording.findFirst({ where: { userId, idempotencyKey: key }, select: ownSelect });
    },

    /** The user's recordings of beats that still exist, newest first. */
    listOwn(userId: string): Promise<OwnRecordingRow[]> {
      return prisma.recording.findMany({
        where: { userId, beatId: { not: null } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        select: ownSelect,
      });
    },

    /** What deciding who may hear a take needs. */
    findAccess(id: string) {
      return prisma.recording.findFirst({
        where: { id, beatId: { not: null } },
        select: { userId: true, isPublic: true, fileKey: true },
      });
    },

    /** Sets whether the user's own take is public; null when it is not theirs (or not there). */
    async setPublicOwn(id: string, userId: string, isPublic: boolean): Promise<OwnRecordingRow | null> {
      const { count } = await prisma.recording.updateMany({
        where: { id, userId, beatId: { not: null } },
        data: { isPublic },
      });
      if (count === 0) return null;
      return prisma.recording.findFirst({ where: { id, userId }, select: ownSelect });
    },

    /** Deletes the user's own recording; answers its file key, or null when it is not theirs. */
    async deleteOwn(id: string, userId: string): Promise<string | null> {
      const rows = await prisma.$queryRaw<{ file_key: string }[]>`
        DELETE FROM recordings WHERE id = ${id}::uuid AND user_id = ${userId}::uuid RETURNING file_key`;
      return rows[0]?.file_key ?? null;
    },

    /**
     * One play of a take the viewer may hear (public, or their own): one statement, so plays
     * counted at once never lose one. False when there is no such take.
     */
    async countPlay(id: string, viewerId: string | null): Promise<boolean> {
      const updated = await prisma.$executeRaw`
        UPDATE recordings SET play_count = play_count + 1
        WHERE id = ${id}::uuid AND beat_id IS NOT NULL
          AND (is_public OR user_id = ${viewerId}::uuid)`;
      return updated > 0;
    },

    beatExists: async (beatId: string) => (await prisma.beat.count({ where: { id: beatId } })) > 0,

    /** A beat's public takes by people who still have an account, newest first. */
    publicOfBeat(beatId: string, limit: number): Promise<PublicRecordingRow[]> {
      return prisma.recording.findMany({
        where: { beatId, isPublic: true, user: { deletedAt: null } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit,
        select: publicSelect,
      });
    },

    /** Account deletion, inside its transaction: the user's takes; answers their file keys. */
    async removeAll(tx: Tx, userId: string): Promise<string[]> {
      const rows = await tx.$queryRaw<{ file_key: string }[]>`
        DELETE FROM recordings WHERE user_id = ${userId}::uuid RETURNING file_key`;
      return rows.map((row) => row.file_key);
    },

    /** Of these storage keys, those a take names (the orphan sweep keeps them). */
    async referencedKeys(keys: string[]): Promise<Set<string>> {
      if (!keys.length) return new Set();
      const rows = await prisma.recording.findMany({
        where: { fileKey: { in: keys } },
        select: { fileKey: true },
      });
      return new Set(rows.map((row) => row.fileKey));
    },

    /** Takes whose beat was deleted (beat_id set null by the foreign key); answers their file keys. */
    async removeOrphaned(): Promise<string[]> {
      const rows = await prisma.$queryRaw<{ file_key: string }[]>`
        DELETE FROM recordings WHERE beat_id IS NULL RETURNING file_key`;
      return rows.map((row) => row.file_key);
    },
  };
}

export type RecordingsRepository = ReturnType<typeof createRecordingsRepository>;
