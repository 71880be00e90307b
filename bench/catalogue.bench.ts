import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ADMIN_URL, benchServerEnv, createBenchDatabase, startServer, stopServer } from './bench-server';
import { loadCatalogue } from './catalogue-data';
import { RELEVANCE_QUERIES } from '../server/test/search-relevance';
import { searchRelevance } from './search-relevance-check';
import { measure, type Figures } from './http-load';
import { cpuPerRequest, type CpuMeter } from './process-cpu';
import { signIn, uploadGrowth, writeBigFlac, writeBigWav } from './upload-memory';

/**
 * Catalogue benchmark: BENCH_BEATS beats (100,000 unless told; 1,000,000 works) in a fresh
 * PostgreSQL database, the real server in its own process, autocannon. Prints p50/p95/p99 and
 * requests/s of filtered pages, text search (20 and 50 connections) and deep pages (offset 480, and
 * a cursor 10,000 beats in) beside the plain /api/health route of the same server: first with the
 * browse cache off (the headline: every request goes to PostgreSQL), then as deployed (2 s cache);
 * the server's idle memory; its memory growth while it takes a 50 MB upload; and whether each
 * catalogue speed goal (docs/performance.md) is met. The database is dropped at the end. Beside
 * each figure: the CPU µs the server and PostgreSQL spent per request (steady on a shared machine,
 * where requests/s swing with the neighbours), and the response size; one more mix asks with a
 * browser's Accept-Encoding (compressed).
 *
 * BENCH_DATABASE=<name> runs on that database of the bench PostgreSQL instead, kept afterwards:
 * made and loaded (BENCH_BEATS) when it is missing or empty, measured as it is otherwise.
 * Loading a million beats takes a quarter of an hour or more, measuring minutes.
 *
 * BENCH_CATALOGUE_ONLY=search measures the search mix alone (uncached), then prints the search
 * goals and the relevance line: the quick loop while working on search. Every run ends with
 * `relevance: mean nDCG@10 …` from the fixed relevance catalogue (search-relevance-check.ts).
 */
const BEATS = Number(process.env.BENCH_BEATS ?? 100_000);
const KEPT_DATABASE = process.env.BENCH_DATABASE;
/** What browsers send: the compressed answer is what they are served. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const SEARCH_ONLY = process.env.BENCH_CATALOGUE_ONLY === 'search';
/** Search's CPU goals per request of the search mix, at 100,000 and at 1,000,000 beats. */
const SEARCH_DB_US = 1000;
const SEARCH_SERVER_US = 400;

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
// The relevance set opens with the search mix's twelve terms.
const SEARCHES = RELEVANCE_QUERIES.slice(0, 12).map(
  (term) => `/api/beats?search=${encodeURIComponent(term)}`,
);

/** How long the freshly started server idles before its idle memory is read. */
const IDLE_MS = 30_000;

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
  compressed: Figures;
  search20: Figures;
  search50: Figures;
  first: Figures;
  offset: Figures;
  cursor: Figures;
  rows: Figures[];
}

async function scenarios(base: string, perPath: boolean, cpu: CpuMeter): Promise<Run> {
  const plain = await measure(base, 'plain route: GET /api/health', ['/api/health'], SECONDS, 50, { cpu });
  const rows: Figures[] = [plain];
  if (perPath)
    for (const path of FILTERED)
      rows.push(await measure(base, path, [path], Math.max(3, SECONDS / 2), 50, { cpu }));
  const filtered = await measure(
    base,
    `filtered mix (${FILTERED.length} queries in turn)`,
    FILTERED,
    SECONDS,
    50,
    { cpu },
  );
  const compressed = await measure(base, 'filtered mix, as a browser asks (br/gzip)', FILTERED, SECONDS, 50, {
    cpu,
    headers: BROWSER,
  });
  const search20 = await measure(
    base,
    `search mix (${SEARCHES.length} terms), 20 connections`,
    SEARCHES,
    SECONDS,
    20,
    { cpu },
  );
  const search50 = await measure(
    base,
    `search mix (${SEARCHES.length} terms), 50 connections`,
    SEARCHES,
    SECONDS,
    50,
    { cpu },
  );
  const deep = Math.max(3, SECONDS / 2);
  const first = await measure(base, 'first page: /api/beats', ['/api/beats'], deep, 50, { cpu });
  const offset = await measure(
    base,
    'deep page: /api/beats?offset=480',
    ['/api/beats?offset=480'],
    deep,
    50,
    {
      cpu,
    },
  );
  const cursorPath = `/api/beats?cursor=${await cursorAfter(base, 10_000)}`;
  const cursor = await measure(base, 'deep page: a cursor 10,000 beats in', [cursorPath], deep, 50, { cpu });
  rows.push(filtered, compressed, search20, search50, first, offset, cursor);
  return { plain, filtered, compressed, search20, search50, first, offset, cursor, rows };
}

