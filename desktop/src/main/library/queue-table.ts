import type { LibraryDatabase } from './database';

/** The columns every queue table shares: who owns a row, where it is, and when it tries again. */
export interface QueueRow {
  id: string;
  /** Sent with every attempt, so an attempt repeated after a lost answer changes nothing. */
  idempotency_key: string;
  owner_id: string | null;
  state: string;
  attempts: number;
  error: string | null;
  next_attempt_at: string | null;
  progress: number;
  created_at: string;
  updated_at: string;
}

export interface QueueTableOptions {
  /** The table: a constant of this code, never input, since it is written into the SQL. */
  table: 'uploads' | 'takes' | 'timeline_takes';
  /** States in which the runner is (or was, before a crash) working on a row: runnable again. */
  workingStates: readonly string[];
  /** The error for a row that is not there (cancelled, or another account's). */
  missing: () => Error;
  now: () => string;
}

/**
 * The reads and writes the upload queue and the take queue share, on their own table: one row,
 * a change stamped with `updated_at`, the account's rows, and the retry bookkeeping the queue
 * runner works from. Each write is one statement or one transaction, so a kill never leaves a
 * row half-changed.
 */
export function createQueueTable<R extends QueueRow>(db: LibraryDatabase, options: QueueTableOptions) {
  const { table } = options;
  const byId = db.prepare<[string], R>(`SELECT * FROM ${table} WHERE id = ?`);
  const working = options.workingStates.map((state) => `'${state.replace(/'/g, "''")}'`).join(', ');

  const get = (id: string): R => {
    const row = byId.get(id);
    if (!row) throw options.missing();
    return row;
  };
  const update = (id: string, changes: Partial<R>) => {
    const names = Object.keys(changes);
    db.prepare(
      `UPDATE ${table} SET ${names.map((n) => `${n} = @${n}`).join(', ')}, updated_at = @updated_at WHERE id = @id`,
    ).run({ ...changes, updated_at: options.now(), id });
  };

  return {
    get,
    update,

    /** The rows this account sees, newest first; cancelled ones are gone from view. */
    list(ownerId: string): R[] {
      return db
        .prepare<[string], R>(
          `SELECT * FROM ${table} WHERE owner_id = ? AND state <> 'cancelled' ORDER BY created_at DESC, id`,
        )
        .all(ownerId);
    },

    /**
     * What the runner should work on now, oldest first: new rows, rows a crash interrupted,
     * and failed rows whose retry time has come.
     */
    runnable(ownerId: string, at: Date): R[] {
      return db
        .prepare<[string, string], R>(
          `SELECT * FROM ${table}
            WHERE owner_id = ?
              AND (state IN ('queued', ${working})
                   OR (state = 'failed' AND next_attempt_at IS NOT NULL AND next_attempt_at <= ?))
            ORDER BY created_at, id`,
        )
        .all(ownerId, at.toISOString());
    },

    /** The earliest automatic retry among failed rows, to set a timer for it. */
    nextRetryAt(ownerId: string): Date | null {
      const row = db
        .prepare<[string], { at: string | null }>(
          `SELECT MIN(next_attempt_at) AS at FROM ${table} WHERE owner_id = ? AND state = 'failed'`,
        )
        .get(ownerId);
      return row?.at ? new Date(row.at) : null;
    },

    /**
     * The connection is back: failed rows waiting out a backoff become due now. Rows the
     * server refused (no retry time) stay as they are.
     */
    dueNow: db.transaction((ownerId: string, at: Date): number => {
      return db
        .prepare(
          `UPDATE ${table} SET next_attempt_at = ? WHERE owner_id = ? AND state = 'failed' AND next_attempt_at > ?`,
        )
        .run(at.toISOString(), ownerId, at.toISOString()).changes;
    }),

    /** A failed attempt: counted, with its message, and a retry time unless it waits for the user. */
    failed: db.transaction((id: string, error: string, nextAttemptAt: Date | null) => {
      const row = get(id);
      if (row.state === 'cancelled') return;
      update(id, {
        state: 'failed',
        error,
        attempts: row.attempts + 1,
        next_attempt_at: nextAttemptAt?.toISOString() ?? null,
      } as Partial<R>);
    }),
  };
}
