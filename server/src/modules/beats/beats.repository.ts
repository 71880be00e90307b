import type { Beat, BeatDetail, WaveformPeaks } from '@beatroom/shared/beats-contract';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import { userNameSelect } from '../users/users.repository';

/** The columns of the Beat contract, in SQL, for every raw query that answers beats. */
export const BEAT_COLUMNS = Prisma.sql`b.id::text AS id, b.user_id::text AS user_id, b.title, b.description,
  b.bpm, b.key_signature, b.genre, b.mood, b.price_cents, b.is_free, b.is_featured, b.promotion_type,
  b.audio_file_key, b.cover_image_key, b.duration_seconds, b.play_count, b.download_count,
  b.created_at, b.producer_name`;

export type BeatRow = Omit<Beat, 'created_at'> & { created_at: Date };

export function rowToBeat(row: BeatRow): Beat {
  return {
    id: row.id,
    user_id: row.user_id,
    title: row.title,
    description: row.description,
    bpm: row.bpm,
    key_signature: row.key_signature,
    genre: row.genre,
    mood: row.mood,
    price_cents: row.price_cents,
    is_free: row.is_free,
    is_featured: row.is_featured,
    promotion_type: row.promotion_type,
    audio_file_key: row.audio_file_key,
    cover_image_key: row.cover_image_key,
    duration_seconds: row.duration_seconds,
    play_count: row.play_count,
    download_count: row.download_count,
    created_at: row.created_at.toISOString(),
    producer_name: row.producer_name,
  };
}

export interface BeatFields {
  title: string;
  description: string | null;
  bpm: number | null;
  keySignature: string | null;
  genre: string;
  mood: string | null;
  priceCents: number;
  isFree: boolean;
  coverImageKey: string | null;
}

/** A unique index refused the insert: the idempotency key or a file already used by a beat. */
export class UniqueViolationError extends Error {}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

/** Beats themselves: reading one, creating, editing and deleting. Search lives in beats-search. */
export function createBeatsRepository(prisma: PrismaClient) {
  return {
    async findDetail(id: string): Promise<BeatDetail | null> {
      const rows = await prisma.$queryRaw<(BeatRow & { peaks: WaveformPeaks | null })[]>`
        SELECT ${BEAT_COLUMNS}, u.peaks
        FROM beats b LEFT JOIN uploads u ON u.key = b.audio_file_key
        WHERE b.id = ${id}::uuid`;
      const row = rows[0];
      return row ? { ...rowToBeat(row), peaks: row.peaks ?? null } : null;
    },

    async findBeat(id: string): Promise<Beat | null> {
      const rows = await prisma.$queryRaw<
        BeatRow[]
      >`SELECT ${BEAT_COLUMNS} FROM beats b WHERE b.id = ${id}::uuid`;
      return rows[0] ? rowToBeat(rows[0]) : null;
    },

    /** What access checks and edits need, without the rest of the row. */
    findOwnership(id: string) {
      return prisma.beat.findUnique({
        where: { id },
        select: {
          id: true,
          userId: true,
          title: true,
          priceCents: true,
          isFree: true,
          audioFileKey: true,
          coverImageKey: true,
        },
      });
    },

    async findWaveform(id: string) {
      const rows = await prisma.$queryRaw<{ peaks: WaveformPeaks | null; duration_seconds: number | null }[]>`
        SELECT u.peaks, b.duration_seconds
        FROM beats b LEFT JOIN uploads u ON u.key = b.audio_file_key
        WHERE b.id = ${id}::uuid`;
      return rows[0] ?? null;
    },

    async findIdByIdempotencyKey(userId: string, idempotencyKey: string): Promise<string | null> {
      const beat = await prisma.beat.findUnique({
        where: { userId_idempotencyKey: { userId, idempotencyKey } },
        select: { id: true },
      });
      return beat?.id ?? null;
    },

    /** Whether any beat already uses this stored file as its audio or cover. */
    async isFileUsed(key: string): Promise<boolean> {
      const beat = await prisma.beat.findFirst({
        where: { OR: [{ audioFileKey: key }, { coverImageKey: key }] },
        select: { id: true },
      });
      return beat !== null;
    },

    /** The names producer_name is made from: the profile's display name, else the account's. */
    async namesOf(userId: string) {
      const user = await prisma.user.findUnique({
        where: { id: userId },
        select: userNameSelect,
      });
      return { displayName: user?.profile?.displayName ?? null, name: user?.name ?? null };
    },

    /** Re-denormalises producer_name on every beat of a producer (after a profile name change). */
    async setProducerName(userId: string, producerName: string): Promise<void> {
      await prisma.beat.updateMany({ where: { userId, NOT: { producerName } }, data: { producerName } });
    },

    async create(
      data: BeatFields & {
        userId: string;
        audioFileKey: string;
        durationSeconds: number | null;
        producerName: string;
        idempotencyKey: string | null;
      },
    ): Promise<string> {
      try {
        const beat = await prisma.beat.create({ data, select: { id: true } });
        return beat.id;
      } catch (error) {
        if (isUniqueViolation(error)) throw new UniqueViolationError();
        throw error;
      }
    },

    async update(id: string, data: Partial<BeatFields>): Promise<void> {
      try {
        await prisma.beat.update({ where: { id }, data });
      } catch (error) {
        if (isUniqueViolation(error)) throw new UniqueViolationError();
        throw error;
      }
    },

    /**
     * Deletes the beat (its plays, favourites and reviews go with it by cascade) and the upload
     * rows of its files, in one transaction. The files themselves are removed by the caller
     * after the commit: storage is not transactional.
     */
    async delete(id: string, fileKeys: string[]): Promise<void> {
      await prisma.$transaction([
        prisma.beat.delete({ where: { id } }),
        prisma.upload.deleteMany({ where: { key: { in: fileKeys } } }),
      ]);
    },

    async deleteUploads(keys: string[]): Promise<void> {
      if (keys.length) await prisma.upload.deleteMany({ where: { key: { in: keys } } });
    },
  };
}

export type BeatsRepository = ReturnType<typeof createBeatsRepository>;
