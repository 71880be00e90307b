// The benchmark's server process: the real app (buildApp) on a port, N bench users with
// sessions, an event-loop delay monitor, and fan-outs on the parent's command.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../../server/src/app';
// The decorations read here (app.db, app.auth, app.realtime) are declared by their plugins, and a
// plugin's declaration is only seen where its module is imported (the type check reads the
// server's emitted declarations, in which app.ts's plugin imports are gone).
import type {} from '../../server/src/modules/platform/auth/auth.plugin';
import type {} from '../../server/src/modules/platform/realtime/realtime.plugin';
import type {} from '../../server/src/plugins/db';
import { loadConfig } from '../../server/src/config';
import { releaseYoungGeneration } from '../../server/src/startup-memory';
import { nowMs, type FromServer, type ToServer } from './protocol';

const users = Number(process.env.BENCH_USERS ?? 100);
const send = (message: FromServer) => process.send!(message);

/**
 * A throwaway database on a real PostgreSQL when one is named (BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL), so the server's memory is the server's. Otherwise in-memory PGlite, whose
 * WASM heap (hundreds of MB after 10,000 session lookups, never shrinking) lives in this process.
 */
const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
let databaseUrl = 'memory';
let dropDatabase = async () => {};
if (base) {
  const name = `beatroom_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
}

const config = loadConfig(
  {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    RATE_LIMIT_MAX: '10000000',
    SIGN_IN_RATE_LIMIT_MAX: '10000000',
    WS_UPGRADE_RATE_LIMIT_MAX: '10000000',
    // The bench opens ~100 sockets per bench user: the per-user caps are not what it measures.
    WS_MAX_SOCKETS_PER_SESSION: '1000000',
    WS_MAX_SOCKETS_PER_USER: '1000000',
  },
  {
    dataDir: mkdtempSync(join(tmpdir(), 'beatroom-bench-')),
    databaseUrl,
    sessionSecret: 'bench-secret-'.padEnd(40, 'x'),
  },
);
const app = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
// As main.ts does once listening. The bench loads the module first, as `npm start` does, and the
// build keeps this import that same file (server/tools/build.mjs).
releaseYoungGeneration();
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

// Users and sessions straight in the database: the OpenID flow is not what is measured.
const tokens: string[] = [];
for (let i = 0; i < users; i++) {
  const user = await app.db.prisma.user.create({
    data: { issuer: 'bench', sub: `bench-${i}`, email: `bench${i}@example.com`, name: `Bench ${i}` },
  });
  const token = randomBytes(32).toString('base64url');
  await app.db.prisma.session.create({
    data: {
      tokenHash: app.auth.hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  tokens.push(token);
}

const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();

process.on('message', (message: ToServer) => {
  switch (message.cmd) {
    case 'reset-loop':
      loop.reset();
      break;
    case 'stats': {
      global.gc?.();
      const memory = process.memoryUsage();
      send({
        type: 'stats',
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
        sockets: app.realtime.hub.presence().sockets,
        loopMaxMs: loop.max / 1e6,
        loopP99Ms: loop.percentile(99) / 1e6,
      });
      break;
    }
    case 'fanout': {
      const at = nowMs();
      app.realtime.announce(`bench:${message.id}:${at}`, 'info');
      send({ type: 'fanout-sent', id: message.id, at });
      break;
    }
    case 'stop':
      void app
        .close()
        .then(dropDatabase)
        .finally(() => process.exit(0));
      break;
  }
});

send({
  type: 'ready',
  port,
  tokens,
  database: base ? 'PostgreSQL' : 'embedded PGlite (in the server process)',
});
