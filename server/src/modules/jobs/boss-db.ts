import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What pg-boss's `db` constructor option must offer: its SQL, sent and answered. */
export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Resolves once no statement is in flight (pg-boss completes jobs without awaiting). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The connection pg-boss runs its SQL on: its own small pool on PostgreSQL, or the app's
 * embedded PGlite. Either way pg-boss gets the same `{ rows }` answers.
 *
 * PGlite: pg-boss sends parameterless scripts of several statements at once (schema creation,
 * maintenance wrapped in BEGIN ... COMMIT with an advisory lock), which only `exec` runs; a
 * parameterised statement goes through `query`. Scripts run inside PGlite's `transaction()`, so a
 * script that fails half way is rolled back instead of leaving the single shared connection in
 * an aborted transaction for every other query of the app (its own BEGIN/COMMIT then only warn).
 *
 * Statements in flight are counted so that closing can wait for the completions pg-boss fires
 * without awaiting them, before the database under them closes.
 */
export function createBossDb(
  target: { url: string } | { lite: PGlite },
  onError: (error: Error) => void,
): BossDb {
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    const forget = () => inFlight.delete(work);
    work.then(forget, forget);
    return work;
  };
  const settled = async () => {
    while (inFlight.size) await Promise.allSettled([...inFlight]);
  };

  if ('lite' in target) {
    const { lite } = target;
    return {
      executeSql(text, values) {
        if (values?.length) return track(lite.query(text, values));
        return track(
          lite.transaction(async (tx) => {
            const results = await tx.exec(text);
            return results.at(-1) ?? { rows: [] };
          }),
        );
      },
      settled,
      // The PGlite instance belongs to the app's database plugin, which closes it.
      close: settled,
    };
  }

  // A few connections are plenty: workers poll one at a time and handlers use the app's pool.
  const pool = new pg.Pool({
    connectionString: target.url,
    max: 4,
    idleTimeoutMillis: 30_000,
    application_name: 'beatroom-jobs',
  });
  pool.on('error', onError);
  return {
    executeSql: (text, values) => track(pool.query(text, values)),
    settled,
    async close() {
      await settled();
      await pool.end();
    },
  };
}
