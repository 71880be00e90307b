import type { PrismaClient } from '../../../generated/prisma/client';
import type { Tx } from '../../../db/transaction';

export interface NewAttachment {
  key: string;
  uploaderId: string;
  contentType: string;
  sizeBytes: number;
  originalName: string | null;
}

/** Support uploads: stored first, taken by a ticket or a reply, swept when nothing took them. */
export function createSupportAttachmentsRepository(prisma: PrismaClient) {
  return {
    async store(row: NewAttachment): Promise<void> {
      await prisma.supportAttachment.create({ data: row });
    },

    /**
     * Marks the unattached uploads of `uploaderId` among `keys` as the ticket's (or a reply's);
     * answers how many it marked.
     */
    async attach(
      tx: Tx,
      keys: string[],
      uploaderId: string,
      ticketId: string,
      messageId: string | null,
    ): Promise<number> {
      const { count } = await tx.supportAttachment.updateMany({
        where: { key: { in: keys }, uploaderId, ticketId: null },
        data: { ticketId, messageId },
      });
      return count;
    },

    /**
     * Deletes up to `limit` support uploads made before `before` that no ticket or message took,
     * and answers their keys: the files are the caller's to delete. Attaching sets ticket_id
     * under the row's lock; FOR UPDATE re-reads a row attached meanwhile (and so leaves it), and
     * SKIP LOCKED passes over one being attached right now, so an attached file is never taken.
     */
    async deleteUnattached(before: Date, limit: number): Promise<string[]> {
      const rows = await prisma.$queryRaw<{ key: string }[]>`
        DELETE FROM support_attachments WHERE key IN (
          SELECT a.key FROM support_attachments a
          WHERE a.ticket_id IS NULL AND a.created_at < ${before}
          ORDER BY a.created_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING key`;
      return rows.map((row) => row.key);
    },

    /** An attachment with the owner of its ticket (null while unattached). */
    find(key: string) {
      return prisma.supportAttachment.findUnique({
        where: { key },
        select: {
          key: true,
          uploaderId: true,
          contentType: true,
          sizeBytes: true,
          ticket: { select: { userId: true } },
        },
      });
    },
  };
}

export type SupportAttachmentsRepository = ReturnType<typeof createSupportAttachmentsRepository>;