/** The search mix alone, uncached: the plain route for scale, then 20 and 50 connections. */
async function searchScenarios(base: string, cpu: CpuMeter): Promise<Figures[]> {
  const rows = [await measure(base, 'plain route: GET /api/health', ['/api/health'], SECONDS, 50, { cpu })];
  for (const connections of [20, 50]) {
    const name = `search mix (${SEARCHES.length} terms), ${connections} connections`;
    rows.push(await measure(base, name, SEARCHES, SECONDS, connections, { cpu }));
  }
  return rows;
}

/** Whether the search mix met its CPU goals, one line per goal and mix. */
function searchVerdicts(rows: Figures[], beats: number) {
  const flag = (met: boolean) => (met ? 'met   ' : 'MISSED');
  console.log(`\nSearch CPU goals at ${beats.toLocaleString('en-US')} beats (uncached, per request):`);
  for (const r of rows.filter((x) => x.name.startsWith('search mix'))) {
    const db = r.dbUs ?? Infinity;
    const server = r.serverUs ?? Infinity;
    console.log(
      `  ${flag(db <= SEARCH_DB_US)}  ${r.name}: database CPU <= ${SEARCH_DB_US} µs (${db.toFixed(0)} µs)`,
    );
    console.log(
      `  ${flag(server <= SEARCH_SERVER_US)}  ${r.name}: server CPU <= ${SEARCH_SERVER_US} µs (${server.toFixed(0)} µs)`,
    );
  }
}

/** The load average now (1, 5, 15 minutes): how busy the machine was around the figures. */
function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'unknown';
  }
}

/**
 * One table: every scenario uncached (the headline) and cached, each with its ratio to
 * /api/health, and the CPU µs per request of the server and of PostgreSQL, and the mean
 * response size.
 */
function printBoth(uncached: Run, cached: Run) {
  const num = (n: number | null | undefined, digits = 1) =>
    (n === undefined || n === null ? '' : n.toFixed(digits)).padStart(8);
  const ratio = (f: Figures | undefined, plain: Figures) =>
    f ? `${(f.rps / plain.rps).toFixed(3).padStart(7)}x` : ''.padStart(8);
  console.log(
    '\nUncached = BEAT_LIST_CACHE_MS=0 (every request queries PostgreSQL); cached = as deployed (2 s).',
  );
  console.log(
    'CPU = µs of CPU per request: the server process, and the PostgreSQL backends of its database.',
  );
  console.log(
    `${'scenario'.padEnd(58)} | uncached: p50 ms   p95 ms   p99 ms    req/s  vs plain  errors  srv CPU   db CPU  resp KB | cached: p95 ms    req/s  vs plain  srv CPU   db CPU`,
  );
  for (const r of uncached.rows) {
    const c = cached.rows.find((x) => x.name === r.name);
    console.log(
      `${r.name.padEnd(58)} |        ${num(r.p50)} ${num(r.p95)} ${num(r.p99)} ${num(r.rps, 0)}  ${ratio(r, uncached.plain)}  ${String(r.errors).padStart(6)} ${num(r.serverUs, 0)} ${num(r.dbUs, 0)} ${num((r.bytes ?? 0) / 1024)} |        ${num(c?.p95)} ${num(c?.rps, 0)}  ${ratio(c, cached.plain)} ${num(c?.serverUs, 0)} ${num(c?.dbUs, 0)}`,
    );
  }
}

