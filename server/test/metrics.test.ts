import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../src/config';
import { defineJob } from '../src/modules/platform/jobs/job-runner';
import { listenForScrapes } from '../src/plugins/metrics';
import { createTestApp } from './helpers';

const WAITING_JOB = defineJob('metrics-test.waiting', z.object({}));

const FAMILIES = [
  'beatroom_http_request_duration_seconds',
  'beatroom_db_pool_connections',
  'beatroom_job_queue_depth',
  'beatroom_job_queue_active',
  'beatroom_job_failures_last_hour',
  'beatroom_outbox_lag_seconds',
  'beatroom_realtime_sockets',
  'nodejs_eventloop_lag_seconds',
  'nodejs_heap_size_used_bytes',
  'process_cpu_seconds_total',
];

describe('metrics on a port of their own', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let scrapes: Awaited<ReturnType<typeof listenForScrapes>>;
  let publicUrl: string;
  const scrape = async () => {
    const answer = await fetch(`http://127.0.0.1:${scrapes.port}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return answer.text();
  };

  beforeAll(async () => {
    ({ app, close } = await createTestApp({ metrics: { port: 0, host: '127.0.0.1' } }));
    publicUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    scrapes = await listenForScrapes(app.metrics, { port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await scrapes?.close();
    await close();
  });

  it('answers every metric family over real HTTP, in Prometheus text format', async () => {
    // A job due in an hour waits in its queue whatever the server's own jobs are doing right now.
    await app.jobs.send(WAITING_JOB, {}, { startAfterSeconds: 3600 });
    const text = await scrape();
    for (const family of FAMILIES) expect(text, family).toMatch(new RegExp(`^# TYPE ${family} `, 'm'));
    expect(text).toMatch(/^beatroom_job_queue_depth\{queue="metrics-test\.waiting"\} 1$/m);
    expect(text).toMatch(/^beatroom_outbox_lag_seconds \d+(\.\d+)?$/m);
    expect(text).toMatch(/^beatroom_realtime_sockets 0$/m);
    // PostgreSQL reports its pool; the embedded database has none.
    if (process.env.TEST_DATABASE_URL)
      expect(text).toMatch(/^beatroom_db_pool_connections\{pool="main",state="open"\} [1-9]\d*$/m);
  });

  it('times requests by route pattern and status, never by raw URL', async () => {
    await fetch(`${publicUrl}/api/health`);
    await fetch(`${publicUrl}/api/beats/00000000-0000-4000-8000-000000000000`);
    await fetch(`${publicUrl}/api/no-such-thing/${Math.random()}`);
    const text = await scrape();
    expect(text).toMatch(
      /^beatroom_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} [1-9]\d*$/m,
    );
    expect(text).toMatch(/route="\/api\/beats\/:id",status_code="404"/);
    expect(text).toMatch(/route="unmatched",status_code="404"/);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(text).not.toContain('no-such-thing');
  });

  it('is not served on the public port, and the listener answers nothing else', async () => {
    expect((await fetch(`${publicUrl}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${scrapes.port}/`)).status).toBe(404);
  });
});

describe('metrics configuration', () => {
  it('is off unless METRICS_PORT is set, bound to loopback by default, never the public port', () => {
    const base = {
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/beatroom-metrics-config',
      SESSION_SECRET: 'x'.repeat(40),
    };
    expect(loadConfig(base).metrics).toBeNull();
    expect(loadConfig({ ...base, METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ ...base, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics?.host).toBe(
      '0.0.0.0',
    );
    expect(() => loadConfig({ ...base, PORT: '9464', METRICS_PORT: '9464' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ ...base, METRICS_PORT: 'x' })).toThrow(/METRICS_PORT/);
  });
});
