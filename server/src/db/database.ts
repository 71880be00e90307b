import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PrismaClient } from '../generated/prisma/client';
import { embeddedTemplateFor } from '../../tools/embedded-template.mjs';

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
  /**
   * One statement of a hot path (catalogue browse and search) as a named prepared statement on
   * PostgreSQL: each connection parses and plans it once, then only binds and executes (the
   * parse and bind of an unnamed statement cost 0.3-0.6 ms a request). `name` must identify
   * `text` exactly (callers derive it from the text); without a name the text runs unnamed.
   * PGlite always runs it unnamed.
   *
   * With `plan: 'generic'` the statement runs on connections that plan it once, for any values
   * (plan_cache_mode = force_generic_plan), for statements whose generic plan is as good as a
   * custom one: PostgreSQL would otherwise plan them again on every execution when it judges
   * the values worth it (search: ~1 ms of planning for a 2 ms statement).
   */
  prepared<T>(
    name: string | undefined,
    text: string,
    values: unknown[],
    options?: PreparedOptions,
  ): Promise<T[]>;
  /** Cheapest round trip, for readiness checks. */
  ping(): Promise<void>;
  /**
   * Connections of each PostgreSQL pool (`main`, and `search` once opened): open, handed out,
   * and requests waiting for one. Empty on the embedded database, which has no pool.
   */
  poolStats(): PoolStats[];
  close(): Promise<void>;
}

export interface PoolStats {
  pool: 'main' | 'search';
  total: number;
  inUse: number;
  waiting: number;
}

export interface PreparedOptions {
  plan?: 'generic';
}

export type DatabaseTarget = { url: string } | { embeddedDir: string } | { memory: true };

export interface DatabaseOptions {
  /** Most connections the PostgreSQL pool opens (Prisma and prepared statements share them). */
  poolMax?: number;
  /** Told about errors on idle connections (a restarted or dropped database), which would otherwise crash the process. */
  onIdleError?: (error: Error) => void;
  /** Where a new embedded database's starting files are (tests point at their own). */
  embeddedTemplate?: string;
}

export async function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Promise<Database> {
  const db = await open(target, options);
  // Closing twice (a failed start-up, then app.close) must be harmless.
  let closing: Promise<void> | null = null;
  return { ...db, close: () => (closing ??= db.close()) };
}

/** Two connections per core, at least 4: the default when DATABASE_POOL_MAX is not set. */
export function defaultPoolMax(): number {
  return Math.max(4, 2 * availableParallelism());
}

async function open(target: DatabaseTarget, options: DatabaseOptions): Promise<Database> {
  if ('url' in target) {
    // A few connections per core: more only queue work on the same cores and cost memory on
    // both sides (on 2 cores a pool of 4 served more requests per second than one of 20).
    // Each database's driver loads only when used: PGlite and its adapter are ~20 MB a
    // PostgreSQL deployment never needs (and the reverse for the embedded database).
    const [{ default: pg }, { PrismaPg }] = await Promise.all([import('pg'), import('@prisma/adapter-pg')]);
    const max = options.poolMax ?? defaultPoolMax();
    const newPool = (settings?: string) => {
      const pool = new pg.Pool({
        connectionString: target.url,
        max,
        idleTimeoutMillis: 30_000,
        options: settings,
      });
      // pg emits idle-client errors on the pool; unheard, they become uncaught exceptions. The
      // broken client is already discarded, and the next query opens a fresh one.
      pool.on('error', (error) => options.onIdleError?.(error));
      // Every client keeps a listener of its own, so an 'error' event never goes unheard. The
      // pool removes its idle listener when it hands a client out, and Prisma's adapter adds its
      // own only after awaiting pool.connect(): a connection the database terminates (57P01)
      // whose error arrives in the same network read as the previous query's end falls in that
      // gap and was an uncaught exception that ended the process (seen terminating backends
      // under load). The query or transaction using the client still fails and the pool
      // discards it.
      pool.on('connect', (client) => {
        client.on('error', (error) => options.onIdleError?.(error));
      });
      return pool;
    };
    const pool = newPool();
    // A pool of its own, opened on first use: the setting is per connection, and Prisma's
    // unnamed statements must keep their custom plans.
    let genericPool: InstanceType<typeof pg.Pool> | null = null;
    const generic = () => (genericPool ??= newPool('-c plan_cache_mode=force_generic_plan'));
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
      async prepared<T>(
        name: string | undefined,
        text: string,
        values: unknown[],
        how: PreparedOptions = {},
      ) {
        const on = how.plan === 'generic' ? generic() : pool;
        return (await on.query(name ? { name, text, values } : { text, values })).rows as T[];
      },
      async ping() {
        await pool.query('SELECT 1');
      },
      poolStats() {
        const stats = (name: PoolStats['pool'], p: InstanceType<typeof pg.Pool>): PoolStats => ({
          pool: name,
          total: p.totalCount,
          inUse: p.totalCount - p.idleCount,
          waiting: p.waitingCount,
        });
        return [stats('main', pool), ...(genericPool ? [stats('search', genericPool)] : [])];
      },
      async close() {
        await prisma.$disconnect();
        await Promise.all([pool.end(), genericPool?.end()]);
      },
    };
  }

  let dataDir: string | undefined;
  if ('embeddedDir' in target) {
    mkdirSync(target.embeddedDir, { recursive: true });
    dataDir = join(target.embeddedDir);
  }
  const [{ PGlite }, { pg_trgm }, { intarray }, { PrismaPGlite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    // Search bounds a candidate's similarity by the trigrams it shares (intarray's intersection).
    import('@electric-sql/pglite/contrib/intarray'),
    import('pglite-prisma-adapter'),
  ]);
  // A new database starts from the build's initialised files (tools/embedded-template.mjs).
  const lite = await PGlite.create(dataDir, {
    extensions: { pg_trgm, intarray },
    loadDataDir: embeddedTemplateFor(dataDir, options.embeddedTemplate),
  });
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
    async prepared<T>(_name: string | undefined, text: string, values: unknown[]) {
      return (await lite.query<T>(text, values)).rows;
    },
    async ping() {
      await lite.query('SELECT 1');
    },
    poolStats: () => [],
    async close() {
      await prisma.$disconnect();
      await lite.close();
    },
  };
}