function verdicts(label: string, run: Run, beats: number) {
  const flag = (met: boolean) => (met ? 'met   ' : 'MISSED');
  const within2x = (deep: Figures) => deep.p95 <= 2 * run.first.p95;
  console.log(`\nGoals at ${beats.toLocaleString('en-US')} beats, ${label}:`);
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

/** The kept database BENCH_DATABASE names, or a fresh one dropped at the end. */
async function benchDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  if (!KEPT_DATABASE) {
    const made = await createBenchDatabase();
    return { ...made, name: new URL(made.url).pathname.slice(1) };
  }
  if (!/^\w+$/.test(KEPT_DATABASE)) throw new Error('BENCH_DATABASE: a plain database name');
  // Made on first use (and loaded below, as it is empty); kept for the next run.
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [KEPT_DATABASE]);
  if (!rowCount) await admin.query(`CREATE DATABASE ${KEPT_DATABASE}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${KEPT_DATABASE}`;
  return { url: url.toString(), name: KEPT_DATABASE, drop: async () => {} };
}

async function main() {
  const database = await benchDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'beatroom-bench-'));
  const env = benchServerEnv(database.url, dataDir);
  let server: ChildProcess | null = null;
  const observer = new pg.Client({ connectionString: database.url });
  try {
    // The first start applies the migrations; then the catalogue is loaded.
    let started = await startServer({ ...env, BEAT_LIST_CACHE_MS: '0' });
    server = started.child;
    await observer.connect();
    const countBeats = async () =>
      (await observer.query<{ n: number }>('SELECT count(*)::int AS n FROM beats')).rows[0]!.n;
    let beats = BEATS;
    if (KEPT_DATABASE) beats = await countBeats();
    if (KEPT_DATABASE && beats > 0) {
      console.log(`Kept database ${KEPT_DATABASE}: ${beats.toLocaleString('en-US')} beats`);
    } else {
      const loadStart = Date.now();
      await loadCatalogue(observer, 1000, BEATS, (n) => {
        if (BEATS > 100_000) console.log(`  ${n.toLocaleString('en-US')} beats loaded`);
      });
      beats = await countBeats();
      const loadSeconds = ((Date.now() - loadStart) / 1000).toFixed(1);
      console.log(`Loaded ${beats.toLocaleString('en-US')} beats by 1,000 producers in ${loadSeconds} s`);
    }
    console.log(`autocannon: 50 connections unless told, ${SECONDS} s per scenario after a 1 s warm-up`);
    console.log(`Load average at the start (1, 5, 15 min): ${loadAverage()}`);

    // A fresh server for the figures: its memory as started, before any request.
    await stopServer(server);
    started = await startServer({ ...env, BEAT_LIST_CACHE_MS: '0' });
    server = started.child;
    if (SEARCH_ONLY) {
      const rows = await searchScenarios(started.base, cpuPerRequest(server.pid!, observer, database.name));
      for (const r of rows)
        console.log(
          `${r.name.padEnd(48)} p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  ${r.rps.toFixed(0)} req/s  srv CPU ${r.serverUs?.toFixed(0)} µs  db CPU ${r.dbUs?.toFixed(0)} µs`,
        );
      console.log(`Load average at the end (1, 5, 15 min): ${loadAverage()}`);
      searchVerdicts(rows, beats);
      console.log((await searchRelevance()).line);
      return;
    }
    // Its memory once it answers, then after half a minute of idling, when V8 has given back
    // what start-up left (the idle goal reads the second).
    const startedRss = rssOf(server.pid!);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const idle = rssOf(server.pid!);
    const uncached = await scenarios(started.base, true, cpuPerRequest(server.pid!, observer, database.name));
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
    const cached = await scenarios(started.base, false, cpuPerRequest(server.pid!, observer, database.name));

    printBoth(uncached, cached);
    if (idle !== null && startedRss !== null) {
      console.log(
        `\nServer RSS on PostgreSQL: ${mb(startedRss)} MB once started, ${mb(idle)} MB after ${IDLE_MS / 1000} s idle`,
      );
    }
    console.log(`Load average at the end (1, 5, 15 min): ${loadAverage()}`);
    verdicts('uncached (the headline)', uncached, beats);
    searchVerdicts([uncached.search20, uncached.search50], beats);
    verdicts('cached (as deployed)', cached, beats);
    if (idle !== null) {
      console.log(
        `  ${idle < 150 * 1024 * 1024 ? 'met   ' : 'MISSED'}  idle server RSS < 150 MB (${mb(idle)} MB)`,
      );
    }
    const upload = uploads[0]!;
    console.log(
      `  ${upload.growth < 64 * 1024 * 1024 ? 'met   ' : 'MISSED'}  upload memory growth < 64 MB (50 MB WAV)`,
    );
    console.log((await searchRelevance()).line);
  } finally {
    if (server) await stopServer(server);
    await observer.end().catch(() => {});
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
