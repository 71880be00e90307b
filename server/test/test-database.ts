import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { SqlSession } from '../src/db/database';
import { migrate, MIGRATIONS_DIR } from '../src/db/migrate';

/**
 * Test databases on the PostgreSQL server named by TEST_DATABASE_URL, copied from a template
 * that already holds every migration. Applying the migrations to each new database cost a second
 * or more per test file on a loaded machine; `CREATE DATABASE … TEMPLATE` copies the finished
 * schema instead. The app still runs `migrate()` at start-up on the copy: it finds every
 * migration recorded with the same checksum, so that path is checked every time.
 *
 * The template's name carries a hash of the migration files, so a new or edited migration makes
 * a new template, and the name of TEST_DATABASE_URL's own database, so runs that point at
 * different databases (CI's per-run database, each engineer's own) never share or drop one
 * another's templates. `.ci/run` drops its templates with its database.
 */

/** Any constant works; it only has to be the same for every test process. */
const TEMPLATE_LOCK_KEY = 72_410_914;

function migrationsHash(): string {
  const hash = createHash('sha256');
  const names = readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  for (const name of names) {
    hash.update(name).update('\0');
    hash.update(readFileSync(join(MIGRATIONS_DIR, name, 'migration.sql'))).update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/** `<database of TEST_DATABASE_URL>_tpl_<migrations hash>`, within PostgreSQL's 63 characters. */
export function templateName(base: string): string {
  const own =
    new URL(base).pathname
      .slice(1)
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '_') || 'postgres';
  return `${own.slice(0, 40)}_tpl_${migrationsHash()}`;
}

function withDatabase(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

function sessionOf(client: pg.Client): SqlSession {
  return {
    query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
    exec: async (sql) => {
      await client.query(sql);
    },
    release: async () => {},
  };
}

const templates = new Map<string, Promise<string>>();

/**
 * The migrated template for `base`, made once: test processes (vitest workers, the Node 24 run)
 * serialise on an advisory lock, and the template is only marked IS_TEMPLATE once fully migrated,
 * so a half-made one (a killed run) is dropped and made again.
 */
export function migratedTemplate(base: string): Promise<string> {
  let made = templates.get(base);
  if (!made) {
    made = makeTemplate(base);
    templates.set(base, made);
    made.catch(() => templates.delete(base));
  }
  return made;
}

async function makeTemplate(base: string): Promise<string> {
  const name = templateName(base);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const { rows } = await admin.query<{ ready: boolean }>(
      'SELECT datistemplate AS ready FROM pg_database WHERE datname = $1',
      [name],
    );
    if (rows[0]?.ready) return name;
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const client = new pg.Client({ connectionString: withDatabase(base, name) });
    await client.connect();
    try {
      await migrate(sessionOf(client));
    } finally {
      // No connection may stay open on a template: CREATE DATABASE … TEMPLATE refuses then.
      await client.end();
    }
    await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true`);
    return name;
  } finally {
    await admin.end();
  }
}

/** A new, fully migrated database copied from the template; drop() removes it. */
export async function createTemplatedDatabase(base: string): Promise<{ url: string; drop(): Promise<void> }> {
  const template = await migratedTemplate(base);
  const name = `beatroom_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(base, name),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
