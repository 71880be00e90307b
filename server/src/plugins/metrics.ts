import { createServer } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Registry } from 'prom-client';
import { createOperationalStats } from '../db/operational-stats';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus registry main.ts serves on METRICS_PORT (decorated only when metrics are on). */
    metrics: Registry;
  }
}

/** Seconds: from a fast cached page to a slow upload. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * What an operator runs the server by, in Prometheus's format: request durations by route and
 * status, the database pools, the job queues, the outbox's lag, open sockets, and the process
 * (event-loop lag, heap, CPU, from prom-client's defaults). Registered only when METRICS_PORT is
 * set; main.ts serves the registry on that port alone, never on the public one. Gauges that need
 * the database are read when scraped, so an idle server does no work for them.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    // Loaded here, not at start-up, when metrics are off (~13 MB and ~0.2 s).
    const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = await import('prom-client');
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const durations = new Histogram({
      name: 'beatroom_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
    // The route's pattern (`/api/beats/:id`), never the raw URL: one series per route, not per id.
    // Unknown URLs share one label so a scan of made-up paths adds no series.
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      durations.observe(
        { method: request.method, route: request.is404 ? 'unmatched' : route, status_code: reply.statusCode },
        reply.elapsedTime / 1000,
      );
      done();
    });

    const stats = createOperationalStats(app.db);
    new Gauge({
      name: 'beatroom_db_pool_connections',
      help: 'PostgreSQL connections of each pool: open, in use, and requests waiting for one.',
      labelNames: ['pool', 'state'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const pool of app.db.poolStats()) {
          this.set({ pool: pool.pool, state: 'open' }, pool.total);
          this.set({ pool: pool.pool, state: 'in_use' }, pool.inUse);
          this.set({ pool: pool.pool, state: 'waiting' }, pool.waiting);
        }
      },
    });

    const scrapeErrors = new Counter({
      name: 'beatroom_metrics_scrape_errors_total',
      help: 'Gauges that could not be read from the database during a scrape.',
      labelNames: ['gauge'] as const,
      registers: [registry],
    });
    const queueGauge = (name: string, help: string, pick: 'waiting' | 'active' | 'failedLastHour') =>
      new Gauge({
        name,
        help,
        labelNames: ['queue'] as const,
        registers: [registry],
        async collect() {
          try {
            const queues = await stats.queues();
            this.reset();
            for (const queue of queues) this.set({ queue: queue.queue }, queue[pick]);
          } catch (error) {
            scrapeErrors.inc({ gauge: name });
            app.log.warn({ err: error }, 'job queue metrics unavailable');
          }
        },
      });
    queueGauge(
      'beatroom_job_queue_depth',
      'Jobs waiting to run (new or due to retry), per queue.',
      'waiting',
    );
    queueGauge('beatroom_job_queue_active', 'Jobs running now, per queue.', 'active');
    queueGauge(
      'beatroom_job_failures_last_hour',
      'Jobs that failed for good (retries used up) within the last hour, per queue.',
      'failedLastHour',
    );

    new Gauge({
      name: 'beatroom_outbox_lag_seconds',
      help: 'Age of the oldest domain event not yet delivered to its handlers (0 when all are).',
      registers: [registry],
      async collect() {
        try {
          this.set(await stats.outboxLagSeconds());
        } catch (error) {
          scrapeErrors.inc({ gauge: 'beatroom_outbox_lag_seconds' });
          app.log.warn({ err: error }, 'outbox metrics unavailable');
        }
      },
    });

    new Gauge({
      name: 'beatroom_realtime_sockets',
      help: 'Realtime WebSocket connections open on this instance.',
      registers: [registry],
      collect() {
        // Realtime registers after this plugin; until then there are no sockets.
        this.set(app.hasDecorator('realtime') ? app.realtime.localSocketCount() : 0);
      },
    });

    app.decorate('metrics', registry);
  },
  { name: 'metrics', dependencies: ['db'] },
);

/**
 * The scrape endpoint, on a listener of its own (METRICS_HOST:METRICS_PORT): GET /metrics
 * answers the registry in Prometheus's text format; anything else is 404. Kept off the public
 * port so the numbers (routes, queue names, pool sizes) are never served to the internet.
 */
export async function listenForScrapes(
  registry: Registry,
  where: { port: number; host: string },
): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(`Metrics failed: ${String(error)}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : where.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
