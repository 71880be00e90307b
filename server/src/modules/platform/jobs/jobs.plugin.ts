import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { Config } from '../../../config';
import { databaseTarget } from '../../../db/database-target';
import { scheduleOutboxJobs } from './outbox-jobs';
import { createBossDb } from './boss-db';
import { createJobRunner, type Jobs } from './job-runner';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Durable background work (pg-boss on the app's database): jobs survive restarts, run once
     * across instances and retry with backoff. Define a queue with `defineJob`, then
     * `app.jobs.work(queue, handler)` in the module's plugin and `app.jobs.send(queue, payload)`.
     */
    jobs: Jobs;
  }
}

export interface JobsPluginOptions {
  config: Config;
  /**
   * How long closing waits for running jobs before failing them (they are retried later, by
   * this or another instance). main.ts gives the whole shutdown 10 s.
   */
  stopTimeoutMs?: number;
}

/**
 * Starts pg-boss on the app's database (its own tables in the `pgboss` schema, created or
 * migrated under pg-boss's advisory lock, so several instances may start at once). Workers start
 * once the app is ready; closing stops taking jobs, waits for running ones, then lets the
 * database close.
 */
export const jobsPlugin = fp(
  async (app, opts: JobsPluginOptions) => {
    const target = databaseTarget(opts.config);
    const onError = (error: Error) => app.log.error({ err: error }, 'job runner error');
    const schema = 'pgboss';
    const db = createBossDb('url' in target ? { url: target.url } : { lite: app.db.lite! }, onError, schema);
    const boss = new PgBoss({
      db,
      schema,
      // Keep finished jobs a week for inspection, then pg-boss's maintenance drops them.
      deleteAfterDays: 7,
    });
    boss.on('error', onError);
    await boss.start();

    const runner = createJobRunner({ boss, log: app.log });
    app.decorate('jobs', runner.jobs);
    // The outbox's minute sweep (domain events are registered before the job runner).
    if (app.hasDecorator('outbox')) await scheduleOutboxJobs(runner.jobs, app.outbox);
    app.addHook('onReady', runner.startWorkers);
    app.addHook('onClose', async () => {
      try {
        await boss.stop({ graceful: true, wait: true, timeout: opts.stopTimeoutMs ?? 8000 });
      } catch (error) {
        // The database went first (an outage): unfinished jobs expire and are retried.
        onError(error as Error);
      }
      await db.close();
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
