// Web performance benchmark: Lighthouse 12's mobile performance score (its default: a mid-range
// phone, slow 4G and 4× CPU slowdown, simulated) of home, a beat page and a profile page, three
// runs each (median), with each page's Total Blocking Time and Largest Contentful Paint; and the
// first-load JavaScript of `/` as served gzipped: the entry script and every modulepreload the
// HTML names. Not a test: it asserts nothing.
//
// The real server (server/dist, as `npm start` runs it) serves the built web app (web/dist: run
// `npm run build` first) on a fresh PostgreSQL database with the demo catalogue. Chromium from
// the system (CHROMIUM_PATH, default /usr/bin/chromium), started afresh by Lighthouse for each run.
// Knobs: BENCH_LIGHTHOUSE_RUNS (3), BENCH_LIGHTHOUSE_PORT (4622), BENCH_DATABASE_URL,
// BENCH_LIGHTHOUSE_REPORTS (a folder to keep every run's JSON report in, to see what blocks).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Result as Lhr } from 'lighthouse';
import { benchServerEnv, createBenchDatabase, startServer, stopServer } from './bench-server';
import { DEMO_BEATS } from '../server/src/modules/platform/seed/demo-catalogue';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGETS = { score: 90, firstLoadKb: 140 };
/** The DevTools port of the Chromium each Lighthouse run starts. */
const LIGHTHOUSE_PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 4622);
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
let reportCount = 0;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lighthouseCli = join(
  dirname(createRequire(import.meta.url).resolve('lighthouse/package.json')),
  'cli',
  'index.js',
);

interface Served {
  path: string;
  gzipBytes: number;
}

/** GETs `path` asking for gzip only; answers the body as sent (compressed) and as text. */
function getGzip(base: string, path: string): Promise<{ bytes: number; encoding: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ bytes: body.length, encoding: String(res.headers['content-encoding'] ?? ''), body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The entry script and the modulepreloads of `/`'s HTML, each as served gzipped. */
async function firstLoadJs(base: string): Promise<Served[]> {
  const res = await fetch(`${base}/`);
  const html = await res.text();
  const paths = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) paths.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    paths.add(match[1]!);
  const served: Served[] = [];
  for (const path of paths) {
    const got = await getGzip(base, path);
    if (got.encoding !== 'gzip')
      console.warn(`  ${path} was served without gzip (${got.encoding || 'identity'})`);
    served.push({ path, gzipBytes: got.bytes });
  }
  return served;
}

interface Run {
  score: number;
  tbtMs: number;
  lcpMs: number;
  fcpMs: number;
  benchmarkIndex: number;
}

/**
 * One Lighthouse run, through its command line (which starts a fresh headless Chromium for it with
 * chrome-launcher, on LIGHTHOUSE_PORT) and reads the JSON report it prints.
 */
function lighthouseRun(url: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const run = spawn(
      process.execPath,
      [
        lighthouseCli,
        url,
        '--only-categories=performance',
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        `--port=${LIGHTHOUSE_PORT}`,
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    run.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    run.on('exit', (code) => {
      try {
        const lhr = JSON.parse(out) as Lhr;
        if (REPORTS) {
          mkdirSync(REPORTS, { recursive: true });
          const page = new URL(url).pathname.split('/')[1] || 'home';
          writeFileSync(join(REPORTS, `${String(++reportCount).padStart(2, '0')}-${page}.json`), out);
        }
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        resolve({
          score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
          tbtMs: audit('total-blocking-time'),
          lcpMs: audit('largest-contentful-paint'),
          fcpMs: audit('first-contentful-paint'),
          benchmarkIndex: lhr.environment.benchmarkIndex,
        });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(`Lighthouse exited with ${code}`));
      }
    });
  });
}

/**
 * Lighthouse now and then fails to record the trace of a load (NO_NAVSTART), more often on a
 * loaded machine: such a run is made again, up to three times.
 */
