import type { Prisma, PrismaClient } from '../../generated/prisma/client';

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
}

/** Rows that say who uploaded which stored file, and what the server learned from it. */
export function createUploadsRepository(prisma: PrismaClient) {
  return {
    async create(upload: NewUpload): Promise<void> {
      await prisma.upload.create({
        data: { ...upload, peaks: (upload.peaks ?? undefined) as Prisma.InputJsonValue | undefined },
      });
    },

    find(key: string) {
      return prisma.upload.findUnique({
        where: { key },
        select: { key: true, userId: true, kind: true, durationSeconds: true },
      });
    },

    async deleteMany(keys: string[]): Promise<void> {
      if (keys.length) await prisma.upload.deleteMany({ where: { key: { in: keys } } });
    },

    async count(): Promise<number> {
      return prisma.upload.count();
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
