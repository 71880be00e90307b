import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_DIR } from '../server-dir';
import type { SqlSession } from './database';

export const MIGRATIONS_DIR = join(SERVER_DIR, 'prisma', 'migrations');

/** Any constant works; it only has to be the same for every Beatroom instance. */
const MIGRATION_LOCK_KEY = 72_410_913;

export interface MigrationResult {
  applied: string[];
}

/**
 * Applies prisma/migrations/<stamp>_<name>/migration.sql in order, each in its own
 * transaction, recording it in beatroom_migrations. Several instances starting together
 * serialise on a PostgreSQL advisory lock, so each migration runs exactly once.
 * A migration whose file changed after it was applied stops start-up: editing history
 * would leave databases that disagree. A table a migration rewrote is vacuumed after it.
 */
export async function migrate(session: SqlSession, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  const migrations = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^\d{14}_[a-z0-9_]+$/.test(d.name))
    .map((d) => d.name)
    .sort();
  await session.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  try {
    await session.exec(`CREATE TABLE IF NOT EXISTS beatroom_migrations (
      name TEXT PRIMARY KEY,
      checksum TEXT NOT NULL,
      applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
    )`);
    const done = new Map(
      (
        await session.query<{ name: string; checksum: string }>(
          'SELECT name, checksum FROM beatroom_migrations',
        )
      ).map((r) => [r.name, r.checksum]),
    );
    const applied: string[] = [];
    // Each table's storage file before the next migration: read once before the first pending
    // one, then the reading after each migration (a vacuum keeps the file) serves the next.
    let files: Map<string, string> | null = null;
    for (const name of migrations) {
      const sql = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
      const checksum = createHash('sha256').update(sql).digest('hex');
      const previous = done.get(name);
      if (previous) {
        if (previous !== checksum) {
          throw new Error(
            `Migration ${name} was changed after it was applied; write a new migration instead.`,
          );
        }
        continue;
      }
      files ??= await tableFiles(session);
      await session.exec('BEGIN');
      try {
        await session.exec(sql);
        await session.query('INSERT INTO beatroom_migrations (name, checksum) VALUES ($1, $2)', [
          name,
          checksum,
        ]);
        await session.exec('COMMIT');
      } catch (error) {
        await session.exec('ROLLBACK');
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(name);
      files = await vacuumRewritten(session, files);
    }
    return { applied };
  } finally {
    await session.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  }
}

/** Each table (quoted, as SQL names it; no other session's temporary ones) and its storage file. */
async function tableFiles(session: SqlSession): Promise<Map<string, string>> {
  const rows = await session.query<{ name: string; file: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name, c.relfilenode::text AS file
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind = 'r' AND c.relpersistence <> 't'
       AND n.nspname NOT IN ('pg_catalog', 'information_schema')`,
  );
  return new Map(rows.map((r) => [r.name, r.file]));
}

/**
 * Vacuums the tables a migration rewrote (a new storage file: a stored generated column, a
 * column type changed). A rewritten table starts with an empty visibility map, so index-only
 * scans (deep pages of the catalogue) visit the heap for every row again, and autovacuum, which
 * counts no dead or inserted rows, would not come for a long time. Outside the migration's
 * transaction, where VACUUM must run. Answers the tables' files after the migration.
 */
async function vacuumRewritten(
  session: SqlSession,
  before: Map<string, string>,
): Promise<Map<string, string>> {
  const after = await tableFiles(session);
  for (const [name, file] of after) {
    const previous = before.get(name);
    if (previous !== undefined && previous !== file) await session.exec(`VACUUM (ANALYZE) ${name}`);
  }
  return after;
}
