import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { z } from 'zod';
import { defineJob } from '../jobs/job-runner';
import { createUploadsRepository } from './uploads.repository';
import { uploadsRoutes } from './uploads.routes';
import { createUploadsService, type UploadsService } from './uploads.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stores checked uploads (the upload routes and the demo seed both go through it). */
    uploads: UploadsService;
  }
}

/** How long an upload may wait for a beat or a profile to use it before the sweep deletes it. */
export const UNUSED_UPLOAD_MAX_AGE_MS = 24 * 3600_000;

/** Deletes uploads nobody used (see UploadsService.sweepUnused); hourly, once across instances. */
export const sweepUploadsJob = defineJob('uploads.sweep', z.object({}), { policy: 'stately', retryLimit: 2 });

/** Makes the WebP renditions of images stored before they existed; sent once at start-up. */
export const backfillRenditionsJob = defineJob('uploads.renditions-backfill', z.object({}), {
  policy: 'stately',
  retryLimit: 2,
});

export const uploadsPlugin = fp(
  async (app, opts: { config: Config }) => {
    const uploads = createUploadsService({
      repo: createUploadsRepository(app.db.prisma),
      storage: app.storage,
      log: app.log,
      limits: {
        storageQuotaBytes: opts.config.storageQuotaBytes,
        uploadBytesPerDay: opts.config.uploadBytesPerDay,
      },
    });
    app.decorate('uploads', uploads);
    await app.register(uploadsRoutes, { config: opts.config });

    await app.jobs.work(sweepUploadsJob, async () => {
      const swept = await uploads.sweepUnused(UNUSED_UPLOAD_MAX_AGE_MS);
      if (swept) app.log.info({ swept }, 'unused uploads deleted');
    });
    await app.jobs.schedule(sweepUploadsJob, '17 * * * *', {});

    await app.jobs.work(backfillRenditionsJob, async () => {
      const rendered = await uploads.backfillRenditions();
      if (rendered) app.log.info({ rendered }, 'image renditions made');
    });
    app.addHook('onReady', async () => {
      await app.jobs.send(backfillRenditionsJob, {}, { singletonKey: 'all' });
    });
  },
  { name: 'uploads', dependencies: ['db', 'storage', 'jobs', 'auth'] },
);
