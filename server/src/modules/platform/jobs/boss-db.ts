import { createRequire } from 'node:module';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** pg-boss's SQL builders (pg-boss 10.4.2 is pinned; its package exposes src/ as is). */
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};

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
  schema: string,
): BossDb {
  const inFlight = new Set<Promise<unknown>>();
  // pg-boss records a job's outcome without awaiting it (manager.js, onFetch), so a database
  // that fails at that moment would reject a promise nobody handles, and Node would exit.
  // Such a failure is reported instead: the job stays active until it expires, then is
  // retried, which is what a lost outcome must lead to anyway.
  const outcomes = new Set([plans.completeJobs(schema), plans.failJobsById(schema)]);
  const track = <T extends { rows: unknown[] }>(text: string, work: Promise<T>): Promise<T> => {
    const guarded = outcomes.has(text)
      ? work.catch((error: Error) => {
          onError(error);
          return { rows: [{ count: '0' }] } as unknown as T;
        })
      : work;
    inFlight.add(guarded);
    const forget = () => inFlight.delete(guarded);
    guarded.then(forget, forget);
    return guarded;
  };
  const settled = async () => {
    while (inFlight.size) await Promise.allSettled([...inFlight]);
  };

  if ('lite' in target) {
    const { lite } = target;
    return {
      executeSql(text, values) {
        if (values?.length) return track(text, lite.query(text, values));
        return track(
          text,
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
    executeSql: (text, values) => track(text, pool.query(text, values)),
    settled,
    async close() {
      await settled();
      await pool.end();
    },
  };
}
