import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { benchServerEnv, createBenchDatabase, startServer, stopServer } from './bench-server';
import { loadCatalogue } from './catalogue-data';
import { measure, type Figures } from './http-load';
import { signIn, uploadGrowth, writeBigFlac, writeBigWav } from './upload-memory';

/**
 * Catalogue benchmark (issues 3 and 11): BENCH_BEATS beats (100,000 unless told; 1,000,000
 * works) in a fresh PostgreSQL database, the real server in its own process, autocannon.
 * Prints p50/p95/p99 and requests/s of filtered pages, text search (20 and 50 connections)
 * and deep pages (offset 480, and a cursor 10,000 beats in) beside the plain /api/health
 * route of the same server: first with the browse cache off (the headline: every request
 * goes to PostgreSQL), then as deployed (2 s cache); the server's idle memory; its memory
 * growth while it takes a 50 MB upload; and whether each goal of issue 11 is met. The
 * database is dropped at the end.
 */
const BEATS = Number(process.env.BENCH_BEATS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

const FILTERED = [
  '/api/beats',
  '/api/beats?sort=popular',
  '/api/beats?genre=Trap&sort=newest',
  '/api/beats?genre=Hip-Hop&bpm_min=80&bpm_max=100&sort=popular',
  '/api/beats?free=true&sort=downloads',
  '/api/beats?featured=true',
  '/api/beats?mood=Dark&key=C%23&sort=price_low',
  '/api/beats?price_min=500&price_max=2000&sort=price_high',
  '/api/beats?genre=R%26B&mood=Chill&duration_max=180',
  '/api/beats?sort=oldest&offset=480',
];
const SEARCHES = [
  'midnight',
  'trap',
  'nova beats',
  'neon dri',
  'ghost',
  'velv',
  'sliding 808s',
  'empire',
  'lucid dreams',
  'warm keys',
  'kairo',
  'savage riot',
].map((term) => `/api/beats?search=${encodeURIComponent(term)}`);

/** The server's resident memory (Linux /proc), in bytes; null elsewhere. */
function rssOf(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/** The X-Next-Cursor after `rows` beats of the default list, followed page by page. */
async function cursorAfter(base: string, rows: number): Promise<string> {
  let cursor = '';
  for (let seen = 0; seen < rows; seen += 100) {
    const res = await fetch(`${base}/api/beats?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    cursor = res.headers.get('x-next-cursor') ?? '';
    if (!res.ok || !cursor) throw new Error(`no cursor after ${seen} beats (HTTP ${res.status})`);
  }
  return cursor;
}

interface Run {
  plain: Figures;
  filtered: Figures;
  search20: Figures;
  search50: Figures;
  first: Figures;
  offset: Figures;
  cursor: Figures;
  rows: Figures[];
}

async function scenarios(base: string, perPath: boolean): Promise<Run> {
  const plain = await measure(base, 'plain route: GET /api/health', ['/api/health'], SECONDS);
  const rows: Figures[] = [plain];
  if (perPath)
    for (const path of FILTERED) rows.push(await measure(base, path, [path], Math.max(3, SECONDS / 2)));
  const filtered = await measure(
    base,
    `filtered mix (${FILTERED.length} queries in turn)`,
    FILTERED,
    SECONDS,
  );
  const search20 = await measure(
    base,
    `search mix (${SEARCHES.length} terms), 20 connections`,
    SEARCHES,
    SECONDS,
    20,
  );
  const search50 = await measure(
    base,
    `search mix (${SEARCHES.length} terms), 50 connections`,
    SEARCHES,
    SECONDS,
  );
  const deep = Math.max(3, SECONDS / 2);
  const first = await measure(base, 'first page: /api/beats', ['/api/beats'], deep);
  const offset = await measure(base, 'deep page: /api/beats?offset=480', ['/api/beats?offset=480'], deep);
  const cursorPath = `/api/beats?cursor=${await cursorAfter(base, 10_000)}`;
  const cursor = await measure(base, 'deep page: a cursor 10,000 beats in', [cursorPath], deep);
  rows.push(filtered, search20, search50, first, offset, cursor);
  return { plain, filtered, search20, search50, first, offset, cursor, rows };
}

/** One table: every scenario uncached (the headline) and cached, each with its ratio to /api/health. */
function printBoth(uncached: Run, cached: Run) {
  const num = (n: number | undefined, digits = 1) => (n === undefined ? '' : n.toFixed(digits)).padStart(8);
  const ratio = (f: Figures | undefined, plain: Figures) =>
    f ? `${(f.rps / plain.rps).toFixed(3).padStart(7)}x` : ''.padStart(8);
  console.log(
    '\nUncached = BEAT_LIST_CACHE_MS=0 (every request queries PostgreSQL); cached = as deployed (2 s).',
  );
  console.log(
    `${'scenario'.padEnd(58)} | uncached: p50 ms   p95 ms   p99 ms    req/s  vs plain  errors | cached: p95 ms    req/s  vs plain`,
  );
  for (const r of uncached.rows) {
    const c = cached.rows.find((x) => x.name === r.name);
    console.log(
      `${r.name.padEnd(58)} |        ${num(r.p50)} ${num(r.p95)} ${num(r.p99)} ${num(r.rps, 0)}  ${ratio(r, uncached.plain)}  ${String(r.errors).padStart(6)} |        ${num(c?.p95)} ${num(c?.rps, 0)}  ${ratio(c, cached.plain)}`,
    );
  }
}

function verdicts(label: string, run: Run) {
  const flag = (met: boolean) => (met ? 'met   ' : 'MISSED');
  const within2x = (deep: Figures) => deep.p95 <= 2 * run.first.p95;
  console.log(`\nGoals at ${BEATS.toLocaleString('en-US')} beats, ${label}:`);
  console.log(
    `  ${flag(run.filtered.p95 < 20)}  filtered mix p95 < 20 ms (${run.filtered.p95.toFixed(1)} ms)`,
  );
  console.log(
    `  ${flag(run.filtered.rps >= 1500)}  filtered mix >= 1,500 req/s (${run.filtered.rps.toFixed(0)})`,
  );
  console.log(
    `  ${flag(run.search20.p95 < 50)}  search mix p95 < 50 ms at 20 connections (${run.search20.p95.toFixed(1)} ms)`,
  );
  console.log(
    `  ${flag(run.search50.p95 < 50)}  search mix p95 < 50 ms at 50 connections (${run.search50.p95.toFixed(1)} ms)`,
  );
  console.log(
    `  ${flag(within2x(run.offset))}  offset 480 within 2x of the first page (p95 ${run.offset.p95.toFixed(1)} vs ${run.first.p95.toFixed(1)} ms)`,
  );
  console.log(
    `  ${flag(within2x(run.cursor))}  a cursor 10,000 in within 2x of the first page (p95 ${run.cursor.p95.toFixed(1)} vs ${run.first.p95.toFixed(1)} ms)`,
  );
}

async function main() {
  const database = await createBenchDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'beatroom-bench-'));
  const env = benchServerEnv(database.url, dataDir);
  let server: ChildProcess | null = null;
  try {
    // The first start applies the migrations; then the catalogue is loaded.
    let started = await startServer({ ...env, BEAT_LIST_CACHE_MS: '0' });
    server = started.child;
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const loadStart = Date.now();
    await loadCatalogue(db, 1000, BEATS, (n) => {
      if (BEATS > 100_000) console.log(`  ${n.toLocaleString('en-US')} beats loaded`);
    });
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM beats');
    await db.end();
    const loadSeconds = ((Date.now() - loadStart) / 1000).toFixed(1);
    console.log(`Loaded ${rows[0]!.n.toLocaleString('en-US')} beats by 1,000 producers in ${loadSeconds} s`);
    console.log(`autocannon: 50 connections unless told, ${SECONDS} s per scenario after a 1 s warm-up`);

    // A fresh server for the figures: its memory as started, before any request.
    await stopServer(server);
    started = await startServer({ ...env, BEAT_LIST_CACHE_MS: '0' });
    server = started.child;
    const idle = rssOf(server.pid!);
    const uncached = await scenarios(started.base, true);
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);

    const cookie = await signIn(started.base, 'bench@example.com');
    const uploads = [];
    for (const [name, write] of [
      ['big.wav', writeBigWav],
      ['big.flac', writeBigFlac],
    ] as const) {
      const file = join(dataDir, name);
      const { seconds } = write(file);
      const upload = await uploadGrowth(started.base, cookie, file, server.pid!);
      uploads.push(upload);
      console.log(
        `${uploads.length === 1 ? '\n' : ''}Upload of a ${mb(upload.size)} MB ${name.split('.')[1]!.toUpperCase()} ` +
          `(${(seconds / 60).toFixed(1)} min, stereo 44.1 kHz): HTTP ${upload.status} in ${upload.ms} ms, stored and analysed; ` +
          `server RSS ${mb(upload.before)} MB before, growth ${mb(upload.growth)} MB`,
      );
      if (upload.status !== 200) console.log(upload.body);
      rmSync(file);
    }
    await stopServer(server);

    started = await startServer(env);
    server = started.child;
    const cached = await scenarios(started.base, false);

    printBoth(uncached, cached);
    if (idle !== null) console.log(`\nServer RSS after start-up, idle, on PostgreSQL: ${mb(idle)} MB`);
    verdicts('uncached (the headline)', uncached);
    verdicts('cached (as deployed)', cached);
    const upload = uploads[0]!;
    console.log(
      `  ${upload.growth < 64 * 1024 * 1024 ? 'met   ' : 'MISSED'}  upload memory growth < 64 MB (50 MB WAV)`,
    );
  } finally {
    if (server) await stopServer(server);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
