import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { freePort } from '../server/test/free-port';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The PostgreSQL server benchmarks make their throwaway databases on. */
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh database on the benchmark's PostgreSQL; `drop()` removes it, connections and all. */
export async function createBenchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `beatroom_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * What every benchmarked server runs with: the bench database, its own data folder, no web
 * app, no demo seed, quiet logs and a rate limit the load generator never reaches.
 */
export function benchServerEnv(databaseUrl: string, dataDir: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SERVE_WEB: '0',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    SIGN_IN_RATE_LIMIT_MAX: '100000000',
    UPLOAD_RATE_LIMIT_MAX: '100000000',
    WS_UPGRADE_RATE_LIMIT_MAX: '100000000',
  };
}

/** Builds the server bundle when a source is newer than it, once per benchmark process. */
let bundleChecked = false;
function ensureServerBundle() {
  if (bundleChecked) return;
  const built = spawnSync(process.execPath, [join(root, 'server/tools/build.mjs'), '--if-stale'], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('could not build the server bundle');
  bundleChecked = true;
}

/**
 * The real server as `npm start` runs it (server/tools/start.mjs, which runs the compiled bundle,
 * server/dist/main.js, with plain node: no tsx loader in its memory or its start-up) in its own
 * process, so the load generator never shares its event loop; resolves once /api/ready answers
 * (the first start applies the migrations).
 */
export async function startServer(
  env: Record<string, string>,
  options: { asBuilt?: boolean } = {},
): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  ensureServerBundle();
  // asBuilt: the web app as web/dist holds it, never rebuilt first (start.mjs would rebuild it
  // when a source is newer, with this process's NODE_ENV, and a benchmark of the web app
  // measures the build it was given).
  const args = options.asBuilt
    ? [
        '--input-type=module',
        '-e',
        `await import(${JSON.stringify(pathToFileURL(join(root, 'server/dist/startup-memory.js')).href)}); await (await import(${JSON.stringify(pathToFileURL(join(root, 'server/dist/main.js')).href)})).main();`,
      ]
    : [join(root, 'server/tools/start.mjs')];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, child };
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (i > 600) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
