import type { Beat, BeatDetail, WaveformPeaks } from '@beatroom/shared/beats-contract';
import { BEAT_COLUMNS, toBeat, type BeatRecord } from '../../../db/beat-columns';
import { Prisma, type PrismaClient } from '../../../generated/prisma/client';
import { userNameSelect } from '../../../db/user-columns';

/**
 * The beat columns a create or an edit writes (the owner, files, duration and producer name are
 * set on create only), in Prisma's own types.
 */
export type BeatFieldsInput = Pick<
  Prisma.BeatUncheckedCreateInput,
  | 'title'
  | 'description'
  | 'bpm'
  | 'keySignature'
  | 'genre'
  | 'mood'
  | 'priceCents'
  | 'listPriceCents'
  | 'listCurrency'
  | 'licenseOffers'
  | 'lowestPriceCents'
  | 'isFree'
  | 'coverImageKey'
>;

/** A unique index refused the insert: the idempotency key or a file already used by a beat. */
export class UniqueViolationError extends Error {}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

/**
 * A RESTRICT foreign key refused the delete. PostgreSQL reports RESTRICT as 23001, which Prisma
 * has no code for (P2039 with the driver's code attached), and NO ACTION as 23503 (P2003).
 */
function isStillReferenced(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  if (error.code === 'P2003') return true;
  const meta = error.meta as { driverAdapterError?: { cause?: { originalCode?: string } } } | undefined;
  return meta?.driverAdapterError?.cause?.originalCode === '23001';
}

/** Beats themselves: reading one, creating, editing and deleting. Search lives in beats-search. */
export function createBeatsRepository(prisma: PrismaClient) {
  return {
    async findDetail(id: string): Promise<BeatDetail | null> {
      const rows = await prisma.$queryRaw<(BeatRecord & { peaks: WaveformPeaks | null })[]>`
        SELECT ${BEAT_COLUMNS}, u.peaks
        FROM beats b LEFT JOIN uploads u ON u.key = b.audio_file_key
        WHERE b.id = ${id}::uuid`;
      const row = rows[0];
      return row ? { ...toBeat(row), peaks: row.peaks ?? null } : null;
    },

    async findBeat(id: string): Promise<Beat | null> {
      const rows = await prisma.$queryRaw<
        BeatRecord[]
      >`SELECT ${BEAT_COLUMNS} FROM beats b WHERE b.id = ${id}::uuid`;
      return rows[0] ? toBeat(rows[0]) : null;
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
          listPriceCents: true,
          listCurrency: true,
          licenseOffers: true,
          isFree: true,
          audioFileKey: true,
          coverImageKey: true,
          stemsKey: true,
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

    /** How many beats the producer has, for their tier's max_beats. */
    countOwned(userId: string): Promise<number> {
      return prisma.beat.count({ where: { userId } });
    },

    async findIdByIdempotencyKey(userId: string, idempotencyKey: string): Promise<string | null> {
      const beat = await prisma.beat.findUnique({
        where: { userId_idempotencyKey: { userId, idempotencyKey } },
        select: { id: true },
      });
      return beat?.id ?? null;
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
      data: BeatFieldsInput & {
        userId: string;
        audioFileKey: string;
        durationSeconds: number | null;
        producerName: string;
        idempotencyKey: string | null;
      },
      /** Written in the beat's transaction: the beat.created event goes to the outbox with it. */
      onCreated?: (tx: Prisma.TransactionClient, id: string) => Promise<unknown>,
    ): Promise<string> {
      try {
        return await prisma.$transaction(async (tx) => {
          const beat = await tx.beat.create({ data, select: { id: true } });
          await onCreated?.(tx, beat.id);
          return beat.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new UniqueViolationError();
        throw error;
      }
    },

    async update(id: string, data: Partial<BeatFieldsInput>): Promise<void> {
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
     * after the commit: storage is not transactional. False, and nothing deleted, when the beat
     * was sold: licences, invoices and the sales ledger keep their beat (their keys restrict).
     */
    /** `alsoInTransaction`: the caller's own write committed with the deletion (an admin's audit row). */
    async delete(
      id: string,
      fileKeys: string[],
      alsoInTransaction?: (tx: Prisma.TransactionClient) => Promise<void>,
    ): Promise<boolean> {
      try {
        if (alsoInTransaction) {
          await prisma.$transaction(async (tx) => {
            await tx.beat.delete({ where: { id } });
            await tx.upload.deleteMany({ where: { key: { in: fileKeys } } });
            await alsoInTransaction(tx);
          });
          return true;
        }
        await prisma.$transaction([
          prisma.beat.delete({ where: { id } }),
          prisma.upload.deleteMany({ where: { key: { in: fileKeys } } }),
        ]);
        return true;
      } catch (error) {
        if (isStillReferenced(error)) return false;
        throw error;
      }
    },

    async deleteUploads(keys: string[]): Promise<void> {
      if (keys.length) await prisma.upload.deleteMany({ where: { key: { in: keys } } });
    },
  };
}

export type BeatsRepository = ReturnType<typeof createBeatsRepository>;
