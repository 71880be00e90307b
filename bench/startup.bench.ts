// Start-up benchmark: `npm start` with a built app, from spawn to the first answer of
// GET /api/health, and the server process's memory (RSS) once started and once idle, on
// PostgreSQL (DATABASE_URL, the goals) and on the embedded database (reported). Not a test: it
// asserts nothing. Run: npx tsx bench/startup.bench.ts
// Knobs: BENCH_DATABASE_URL (a PostgreSQL server to make a throwaway database on),
// BENCH_STARTS (3 timed starts, median printed), BENCH_IDLE_SECONDS (60: how long the idle server
// is watched; V8 gives back start-up garbage only once the process has been idle for a while).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchServerEnv, createBenchDatabase } from './bench-server';
import { freePort } from '../server/test/free-port';

const STARTS = Number(process.env.BENCH_STARTS ?? 3);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const TARGETS = { listeningMs: 3000, idleRssMb: 150 };

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serveWeb = existsSync(join(root, 'web', 'dist', 'index.html'));

const fmt = (n: number) => n.toFixed(0);
const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** RSS in MB of a process, from /proc (Linux), or NaN when it cannot be read. */
function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The server: the process running the start script, below npm (npm → sh → node). */
function serverPid(npmPid: number): number | null {
  const table = spawnSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' }).stdout;
  const rows = table
    .trim()
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3]! }));
  const descendants = new Set([npmPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows) {
      if (descendants.has(row.ppid) && !descendants.has(row.pid)) {
        descendants.add(row.pid);
        grew = true;
      }
    }
  }
  // npm runs the script through a shell (`sh -c node …`) whose own args match too: the server is
  // the innermost match.
  const matches = rows.filter((row) => descendants.has(row.pid) && row.args.includes('tools/start.mjs'));
  return matches.find((row) => !matches.some((other) => other.ppid === row.pid))?.pid ?? null;
}

interface Started {
  child: ChildProcess;
  base: string;
  listeningMs: number;
  pid: number;
}

/** `npm start` in its own process group; resolves once /api/health answers. */
async function npmStart(env: Record<string, string | undefined>): Promise<Started> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    ...env,
  };
  // undefined: not set at all (the embedded run must not inherit a DATABASE_URL).
  for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key];
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  for (;;) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    if (performance.now() - started > 120_000) throw new Error('the server did not start in 2 minutes');
    await sleep(20);
  }
  const listeningMs = performance.now() - started;
  const pid = serverPid(child.pid!);
  if (pid === null) throw new Error('could not find the server process under npm start');
  return { child, base, listeningMs, pid };
}

async function stop(started: Started) {
  if (started.child.exitCode !== null) return;
  const exited = new Promise((r) => started.child.once('exit', r));
  process.kill(-started.child.pid!, 'SIGTERM');
  await exited;
}

/** RSS 5 s after listening, then the lowest seen while the server sits idle for IDLE_SECONDS. */
async function watchMemory(
  pid: number,
): Promise<{ afterStartMb: number; idleMb: number; idleAfterS: number }> {
  await sleep(5000);
  const afterStartMb = rssMb(pid);
  let idleMb = afterStartMb;
  let idleAfterS = 5;
  for (let s = 6; s <= IDLE_SECONDS; s++) {
    await sleep(1000);
    const now = rssMb(pid);
    if (now < idleMb) {
      idleMb = now;
      idleAfterS = s;
    }
  }
  return { afterStartMb, idleMb, idleAfterS };
}

async function run(label: string, env: Record<string, string | undefined>, goals: boolean) {
  // The first start builds what is stale and applies the migrations: not a figure.
  await stop(await npmStart(env));
  const times: number[] = [];
  let last: Started | null = null;
  for (let i = 0; i < STARTS; i++) {
    const started = await npmStart(env);
    times.push(started.listeningMs);
    if (i < STARTS - 1) await stop(started);
    else last = started;
  }
  const memory = await watchMemory(last!.pid);
  await stop(last!);

  const start = median(times);
  const timesText = times.map(fmt).join(', ');
  console.log(`\n  ${label}`);
  console.log(
    `  npm start to listening: median ${fmt(start)} ms of ${timesText}` +
      (goals ? ` (target < ${TARGETS.listeningMs}: ${mark(start < TARGETS.listeningMs)})` : ''),
  );
  console.log(
    `  server RSS: ${fmt(memory.afterStartMb)} MB 5 s after listening; idle ${fmt(memory.idleMb)} MB (lowest within ${IDLE_SECONDS} s, reached after ${memory.idleAfterS} s)` +
      (goals
        ? ` (target < ${TARGETS.idleRssMb}: ${mark(memory.idleMb < TARGETS.idleRssMb)})`
        : ' (reported)'),
  );
}

async function main() {
  const build = spawnSync(process.execPath, [join(root, 'server/tools/build.mjs'), '--if-stale'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('building the server failed');
  console.log(
    `Start-up: ${STARTS} starts of \`npm start\` (compiled server${serveWeb ? ' serving web/dist' : ', API only: web/dist is not built'}), ` +
      `no demo seed; memory watched for ${IDLE_SECONDS} s idle`,
  );

  const database = await createBenchDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'beatroom-startup-'));
  try {
    const common = { SERVE_WEB: serveWeb ? '1' : '0' };
    await run(
      'PostgreSQL (DATABASE_URL)',
      { ...benchServerEnv(database.url, join(dataDir, 'pg')), ...common },
      true,
    );
    const embedded = { ...benchServerEnv('', join(dataDir, 'embedded')), ...common, DATABASE_URL: undefined };
    await run('Embedded PostgreSQL (PGlite, DATA_DIR)', embedded, false);
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
