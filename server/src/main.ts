// First: it holds the young generation small while the rest loads (see the module).
import { releaseYoungGeneration } from './startup-memory';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { waitForDatabase } from './db/wait-for-database';
import { listenForScrapes } from './plugins/metrics';
import { SERVER_DIR } from './server-dir';

const webDist = join(SERVER_DIR, '..', 'web', 'dist');

let running: Promise<FastifyInstance> | null = null;

/**
 * Starts the server; serves the built web app too unless SERVE_WEB=0 (the dev setup uses Vite).
 * Once per process: a second call (an importer, and the entry check below when both end up in
 * one bundle) gets the same server instead of a second one on the same port.
 */
export function main(): Promise<FastifyInstance> {
  running ??= start();
  return running;
}

async function start(): Promise<FastifyInstance> {
  let config;
  try {
    config = loadConfig(process.env, { webDist: process.env.SERVE_WEB === '0' ? null : webDist });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // A PostgreSQL server that is not reachable yet is waited for, health checks answered
  // meanwhile (db/wait-for-database.ts); the stand-in leaves the port just before the app listens.
  const waiting =
    config.databaseUrl && config.databaseUrl !== 'memory'
      ? waitForDatabase({
          url: config.databaseUrl,
          port: config.port,
          host: config.host,
          retryMs: config.databaseRetryMs,
          log: (line) => config.logLevel !== 'silent' && console.warn(line),
        })
      : null;
  let app: FastifyInstance;
  try {
    await waiting?.reachable;
    app = await buildApp(config);
  } finally {
    await waiting?.close();
  }

  // Prometheus scrapes a port of its own (METRICS_PORT), never the public one.
  const scrapes = config.metrics ? await listenForScrapes(app.metrics, config.metrics) : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await scrapes?.close();
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  releaseYoungGeneration();
  const db = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
  const metrics = scrapes ? `\n  metrics: http://${config.metrics!.host}:${scrapes.port}/metrics` : '';
  console.log(`\n  Beatroom is running at ${config.publicUrl}\n  database: ${db}${metrics}\n`);
  return app;
}

/** Run directly (`node server/dist/main.js`, `tsx server/src/main.ts`), not imported. */
function isEntry(): boolean {
  if (!process.argv[1]) return false;
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntry()) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
