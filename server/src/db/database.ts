import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client';

/**
 * The few raw operations the migration runner and health checks need, on one dedicated
 * connection, for both PostgreSQL and the embedded PGlite.
 */
export interface SqlSession {
  /** Runs one parameterised statement. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  release(): Promise<void>;
}

export interface Database {
  prisma: PrismaClient;
  kind: 'postgres' | 'embedded';
  /**
   * The embedded PGlite instance (null on PostgreSQL), for the one library that needs the raw
   * connection: the job runner sends its own SQL through it.
   */
  lite: PGlite | null;
  /** A dedicated connection for work that needs one (advisory locks, scripts). */
  session(): Promise<SqlSession>;
  /** Cheapest round trip, for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget = { url: string } | { embeddedDir: string } | { memory: true };

export interface DatabaseOptions {
  /** Told about errors on idle connections (a restarted or dropped database), which would otherwise crash the process. */
  onIdleError?: (error: Error) => void;
}

export async function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Promise<Database> {
  const db = await open(target, options);
  // Closing twice (a failed start-up, then app.close) must be harmless.
  let closing: Promise<void> | null = null;
  return { ...db, close: () => (closing ??= db.close()) };
}

async function open(target: DatabaseTarget, options: DatabaseOptions): Promise<Database> {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 20, idleTimeoutMillis: 30_000 });
    // pg emits idle-client errors on the pool; unheard, they become uncaught exceptions. The
    // broken client is already discarded, and the next query opens a fresh one.
    pool.on('error', (error) => options.onIdleError?.(error));
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    return {
      prisma,
      kind: 'postgres',
      lite: null,
      async session() {
        const client = await pool.connect();
        return {
          query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
          exec: async (sql) => {
            await client.query(sql);
          },
          release: async () => client.release(),
        };
      },
      async ping() {
        await pool.query('SELECT 1');
      },
      async close() {
        await prisma.$disconnect();
        await pool.end();
      },
    };
  }

  let dataDir: string | undefined;
  if ('embeddedDir' in target) {
    mkdirSync(target.embeddedDir, { recursive: true });
    dataDir = join(target.embeddedDir);
  }
  const lite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(lite) });
  return {
    prisma,
    kind: 'embedded',
    lite,
    // PGlite is a single connection, so every session is that connection.
    async session() {
      return {
        query: async (sql, params) => (await lite.query(sql, params as unknown[])).rows as never[],
        exec: async (sql) => {
          await lite.exec(sql);
        },
        release: async () => {},
      };
    },
    async ping() {
      await lite.query('SELECT 1');
    },
    async close() {
      await prisma.$disconnect();
      await lite.close();
    },
  };
}
