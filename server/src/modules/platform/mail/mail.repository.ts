import type { PrismaClient } from '../../../generated/prisma/client';

/** The sent_mails rows: which mail (by its cause) went out, is going, failed or was skipped. */
export function createMailRepository(prisma: PrismaClient) {
  return {
    /**
     * Takes the mail `key` for job `jobId`: true when it is new, failed before, or already held by
     * this same job (its retry after a crash); false when it was sent, skipped, or another job
     * holds it. One statement, so two jobs for the same key cannot both take it.
     */
    async claim(row: { key: string; kind: string; userId: string; jobId: string }): Promise<boolean> {
      const taken = await prisma.$queryRaw<{ id: string }[]>`
        INSERT INTO sent_mails (key, kind, user_id, status, job_id)
        VALUES (${row.key}, ${row.kind}, ${row.userId}::uuid, 'sending', ${row.jobId}::uuid)
        ON CONFLICT (key) DO UPDATE SET status = 'sending', job_id = EXCLUDED.job_id
          WHERE sent_mails.status = 'failed'
             OR (sent_mails.status = 'sending' AND sent_mails.job_id = EXCLUDED.job_id)
        RETURNING id::text`;
      return taken.length > 0;
    },

    async finish(key: string, jobId: string, status: 'sent' | 'failed' | 'skipped'): Promise<void> {
      await prisma.sentMail.updateMany({
        where: { key, jobId },
        data: { status, ...(status === 'sent' ? { sentAt: new Date() } : {}) },
      });
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
