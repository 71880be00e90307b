import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { createBossDb } from './boss-db';

const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  completeJobs(schema: string): string;
};

describe('the job runner on embedded PGlite', () => {
  const open: PGlite[] = [];
  afterAll(async () => {
    for (const lite of open) if (!lite.closed) await lite.close();
  });
  // PGlite takes seconds to start on a busy machine: the first two tests share one.
  let shared: ReturnType<typeof fresh> | null = null;
  async function fresh() {
    const lite = await PGlite.create();
    open.push(lite);
    const errors: Error[] = [];
    return { lite, errors, db: createBossDb({ lite }, (error) => errors.push(error), 'pgboss') };
  }
  const setup = () => (shared ??= fresh());

  it('runs scripts of several statements, in pg-boss style BEGIN ... COMMIT too, answering the last', async () => {
    const { db } = await setup();
    await db.executeSql('CREATE TABLE t (x int); INSERT INTO t VALUES (1), (2)');
    const result = await db.executeSql(
      'BEGIN; INSERT INTO t VALUES (3); SELECT count(*)::int AS n FROM t; COMMIT;',
    );
    expect(result.rows).toEqual([]); // COMMIT answers no rows, as on PostgreSQL
    expect((await db.executeSql('SELECT sum(x)::int AS s FROM t WHERE x > $1', [0])).rows).toEqual([
      { s: 6 },
    ]);
  });

  it('rolls back a script that fails half way, leaving the shared connection usable', async () => {
    const { db, lite } = await setup();
    await expect(
      db.executeSql('CREATE TABLE half (x int); INSERT INTO half VALUES (1); SELECT 1/0'),
    ).rejects.toThrow(/division by zero/);
    await expect(db.executeSql('BEGIN; CREATE TABLE other (x int); SELECT 1/0; COMMIT;')).rejects.toThrow();
    // Nothing of either script stayed, and the connection is not stuck in a failed transaction.
    const tables = await lite.query(`SELECT tablename FROM pg_tables WHERE tablename IN ('half', 'other')`);
    expect(tables.rows).toEqual([]);
    expect(lite.isInTransaction()).toBe(false);
  });

  it("reports instead of throwing when a job's outcome cannot be recorded (pg-boss does not await it)", async () => {
    const { db, lite, errors } = await fresh();
    await lite.close();
    const outcome = db.executeSql(plans.completeJobs('pgboss'), [
      'queue',
      ['00000000-0000-4000-8000-000000000000'],
      null,
    ]);
    await expect(outcome).resolves.toEqual({ rows: [{ count: '0' }] });
    expect(errors.map((e) => e.message)).toEqual(['PGlite is closed']);
    // Any other statement still fails for its caller to handle.
    await expect(db.executeSql('SELECT $1::int', [1])).rejects.toThrow('PGlite is closed');
    await db.close();
  });
});
