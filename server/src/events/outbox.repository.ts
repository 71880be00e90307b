import { Prisma, type PrismaClient } from '../generated/prisma/client';
import type { Tx } from '../db/transaction';
import type { DurableEvent, OutboxStats } from './domain-events';

export interface OutboxRow {
  id: string;
  type: string;
  payload: DurableEvent;
  attempts: number;
}

/** The outbox table: the only place its SQL lives. */
export function createOutboxRepository(prisma: PrismaClient) {
  return {
    /** Inside the caller's transaction: the event exists exactly when the change does. */
    async insert(tx: Tx, id: string, event: DurableEvent): Promise<void> {
      await tx.outboxEvent.create({
        data: { id, type: event.type, payload: event as unknown as Prisma.InputJsonValue },
      });
    },

    /**
     * Claims up to `limit` due rows (all due ones, or only `ids`) for `leaseMs`: one statement,
     * so it works the same on PostgreSQL and the single-connection PGlite, and no transaction
     * stays open while handlers run. SKIP LOCKED lets several dispatchers (instances, or a
     * request delivering its own event) claim side by side without waiting on each other; the
     * lease keeps a claimed row from a second dispatcher until it ends, and a dispatcher that
     * died with it lets the row be claimed again after it (at least once).
     */
    claim(limit: number, leaseMs: number, ids?: string[]): Promise<OutboxRow[]> {
      const only = ids ? Prisma.sql`AND id = ANY(${ids}::uuid[])` : Prisma.empty;
      return prisma.$queryRaw<OutboxRow[]>`
        UPDATE outbox SET locked_until = now() + ${leaseMs} * interval '1 millisecond',
                          attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM outbox
          WHERE delivered_at IS NULL AND available_at <= now()
            AND (locked_until IS NULL OR locked_until < now()) ${only}
          ORDER BY available_at, created_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING id::text, type, payload, attempts`;
    },

    async markDelivered(ids: string[]): Promise<void> {
      if (!ids.length) return;
      await prisma.$executeRaw`
        UPDATE outbox SET delivered_at = now(), locked_until = NULL, last_error = NULL
        WHERE id = ANY(${ids}::uuid[])`;
    },

    /** Releases a failed row for another attempt after `delayMs`. */
    async markFailed(id: string, error: string, delayMs: number): Promise<void> {
      await prisma.$executeRaw`
        UPDATE outbox SET locked_until = NULL, last_error = ${error.slice(0, 2000)},
                          available_at = now() + ${delayMs} * interval '1 millisecond'
        WHERE id = ${id}::uuid AND delivered_at IS NULL`;
    },

    async stats(): Promise<OutboxStats> {
      const [row] = await prisma.$queryRaw<OutboxStats[]>`
        SELECT count(*)::int AS caused, count(delivered_at)::int AS delivered,
               (count(*) - count(delivered_at))::int AS pending
        FROM outbox`;
      return row ?? { caused: 0, delivered: 0, pending: 0 };
    },

    /** Rows delivered before `before` have nothing left to do. */
    async purgeDelivered(before: Date): Promise<number> {
      return prisma.$executeRaw`DELETE FROM outbox WHERE delivered_at < ${before}`;
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
