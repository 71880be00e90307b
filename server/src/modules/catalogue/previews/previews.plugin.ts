import fp from 'fastify-plugin';
import { createPreviewsRepository } from './previews.repository';
import {
  backfillPreviewsJob,
  createPreviewsService,
  renderPreviewJob,
  type PreviewsService,
} from './previews.service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Beats' previews and renditions, made by background jobs. Downloads read
     * `app.previews.rendition(beatId, 'mp3_320')`; deleting a beat deletes
     * `app.previews.filesOf(beatId)` too.
     */
    previews: PreviewsService;
  }
}

/**
 * Wires previews to the job runner: a new beat (the `beat.created` domain event) queues its
 * preview; at start-up one backfill job queues every beat still without one (existing beats,
 * the demo catalogue, renders a crash interrupted). Rendering uses a core, so each instance
 * renders one beat at a time.
 */
export const previewsPlugin = fp(
  async (app) => {
    const previews = createPreviewsService({
      repo: createPreviewsRepository(app.db.prisma),
      storage: app.storage,
      jobs: app.jobs,
      log: app.log,
    });
    app.decorate('previews', previews);

    await app.jobs.work(renderPreviewJob, ({ beatId }, context) => previews.render(beatId, context));
    await app.jobs.work(backfillPreviewsJob, async () => {
      await previews.backfill();
    });
    app.domainEvents.on('beat.created', ({ beatId }) => previews.enqueue(beatId));
    app.addHook('onReady', async () => {
      await app.jobs.send(backfillPreviewsJob, {}, { singletonKey: 'all' });
    });
  },
  { name: 'previews', dependencies: ['db', 'storage', 'jobs', 'domain-events'] },
);
