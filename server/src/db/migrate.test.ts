import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';
import { migrate } from './migrate';

let db: Database;
let dir: string;

function writeMigration(name: string, sql: string) {
  mkdirSync(join(dir, name), { recursive: true });
  writeFileSync(join(dir, name, 'migration.sql'), sql);
}

beforeAll(async () => {
  db = await openDatabase({ memory: true });
  dir = mkdtempSync(join(tmpdir(), 'beatroom-migrations-'));
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('migrate', () => {
  it('applies pending migrations in order, once', async () => {
    writeMigration('20260101000000_one', 'CREATE TABLE t1 (id int);');
    writeMigration('20260102000000_two', 'INSERT INTO t1 VALUES (1);');
    const session = await db.session();
    expect((await migrate(session, dir)).applied).toEqual(['20260101000000_one', '20260102000000_two']);
    expect((await migrate(session, dir)).applied).toEqual([]);
    expect(await session.query('SELECT count(*)::int AS n FROM t1')).toEqual([{ n: 1 }]);
    await session.release();
  });

  it('rolls a failing migration back entirely and records nothing', async () => {
    writeMigration('20260103000000_bad', 'CREATE TABLE t2 (id int); SELECT no_such_function();');
    const session = await db.session();
    await expect(migrate(session, dir)).rejects.toThrow(/20260103000000_bad failed/);
    expect(await session.query("SELECT to_regclass('t2') AS t")).toEqual([{ t: null }]);
    rmSync(join(dir, '20260103000000_bad'), { recursive: true });
    await session.release();
  });

  it('vacuums a table the migration rewrote, so index-only scans need no heap at once', async () => {
    const session = await db.session();
    await session.exec('CREATE TABLE t3 (id int PRIMARY KEY, name text); CREATE TABLE t4 (id int);');
    await session.exec("INSERT INTO t3 SELECT i, 'n' || i FROM generate_series(1, 2000) i");
    await session.exec('VACUUM t3'); // alone: several statements at once are one transaction
    const visible = async (table: string) =>
      (
        await session.query<{ all: number }>(
          'SELECT relallvisible::int AS "all" FROM pg_class WHERE relname = $1',
          [table],
        )
      )[0]!.all;
    expect(await visible('t3')).toBeGreaterThan(0);
    writeMigration(
      '20260104000000_rewrite',
      'ALTER TABLE t3 ADD COLUMN shout text GENERATED ALWAYS AS (upper(name)) STORED; INSERT INTO t4 VALUES (1);',
    );
    expect((await migrate(session, dir)).applied).toEqual(['20260104000000_rewrite']);
    // Rewritten, then vacuumed: every page is all-visible again. t4 was only written to.
    expect(await visible('t3')).toBeGreaterThan(0);
    expect(await session.query('SELECT shout FROM t3 WHERE id = 7')).toEqual([{ shout: 'N7' }]);
    await session.release();
  });

  it('stops when an applied migration was edited', async () => {
    writeMigration('20260101000000_one', 'CREATE TABLE t1 (id int, changed int);');
    const session = await db.session();
    await expect(migrate(session, dir)).rejects.toThrow(/was changed after it was applied/);
    await session.release();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('migrate on PostgreSQL', () => {
  it('two instances starting together apply each migration exactly once', async () => {
    const { default: pg } = await import('pg');
    const base = process.env.TEST_DATABASE_URL!;
    const name = `beatroom_migrate_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const [a, b] = await Promise.all([
      openDatabase({ url: url.toString() }),
      openDatabase({ url: url.toString() }),
    ]);
    try {
      const [sa, sb] = await Promise.all([a.session(), b.session()]);
      const results = await Promise.all([migrate(sa), migrate(sb)]);
      const applied = results.flatMap((r) => r.applied);
      expect(applied.length).toBeGreaterThan(0);
      expect(new Set(applied).size).toBe(applied.length);
      await Promise.all([sa.release(), sb.release()]);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
