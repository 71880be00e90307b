import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_DIR } from '../src/server-dir';
import { freePort } from './free-port';

// The real server process (server/src/main.ts), started against a PostgreSQL address where
// nothing listens yet; later a TCP proxy opens there to the real PostgreSQL of TEST_DATABASE_URL.
const base = process.env.TEST_DATABASE_URL;

const get = (url: string): Promise<{ status: number; body: Record<string, unknown> }> =>
  fetch(url).then(
    async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }),
    () => ({ status: 0, body: {} }),
  );

describe.skipIf(!base)('start-up while the database is unreachable (set TEST_DATABASE_URL)', () => {
  const name = `beatroom_test_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'beatroom-wait-'));
  let child: ChildProcess | null = null;
  let proxy: Server | null = null;
  const proxied = new Set<Socket>();

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    for (const socket of proxied) socket.destroy();
    await new Promise((r) => (proxy ? proxy.close(r) : r(null)));
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps trying with one line per attempt, healthy but not ready, then migrates and serves', async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const real = new URL(base!);
    const [dbPort, appPort] = [await freePort(), await freePort()];
    const app = `http://127.0.0.1:${appPort}`;

    let stderr = '';
    child = spawn(process.execPath, ['--import', 'tsx', join(SERVER_DIR, 'src', 'main.ts')], {
      cwd: join(SERVER_DIR, '..'),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PORT: String(appPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: app,
        SERVE_WEB: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: `postgres://${real.username || 'postgres'}@127.0.0.1:${dbPort}/${name}`,
        DATABASE_RETRY_MS: '100',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr!.on('data', (chunk) => (stderr += chunk.toString()));

    // Up and alive, not ready, and the rest of the API says why.
    await expect.poll(async () => (await get(`${app}/api/health`)).status, { timeout: 30_000 }).toBe(200);
    expect(await get(`${app}/api/health`)).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await get(`${app}/api/ready`)).toEqual({ status: 503, body: { error: 'Database unreachable' } });
    const api = await get(`${app}/api/beats`);
    expect(api.status).toBe(503);
    expect(api.body.error).toMatch(/database is not reachable yet/);

    // A few attempts, one clear line each, no stack trace.
    await expect
      .poll(() => stderr.match(/^database not reachable/gm)?.length ?? 0, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(3);
    const lines = stderr.split('\n').filter(Boolean);
    for (const line of lines) {
      expect(line).toMatch(
        /^database not reachable \(attempt \d+: .*ECONNREFUSED.*\); retrying in [\d.]+ s$/,
      );
    }
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(child.exitCode).toBeNull();

    // The database "comes up": a proxy opens on the address the server keeps trying.
    proxy = createServer((client) => {
      const upstream = connect(Number(real.port || 5432), real.hostname);
      proxied.add(client).add(upstream);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => proxy!.listen(dbPort, '127.0.0.1', resolve));

    await expect
      .poll(async () => (await get(`${app}/api/ready`)).status, { timeout: 60_000, interval: 200 })
      .toBe(200);
    expect(stderr).toMatch(/^database reachable after \d+ attempts: starting$/m);
    // The migrations ran on the database that appeared, and the API serves.
    const check = new pg.Client({ connectionString: `${base!.replace(/\/[^/]*$/, '')}/${name}` });
    await check.connect();
    const { rows } = await check.query<{ n: number }>('SELECT count(*)::int AS n FROM beatroom_migrations');
    await check.end();
    expect(rows[0]!.n).toBeGreaterThan(0);
    expect((await get(`${app}/api/beats`)).status).toBe(200);
  }, 120_000);
});
