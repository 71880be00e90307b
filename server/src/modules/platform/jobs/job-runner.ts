import type PgBoss from 'pg-boss';
import type { z } from 'zod';

export interface QueueOptions {
  /** Further attempts after a failure (0: none). */
  retryLimit?: number;
  /** Seconds before the first retry; with retryBackoff it doubles on each attempt (plus jitter). */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** A job still running after this long is failed (and retried if attempts are left). */
  expireInSeconds?: number;
  /**
   * 'standard': any number of jobs. 'stately': per singleton key, at most one job waiting and
   * one running, so sending the same work twice while it waits is a no-op.
   */
  policy?: 'standard' | 'stately';
}

/** A queue: its name, the shape of its payload, and how its jobs are retried. */
export interface JobDefinition<T> {
  readonly name: string;
  readonly payload: z.ZodType<T>;
  readonly options: QueueOptions;
}

/** Queue names are kebab-case words joined by dots: `previews.render`. */
const QUEUE_NAME = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/;

export function defineJob<T>(
  name: string,
  payload: z.ZodType<T>,
  options: QueueOptions = {},
): JobDefinition<T> {
  if (!QUEUE_NAME.test(name)) throw new Error(`Invalid queue name: ${name}`);
  return { name, payload, options };
}

export interface JobContext {
  id: string;
  /** 1 for the first run, 2 for the first retry, ... */
  attempt: number;
  /** No retry follows if this attempt fails: the place to record a permanent failure. */
  lastAttempt: boolean;
}

export type JobHandler<T> = (payload: T, context: JobContext) => Promise<void>;

export interface SendOptions {
  /** With a 'stately' queue: the same key while a job waits sends nothing. */
  singletonKey?: string;
  startAfterSeconds?: number;
}

/**
 * The app's typed face of the durable job runner (pg-boss): payloads are checked against the
 * queue's zod schema when sent and again when run, so a handler never sees a malformed one.
 */
export interface Jobs {
  /**
   * Runs `handler` for the queue's jobs on this instance, `concurrency` at a time. Workers start
   * when the app is ready (at once if it already is) and stop gracefully when it closes.
   */
  work<T>(job: JobDefinition<T>, handler: JobHandler<T>, options?: { concurrency?: number }): Promise<void>;
  /** Enqueues a job; answers its id, or null when a 'stately' queue already holds the key. */
  send<T>(job: JobDefinition<T>, payload: T, options?: SendOptions): Promise<string | null>;
  /** Sends `payload` on a cron schedule (UTC), once across all instances. */
  schedule<T>(job: JobDefinition<T>, cron: string, payload: T): Promise<void>;
  /**
   * Resolves when the queue holds no job waiting, retrying or running (tests, start-up work);
   * rejects after `timeoutMs`.
   */
  drained(job: JobDefinition<unknown> | { name: string }, options?: { timeoutMs?: number }): Promise<void>;
}

interface Log {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

const DEFAULTS = { retryLimit: 3, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 15 * 60 };

/** pg-boss's own names for the retry settings, applied on every send so code changes take effect. */
function retrySettings(options: QueueOptions) {
  const o = { ...DEFAULTS, ...options };
  return {
    retryLimit: o.retryLimit,
    retryDelay: o.retryDelaySeconds,
    retryBackoff: o.retryBackoff,
    expireInSeconds: o.expireInSeconds,
  };
}

/**
 * Builds the Jobs API over a started pg-boss. `isReady` tells whether the app has finished
 * starting; `startWorkers` (called once it has) starts what `work` registered before.
 */
export function createJobRunner(deps: { boss: PgBoss; log: Log }) {
  const { boss, log } = deps;
  const queues = new Map<string, Promise<void>>();
  const pendingWorkers: (() => Promise<void>)[] = [];
  const workerIds = new Map<string, string[]>();
  let started = false;

  /** Creates the queue once per process (pg-boss ignores a queue that already exists). */
  function ensureQueue(job: JobDefinition<unknown>): Promise<void> {
    let created = queues.get(job.name);
    if (!created) {
      created = boss.createQueue(job.name, {
        name: job.name,
        policy: job.options.policy ?? 'standard',
        ...retrySettings(job.options),
      });
      // A failed creation (database down at start-up) is tried again by the next caller.
      created.catch(() => queues.delete(job.name));
      queues.set(job.name, created);
    }
    return created;
  }

  const jobs: Jobs = {
    async work(job, handler, options = {}) {
      await ensureQueue(job as JobDefinition<unknown>);
      const start = async () => {
        const ids: string[] = [];
        for (let i = 0; i < (options.concurrency ?? 1); i++) {
          ids.push(
            await boss.work(job.name, { includeMetadata: true }, async ([meta]) => {
              if (!meta) return;
              const parsed = job.payload.safeParse(meta.data);
              if (!parsed.success) {
                // Retrying cannot fix a malformed payload: record why and let the job end.
                log.error(
                  { queue: job.name, jobId: meta.id, issues: parsed.error.issues },
                  'job payload invalid',
                );
                return { invalid: parsed.error.issues.map((i) => i.message) };
              }
              const context = {
                id: meta.id,
                attempt: meta.retryCount + 1,
                lastAttempt: meta.retryCount >= meta.retryLimit,
              };
              try {
                await handler(parsed.data, context);
              } catch (error) {
                log.warn(
                  { err: error, queue: job.name, jobId: meta.id, attempt: context.attempt },
                  'job failed',
                );
                throw error;
              }
            }),
          );
        }
        workerIds.set(job.name, [...(workerIds.get(job.name) ?? []), ...ids]);
      };
      if (started) await start();
      else pendingWorkers.push(start);
    },

    async send(job, payload, options = {}) {
      const data = job.payload.parse(payload) as object;
      await ensureQueue(job as JobDefinition<unknown>);
      const id = await boss.send(job.name, data, {
        ...retrySettings(job.options),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      });
      // Local workers pick it up now instead of at their next poll; other instances poll.
      if (id && !options.startAfterSeconds) {
        for (const workerId of workerIds.get(job.name) ?? []) boss.notifyWorker(workerId);
      }
      return id;
    },

    async schedule(job, cron, payload) {
      const data = job.payload.parse(payload) as object;
      await ensureQueue(job as JobDefinition<unknown>);
      await boss.schedule(job.name, cron, data, { tz: 'UTC', ...retrySettings(job.options) });
    },

    async drained(job, options = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 30_000);
      for (;;) {
        const left = await boss.getQueueSize(job.name, { before: 'completed' });
        if (!left) return;
        if (Date.now() > deadline) throw new Error(`Queue ${job.name} still holds ${left} job(s)`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };

  return {
    jobs,
    async startWorkers(): Promise<void> {
      started = true;
      for (const start of pendingWorkers.splice(0)) await start();
    },
  };
}
