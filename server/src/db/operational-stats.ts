import type { Database } from './database';

export interface QueueStats {
  queue: string;
  /** Jobs waiting to run (created, or failed once and due to retry). */
  waiting: number;
  active: number;
  /** Jobs that failed for good within the last hour. */
  failedLastHour: number;
}

/**
 * Reads for the operator's gauges, answered by the database itself so every instance reports
 * the same numbers: the job queues (pg-boss's own table, in its `pgboss` schema) and the outbox.
 * Plain SQL on both PostgreSQL and the embedded database; each runs once per scrape.
 */
export function createOperationalStats(db: Database) {
  return {
    async queues(): Promise<QueueStats[]> {
      const rows = await db.prepared<{ queue: string; waiting: number; active: number; failed: number }>(
        undefined,
        `SELECT name AS queue,
                count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS waiting,
                count(*) FILTER (WHERE state = 'active')::int AS active,
                count(*) FILTER (WHERE state = 'failed' AND completed_on > now() - interval '1 hour')::int AS failed
           FROM pgboss.job
          WHERE state IN ('created', 'retry', 'active', 'failed')
          GROUP BY name`,
        [],
      );
      return rows.map((r) => ({
        queue: r.queue,
        waiting: r.waiting,
        active: r.active,
        failedLastHour: r.failed,
      }));
    },

    /** Age in seconds of the oldest domain event not yet delivered to its handlers (0 when none). */
    async outboxLagSeconds(): Promise<number> {
      const [row] = await db.prepared<{ age: number | null }>(
        undefined,
        `SELECT extract(epoch FROM now() - min(created_at))::float8 AS age FROM outbox WHERE delivered_at IS NULL`,
        [],
      );
      return Math.max(0, row?.age ?? 0);
    },
  };
}

export type OperationalStats = ReturnType<typeof createOperationalStats>;
