import fp from 'fastify-plugin';
import type { Config } from '../config';
import { openDatabase, type Database } from '../db/database';
import { databaseTarget } from '../db/database-target';
import { migrate } from '../db/migrate';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/** Opens the database, brings its schema up to date, and closes it with the app. */
export const dbPlugin = fp(
  async (app, opts: { config: Config }) => {
    const db = await openDatabase(databaseTarget(opts.config), {
      poolMax: opts.config.databasePoolMax ?? undefined,
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
