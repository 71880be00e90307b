import fp from 'fastify-plugin';
import type { Config } from '../../../config';
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-runner';
import { createOrphanSweep } from './orphan-sweep';
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

/**
 * Deletes stored files no row names (a process killed between storing a file and recording
 * it), and leftovers of interrupted writes: at start-up and hourly, once across instances.
 */
export const sweepOrphansJob = defineJob('uploads.orphans', z.object({}), {
  policy: 'stately',
  retryLimit: 2,
});

/** Makes the WebP renditions of images stored before they existed; sent once at start-up. */
export const backfillRenditionsJob = defineJob('uploads.renditions-backfill', z.object({}), {
  policy: 'stately',
  retryLimit: 2,
});

export const uploadsPlugin = fp(
  async (app, opts: { config: Config }) => {
    const repo = createUploadsRepository(app.db.prisma);
    const uploads = createUploadsService({
      repo,
      storage: app.storage,
      log: app.log,
      limits: {
        // The admin setting storage_quota_mb, STORAGE_QUOTA_BYTES while unset.
        storageQuotaBytes: () => app.adminSettings.storageQuotaBytes(),
        uploadBytesPerDay: opts.config.uploadBytesPerDay,
      },
      audioMaxBytes: () => app.adminSettings.maxAudioUploadBytes(),
    });
    app.decorate('uploads', uploads);
    await app.register(uploadsRoutes, { config: opts.config });

    await app.jobs.work(sweepUploadsJob, async () => {
      const swept = await uploads.sweepUnused(UNUSED_UPLOAD_MAX_AGE_MS);
      if (swept) app.log.info({ swept }, 'unused uploads deleted');
    });
    await app.jobs.schedule(sweepUploadsJob, '17 * * * *', {});

    const sweepOrphans = createOrphanSweep({ repo, storage: app.storage, log: app.log });
    await app.jobs.work(sweepOrphansJob, async () => {
      const result = await sweepOrphans();
      if (result.deleted || result.partials) app.log.info(result, 'orphaned files deleted');
    });
    await app.jobs.schedule(sweepOrphansJob, '47 * * * *', {});

    await app.jobs.work(backfillRenditionsJob, async () => {
      const rendered = await uploads.backfillRenditions();
      if (rendered) app.log.info({ rendered }, 'image renditions made');
    });
    app.addHook('onReady', async () => {
      await app.jobs.send(backfillRenditionsJob, {}, { singletonKey: 'all' });
      // A kill -9 leaves its orphans behind: the first sweep runs at start-up, not in an hour.
      await app.jobs.send(sweepOrphansJob, {}, { singletonKey: 'all' });
    });
  },
  { name: 'uploads', dependencies: ['db', 'storage', 'jobs', 'auth', 'admin-settings'] },
);
