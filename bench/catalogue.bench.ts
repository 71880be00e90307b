import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { benchServerEnv, createBenchDatabase, startServer, stopServer } from './bench-server';
import { loadCatalogue } from './catalogue-data';
import { measure, printTable, type Figures } from './http-load';
import { signIn, uploadGrowth, writeBigFlac, writeBigWav } from './upload-memory';

/**
 * Catalogue benchmark (issue 3): 100,000 beats in a fresh PostgreSQL database, the real server
 * in its own process, autocannon at 50 connections. Prints p50/p95/p99 and requests/s for
 * filtered pages and for text search beside the plain /api/health route of the same server,
 * first as deployed (with the short browse cache), then with the cache off (every request
 * goes to PostgreSQL); last, the server's memory growth while it takes a 50 MB WAV upload.
 * The database is dropped at the end.
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

async function scenarios(
  base: string,
  all: boolean,
): Promise<{ plain: Figures; rows: Figures[]; filtered: Figures; search: Figures }> {
  const plain = await measure(base, 'plain route: GET /api/health', ['/api/health'], SECONDS);
  const rows: Figures[] = [plain];
  if (all)
    for (const path of FILTERED) rows.push(await measure(base, path, [path], Math.max(3, SECONDS / 2)));
  const filtered = await measure(
    base,
    `filtered mix (${FILTERED.length} queries in turn)`,
    FILTERED,
    SECONDS,
  );
  const search = await measure(base, `search mix (${SEARCHES.length} terms in turn)`, SEARCHES, SECONDS);
  rows.push(filtered, search);
  return { plain, rows, filtered, search };
}

async function main() {
  const database = await createBenchDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'beatroom-bench-'));
  const env = benchServerEnv(database.url, dataDir);
  let server: ChildProcess | null = null;
  try {
    // The first start applies the migrations; then the catalogue is loaded.
    let started = await startServer(env);
    server = started.child;
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const loadStart = Date.now();
    await loadCatalogue(db, 1000, BEATS);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM beats');
    await db.end();
    const loadSeconds = ((Date.now() - loadStart) / 1000).toFixed(1);
    console.log(`Loaded ${rows[0]!.n.toLocaleString('en-US')} beats by 1,000 producers in ${loadSeconds} s`);
    console.log(`autocannon: 50 connections, ${SECONDS} s per scenario after a 1 s warm-up`);

    const cached = await scenarios(started.base, true);
    printTable(
      'As deployed (GET /api/beats pages cached for 2 s, single flight):',
      cached.rows,
      cached.plain,
    );
    await stopServer(server);

    started = await startServer({ ...env, BEAT_LIST_CACHE_MS: '0' });
    server = started.child;
    const uncached = await scenarios(started.base, false);
    printTable(
      'Cache off (BEAT_LIST_CACHE_MS=0: every request queries PostgreSQL):',
      uncached.rows,
      uncached.plain,
    );

    const cookie = await signIn(started.base, 'bench@example.com');
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
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
    const upload = uploads[0]!;

    const verdict = (met: boolean) => (met ? 'met   ' : 'MISSED');
    console.log('\nTargets (as deployed / cache off):');
    console.log(
      `  ${verdict(cached.filtered.p95 < 20)} / ${verdict(uncached.filtered.p95 < 20)}  filtered p95 < 20 ms`,
    );
    console.log(
      `  ${verdict(cached.filtered.rps >= 1500)} / ${verdict(uncached.filtered.rps >= 1500)}  filtered >= 1,500 req/s`,
    );
    console.log(
      `  ${verdict(cached.search.p95 < 50)} / ${verdict(uncached.search.p95 < 50)}  search p95 < 50 ms`,
    );
    console.log(
      `  ${verdict(upload.growth < 64 * 1024 * 1024)}           upload memory growth < 64 MB (50 MB WAV)`,
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
