import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { openDatabase, type Database, type DatabaseTarget } from '../db/database';
import { migrate } from '../db/migrate';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

export function databaseTarget(config: Pick<Config, 'databaseUrl' | 'dataDir'>): DatabaseTarget {
  if (config.databaseUrl === 'memory') return { memory: true };
  if (config.databaseUrl) return { url: config.databaseUrl };
  return { embeddedDir: join(config.dataDir, 'pglite') };
}

/** Opens the database, brings its schema up to date, and closes it with the app. */
export const dbPlugin = fp(
  async (app, opts: { config: Config }) => {
    const db = await openDatabase(databaseTarget(opts.config), {
      onIdleError: (error) => app.log.warn({ err: error }, 'idle database connection failed'),
    });
    const session = await db.session();
    try {
      const { applied } = await migrate(session);
      if (applied.length) app.log.info({ applied }, 'database migrations applied');
    } catch (error) {
      await session.release();
      await db.close();
      throw error;
    }
    await session.release();
    app.decorate('db', db);
    app.addHook('onClose', async () => db.close());
  },
  { name: 'db' },
);