async function measuredRun(url: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`  ${error instanceof Error ? error.message : String(error)}; running it again`);
    }
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * Waits until the demo seed has finished: every demo beat listed with its preview rendered.
 * Lighthouse measured beside a seed still rendering audio and covers in the background found a
 * busier machine (blocking time up to 3 s, scores in the 60s and 70s); answers one beat and its
 * producer.
 */
async function demoPages(base: string): Promise<{ beat: string; profile: string }> {
  const started = Date.now();
  for (let i = 0; i < 1200; i++) {
    const res = await fetch(`${base}/api/beats?limit=48`);
    if (res.ok) {
      const beats = (await res.json()) as { id: string; user_id: string; preview_status: string }[];
      if (beats.length >= DEMO_BEATS.length && beats.every((beat) => beat.preview_status === 'ready')) {
        console.log(
          `Demo catalogue seeded, previews rendered, in ${Math.round((Date.now() - started) / 1000)} s`,
        );
        return { beat: `/beat/${beats[0]!.id}`, profile: `/profile/${beats[0]!.user_id}` };
      }
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the demo catalogue did not appear');
}

if (!existsSync(join(root, 'web', 'dist', 'index.html'))) {
  console.error('web/dist is missing: run `npm run build` first');
  process.exit(1);
}

const database = await createBenchDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'beatroom-web-bench-'));
let server: ChildProcess | null = null;
try {
  const started = await startServer(
    {
      ...benchServerEnv(database.url, dataDir),
      SERVE_WEB: '1',
      SEED_DEMO: '1',
    },
    { asBuilt: true },
  );
  server = started.child;
  const { base } = started;
  const pages = await demoPages(base);

  const js = await firstLoadJs(base);
  const total = js.reduce((sum, file) => sum + file.gzipBytes, 0);
  console.log(
    `\nFirst-load JavaScript of / as served gzipped: ${kb(total)} KB in ${js.length} files (target ≤ ${TARGETS.firstLoadKb} KB: ${total / 1024 <= TARGETS.firstLoadKb ? 'ok' : 'MISSED'})`,
  );
  for (const file of [...js].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.log(`  ${file.path.padEnd(48)} ${kb(file.gzipBytes).padStart(7)} KB`);
  }

  console.log(
    `\nLighthouse ${RUNS} runs per page, mobile (simulated slow 4G, 4× CPU slowdown); median of each figure`,
  );
  console.log(`${'page'.padEnd(44)} score  (runs)          TBT ms   LCP ms   FCP ms  CPU index`);
  for (const [name, path] of [
    ['home', '/'],
    ['beat', pages.beat],
    ['profile', pages.profile],
  ] as const) {
    const runs: Run[] = [];
    // One unmeasured load first, so the server's caches are warm.
    await measuredRun(`${base}${path}`);
    for (let i = 0; i < RUNS; i++) runs.push(await measuredRun(`${base}${path}`));
    const score = median(runs.map((r) => r.score));
    console.log(
      `${`${name} ${path}`.padEnd(44)} ${String(score).padStart(5)}  (${runs.map((r) => r.score).join(', ')})`.padEnd(
        66,
      ) +
        `${median(runs.map((r) => r.tbtMs))
          .toFixed(0)
          .padStart(6)}  ${median(runs.map((r) => r.lcpMs))
          .toFixed(0)
          .padStart(7)}  ${median(runs.map((r) => r.fcpMs))
          .toFixed(0)
          .padStart(7)}  ${median(runs.map((r) => r.benchmarkIndex))
          .toFixed(0)
          .padStart(9)}` +
        `  target ≥ ${TARGETS.score}: ${score >= TARGETS.score ? 'ok' : 'MISSED'}`,
    );
  }
  console.log(
    "  (CPU index: Lighthouse's measure of this machine's speed at the time; a loaded machine scores lower and blocks longer)",
  );
} finally {
  if (server) await stopServer(server);
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
