import fp from 'fastify-plugin';
import type { Config } from '../../../config';
import { createRecordingsRepository } from './recordings.repository';
import { recordingsRoutes } from './recordings.routes';
import { createRecordingsService, type RecordingsService } from './recordings.service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Vocal recordings. Account deletion calls `app.recordings.removeAll(tx, userId)`
     * inside its transaction; the answered file keys are deleted after the commit.
     */
    recordings: RecordingsService;
  }
}

export const recordingsPlugin = fp(
  async (app, opts: { config: Config }) => {
    const recordings = createRecordingsService({
      repo: createRecordingsRepository(app.db.prisma),
      storage: app.storage,
      files: app.files,
      log: app.log,
    });
    app.decorate('recordings', recordings);
    // A deleted beat's takes lost their beat (the foreign key sets it null): they go, files too.
    app.domainEvents.on('beat.deleted', async () => {
      const removed = await recordings.removeOrphaned();
      if (removed) app.log.info({ removed }, 'recordings of deleted beats removed');
    });
    await app.register(recordingsRoutes, { config: opts.config });
  },
  { name: 'recordings', dependencies: ['db', 'auth', 'storage', 'uploads', 'files', 'domain-events'] },
);
