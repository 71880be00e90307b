import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../../../../test/helpers';
import { buildApp } from '../../../app';
import { defineJob, type JobContext } from './job-runner';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const Payload = z.object({ n: z.number().int() });
const counted = defineJob('jobs-test.count', Payload);
const flaky = defineJob('jobs-test.flaky', Payload, {
  retryLimit: 2,
  retryDelaySeconds: 1,
  retryBackoff: true,
});
const doomed = defineJob('jobs-test.doomed', Payload, {
  retryLimit: 1,
  retryDelaySeconds: 1,
  retryBackoff: false,
});

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function testApp(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const test = await createTestApp(overrides);
  closers.push(test.close);
  return test;
}

/** Rows of pg-boss's own tables, read straight from the database. */
async function sql<T>(app: FastifyInstance, text: string, params: unknown[] = []): Promise<T[]> {
  const session = await app.db.session();
  try {
    return await session.query<T>(text, params);
  } finally {
    await session.release();
  }
}

async function until(check: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe(`job runner (${onPostgres ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  // One app for the tests that need no restart (each works its own queue): builds are slow.
  let shared: Awaited<ReturnType<typeof createTestApp>>;
  let app: FastifyInstance;
  const seen: number[] = [];
  beforeAll(async () => {
    shared = await createTestApp();
    app = shared.app;
    // Registered before the app is ready: its workers start with the app.
    await app.jobs.work(counted, async ({ n }) => {
      seen.push(n);
    });
    await app.ready();
  });
  afterAll(async () => shared?.close());

  it('runs a job once with its checked payload, and refuses a malformed payload when sent', async () => {
    const id = await app.jobs.send(counted, { n: 7 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await app.jobs.drained(counted);
    // Give a duplicate delivery the chance to show itself.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual([7]);
    const [job] = await sql<{ state: string }>(app, 'SELECT state FROM pgboss.job WHERE id = $1', [id]);
    expect(job?.state).toBe('completed');

    await expect(app.jobs.send(counted, { n: 'seven' } as never)).rejects.toThrow();
    const [{ count }] = (await sql<{ count: number }>(
      app,
      `SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'jobs-test.count'`,
    )) as [{ count: number }];
    expect(count).toBe(1);
  });

  it('retries a failing job with backoff until it succeeds, telling the handler its attempt', async () => {
    const attempts: JobContext[] = [];
    // Registered once the app runs: its worker starts at once.
    await app.jobs.work(flaky, async (_payload, context) => {
      attempts.push(context);
      if (context.attempt < 3) throw new Error(`attempt ${context.attempt} fails`);
    });
    const id = await app.jobs.send(flaky, { n: 1 });
    await app.jobs.drained(flaky, { timeoutMs: 30_000 });
    expect(attempts.map((a) => [a.attempt, a.lastAttempt])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    const [job] = await sql<{ state: string; retry_count: number }>(
      app,
      'SELECT state, retry_count FROM pgboss.job WHERE id = $1',
      [id],
    );
    expect(job).toEqual({ state: 'completed', retry_count: 2 });
  });

  it('gives up after the last retry and keeps the job as failed with its error', async () => {
    let runs = 0;
    await app.jobs.work(doomed, async () => {
      runs++;
      throw new Error('the file is gone');
    });
    const id = await app.jobs.send(doomed, { n: 1 });
    await app.jobs.drained(doomed, { timeoutMs: 20_000 });
    expect(runs).toBe(2);
    const [job] = await sql<{ state: string; output: { message: string } }>(
      app,
      'SELECT state, output FROM pgboss.job WHERE id = $1',
      [id],
    );
    expect(job?.state).toBe('failed');
    expect(job?.output.message).toBe('the file is gone');
  });

  it('records a cron schedule once, however many times it is declared', async () => {
    await app.jobs.schedule(counted, '0 3 * * *', { n: 1 });
    await app.jobs.schedule(counted, '15 3 * * *', { n: 2 });
    const rows = await sql<{ name: string; cron: string; data: unknown }>(
      app,
      "SELECT name, cron, data FROM pgboss.schedule WHERE name LIKE 'jobs-test.%'",
    );
    expect(rows).toEqual([{ name: 'jobs-test.count', cron: '15 3 * * *', data: { n: 2 } }]);
    await expect(app.jobs.schedule(counted, 'every day', { n: 1 })).rejects.toThrow();
  });

  it('finishes a running job before closing, and runs a job sent before a restart after it', async () => {
    // A database that outlives the app: files on disk for PGlite, the same database on PostgreSQL.
    const first = await testApp(onPostgres ? {} : { databaseUrl: null });
    const finished: number[] = [];
    let started = false;
    await first.app.jobs.work(counted, async ({ n }) => {
      started = true;
      await new Promise((resolve) => setTimeout(resolve, 500));
      finished.push(n);
    });
    await first.app.ready();
    const slowId = await first.app.jobs.send(counted, { n: 1 });
    await until(() => started);
    // Nobody works this queue on the first instance: the job waits for the restart.
    const waitingId = await first.app.jobs.send(flaky, { n: 2 });
    await first.app.close();
    expect(finished).toEqual([1]);

    const second = await buildApp(first.config);
    closers.push(() => second.close());
    const ranAfterRestart: number[] = [];
    await second.jobs.work(flaky, async ({ n }) => {
      ranAfterRestart.push(n);
    });
    await second.jobs.work(counted, async ({ n }) => {
      finished.push(n);
    });
    await second.ready();
    await second.jobs.drained(flaky);
    expect(ranAfterRestart).toEqual([2]);
    // The job that ran during the close was completed then, so it never runs again.
    await second.jobs.drained(counted);
    expect(finished).toEqual([1]);
    const states = await sql<{ id: string; state: string }>(
      second,
      'SELECT id, state FROM pgboss.job WHERE id = ANY($1::uuid[]) ORDER BY state',
      [[slowId, waitingId]],
    );
    expect(states).toEqual(
      expect.arrayContaining([
        { id: slowId, state: 'completed' },
        { id: waitingId, state: 'completed' },
      ]),
    );
  });

  it.runIf(onPostgres)('runs each job once when two instances share one PostgreSQL', async () => {
    const first = await testApp();
    const second = await buildApp(first.config);
    closers.push(() => second.close());
    const runs: { instance: string; n: number }[] = [];
    for (const [instance, app] of [
      ['first', first.app],
      ['second', second],
    ] as const) {
      await app.jobs.work(
        counted,
        async ({ n }) => {
          runs.push({ instance, n });
          await new Promise((resolve) => setTimeout(resolve, 20));
        },
        { concurrency: 2 },
      );
      await app.ready();
    }
    const sent = Array.from({ length: 40 }, (_, n) => n);
    for (const n of sent) await (n % 2 ? first.app : second).jobs.send(counted, { n });
    await first.app.jobs.drained(counted, { timeoutMs: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(runs.map((r) => r.n).sort((a, b) => a - b)).toEqual(sent);
    expect(new Set(runs.map((r) => r.instance))).toEqual(new Set(['first', 'second']));
  });
});
