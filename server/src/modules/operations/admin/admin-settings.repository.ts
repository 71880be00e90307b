import type { Prisma, PrismaClient } from '../../../generated/prisma/client';
import type { Tx } from '../../../db/transaction';

/** platform_settings: one JSON value per key. */
export function createAdminSettingsRepository(prisma: PrismaClient) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return prisma.$transaction(work, { maxWait: 30_000, timeout: 30_000 });
    },

    async all(): Promise<Map<string, unknown>> {
      const rows = await prisma.platformSetting.findMany();
      return new Map(rows.map((r) => [r.key, r.value]));
    },

    async one(key: string): Promise<unknown> {
      const row = await prisma.platformSetting.findUnique({ where: { key } });
      return row?.value;
    },

    /** The stored value, locked until the transaction ends (two admins editing queue up). */
    async lock(tx: Tx, key: string): Promise<unknown> {
      const [row] = await tx.$queryRaw<{ value: unknown }[]>`
        SELECT value FROM platform_settings WHERE key = ${key} FOR UPDATE`;
      return row?.value;
    },

    async put(tx: Tx, key: string, value: unknown): Promise<void> {
      const json = value as Prisma.InputJsonValue;
      await tx.platformSetting.upsert({
        where: { key },
        update: { value: json },
        create: { key, value: json },
      });
    },
  };
}

export type AdminSettingsRepository = ReturnType<typeof createAdminSettingsRepository>;
