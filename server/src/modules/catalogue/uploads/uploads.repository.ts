import type { Prisma, PrismaClient } from '../../../generated/prisma/client';
import type { UploadUse } from './upload-uses';

export type UploadKind = 'audio' | 'image';

export interface NewUpload {
  key: string;
  userId: string;
  kind: UploadKind;
  contentType: string;
  sizeBytes: number;
  originalName: string | null;
  durationSeconds?: number | null;
  peaks?: [number, number][] | null;
  /** Images: when their renditions were stored (set at upload, after storing them). */
  renditionsMadeAt?: Date | null;
}

/** Rows that say who uploaded which stored file, and what the server learned from it. */
export function createUploadsRepository(prisma: PrismaClient) {
  return {
    async create(upload: NewUpload): Promise<void> {
      await prisma.upload.create({
        data: { ...upload, peaks: (upload.peaks ?? undefined) as Prisma.InputJsonValue | undefined },
      });
    },

    /**
     * The use a stored file already serves, if any: a beat's audio or cover, a profile's picture,
     * cover or voice tag. `exceptProfileOf` leaves that user's own profile out (a profile edit
     * may move a file between its own slots).
     */
    async useOf(key: string, exceptProfileOf: string | null): Promise<UploadUse | null> {
      const [beat, profile] = await Promise.all([
        prisma.beat.findFirst({
          where: { OR: [{ audioFileKey: key }, { coverImageKey: key }] },
          select: { audioFileKey: true },
        }),
        prisma.profile.findFirst({
          where: {
            OR: [{ profileImageKey: key }, { coverImageKey: key }, { voiceTagKey: key }],
            ...(exceptProfileOf ? { NOT: { userId: exceptProfileOf } } : {}),
          },
          select: { profileImageKey: true, voiceTagKey: true },
        }),
      ]);
      if (beat) return beat.audioFileKey === key ? 'beat_audio' : 'beat_cover';
      if (profile) {
        if (profile.profileImageKey === key) return 'avatar';
        return profile.voiceTagKey === key ? 'voice_tag' : 'profile_cover';
      }
      return null;
    },

    find(key: string) {
      return prisma.upload.findUnique({
        where: { key },
        select: { key: true, userId: true, kind: true, durationSeconds: true },
      });
    },

    /**
     * Keys of stored images not yet marked as having their renditions, in key order after
     * `after`, `limit` at a time (the renditions backfill; a partial index holds just these).
     */
    async imageKeysWithoutRenditions(after: string | null, limit: number): Promise<string[]> {
      const rows = await prisma.upload.findMany({
        where: { kind: 'image', renditionsMadeAt: null, ...(after ? { key: { gt: after } } : {}) },
        orderBy: { key: 'asc' },
        take: limit,
        select: { key: true },
      });
      return rows.map((row) => row.key);
    },

    /** Records that these images' renditions are stored: the backfill passes them by from now on. */
    async markRenditionsMade(keys: string[]): Promise<void> {
      if (keys.length)
        await prisma.upload.updateMany({
          where: { key: { in: keys }, renditionsMadeAt: null },
          data: { renditionsMadeAt: new Date() },
        });
    },

    async deleteMany(keys: string[]): Promise<void> {
      if (keys.length) await prisma.upload.deleteMany({ where: { key: { in: keys } } });
    },

    async count(): Promise<number> {
      return prisma.upload.count();
    },

    /** Bytes of a user's stored uploads: all of them, and those made since `since`. */
    async usage(userId: string, since: Date): Promise<{ total: number; recent: number }> {
      const [row] = await prisma.$queryRaw<{ total: bigint | null; recent: bigint | null }[]>`
        SELECT sum(size_bytes) AS total,
               sum(size_bytes) FILTER (WHERE created_at >= ${since}) AS recent
          FROM uploads
         WHERE user_id = ${userId}::uuid`;
      return { total: Number(row?.total ?? 0), recent: Number(row?.recent ?? 0) };
    },

    /**
     * Which of `keys` some row names: an upload, a beat (audio, cover, preview), a beat's
     * rendition, a profile (picture, cover, voice tag), a studio recording, a studio timeline's take, a support
     * attachment. The orphan sweep deletes the others'
     * files. Indexed columns are probed per key; the others are read once per call as a hashed
     * set, so a batch of keys costs one pass over beats and profiles at most.
     */
    async referencedKeys(keys: string[]): Promise<Set<string>> {
      if (!keys.length) return new Set();
      const rows = await prisma.$queryRaw<{ key: string }[]>`
        SELECT k AS key FROM unnest(${keys}::text[]) AS k
        WHERE EXISTS (SELECT 1 FROM uploads u WHERE u.key = k)
           OR EXISTS (SELECT 1 FROM beats b WHERE b.audio_file_key = k)
           OR EXISTS (SELECT 1 FROM beats b WHERE b.cover_image_key = k)
           OR EXISTS (SELECT 1 FROM recordings r WHERE r.file_key = k)
           OR EXISTS (SELECT 1 FROM studio_takes t WHERE t.file_key = k)
           OR EXISTS (SELECT 1 FROM support_attachments s WHERE s.key = k)
           OR k IN (SELECT b.preview_key FROM beats b WHERE b.preview_key IS NOT NULL)
           OR k IN (SELECT r.storage_key FROM beat_renditions r)
           OR k IN (SELECT p.profile_image_key FROM profiles p WHERE p.profile_image_key IS NOT NULL)
           OR k IN (SELECT p.cover_image_key FROM profiles p WHERE p.cover_image_key IS NOT NULL)
           OR k IN (SELECT p.voice_tag_key FROM profiles p WHERE p.voice_tag_key IS NOT NULL)`;
      return new Set(rows.map((row) => row.key));
    },

    /**
     * Deletes up to `limit` upload rows made before `before` that no beat (audio, cover) and no
     * profile (picture, cover, voice tag) uses, and answers their keys: the files are the
     * caller's to delete. The check and the delete are one statement, so a row a beat starts
     * using meanwhile stays; SKIP LOCKED lets two instances sweep side by side.
     */
    async deleteUnused(before: Date, limit: number): Promise<string[]> {
      const rows = await prisma.$queryRaw<{ key: string }[]>`
        DELETE FROM uploads WHERE key IN (
          SELECT u.key FROM uploads u
          WHERE u.created_at < ${before}
            AND NOT EXISTS (SELECT 1 FROM beats b WHERE b.audio_file_key = u.key)
            AND NOT EXISTS (SELECT 1 FROM beats b WHERE b.cover_image_key = u.key)
            AND NOT EXISTS (
              SELECT 1 FROM profiles p
              WHERE u.key IN (p.profile_image_key, p.cover_image_key, p.voice_tag_key))
          ORDER BY u.created_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING key`;
      return rows.map((row) => row.key);
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
