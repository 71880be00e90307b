import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { benchServerEnv, createBenchDatabase, startServer, stopServer } from './bench-server';
import { cpuPerRequest } from './process-cpu';
import { signIn } from './upload-memory';

/**
 * Cart checkout: the real server in its own process on a fresh PostgreSQL database; BENCH_CARTS
 * buyers each with a cart of 10 beats by several producers (filled and shown through the API,
 * not measured), then every cart checked out (POST /api/cart/checkout: each line priced again,
 * the beats locked, one order with 10 lines, the local checkout opened) with BENCH_CONCURRENCY
 * in flight. Prints the server's (and PostgreSQL's) CPU time per checkout, p50/p95 latency, and
 * the load average beside them: on a shared machine the CPU figure is the one to compare.
 */
const CARTS = Number(process.env.BENCH_CARTS ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const LINES = 10;
const PRODUCERS = 10;
const BEATS = 200;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function insertCatalogue(db: pg.Client): Promise<string[]> {
  await db.query(`
    INSERT INTO users (issuer, sub, email, name)
    SELECT 'urn:beatroom:bench', 'p' || i, 'p' || i || '@bench.local', 'Producer ' || i
    FROM generate_series(1, ${PRODUCERS}) AS i`);
  await db.query(
    `INSERT INTO profiles (user_id, display_name) SELECT id, name FROM users WHERE issuer = 'urn:beatroom:bench'`,
  );
  const { rows } = await db.query<{ id: string }>(`
    WITH p AS (SELECT array_agg(id ORDER BY sub) AS ids FROM users WHERE issuer = 'urn:beatroom:bench')
    INSERT INTO beats (user_id, title, genre, price_cents, audio_file_key, producer_name, preview_key, preview_status)
    SELECT p.ids[1 + (i % ${PRODUCERS})], 'Cart beat ' || i, 'Trap', 999 + (i % 5) * 1000,
      'audio/' || gen_random_uuid() || '.wav', 'Producer ' || (1 + i % ${PRODUCERS}),
      'previews/' || gen_random_uuid() || '.mp3', 'ready'
    FROM generate_series(1, ${BEATS}) AS i, p
    RETURNING id`);
  return rows.map((r) => r.id);
}

async function main() {
  const database = await createBenchDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'beatroom-bench-'));
  const db = new pg.Client({ connectionString: database.url });
  const server = await startServer(benchServerEnv(database.url, dataDir));
  try {
    await db.connect();
    const beats = await insertCatalogue(db);
    const json = { 'content-type': 'application/json' };
    const cookies: string[] = [];
    for (let b = 0; b < CARTS; b++) {
      const cookie = await signIn(server.base, `cart-buyer${b}@bench.local`);
      for (let l = 0; l < LINES; l++) {
        const res = await fetch(`${server.base}/api/cart`, {
          method: 'POST',
          headers: { ...json, cookie },
          body: JSON.stringify({ beat_id: beats[(b * 7 + l * 13) % BEATS], license_type: 'basic' }),
        });
        if (!res.ok) throw new Error(`add to cart: ${res.status} ${await res.text()}`);
      }
      await fetch(`${server.base}/api/cart`, { headers: { cookie } });
      cookies.push(cookie);
    }
    console.log(
      `${CARTS} carts of ${LINES} basic licences (${BEATS} beats by ${PRODUCERS} producers), ` +
        `${CONCURRENCY} checkouts in flight (PostgreSQL, local checkout)`,
    );
    const meter = await cpuPerRequest(server.child.pid!, db, new URL(database.url).pathname.slice(1)).start();
    const latencies: number[] = [];
    const failures: string[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < cookies.length) {
          const cookie = cookies[next++]!;
          const t0 = performance.now();
          const res = await fetch(`${server.base}/api/cart/checkout`, {
            method: 'POST',
            headers: { ...json, cookie },
            body: JSON.stringify({ payment_method: 'new_card', save_payment_method: false }),
          });
          const text = await res.text();
          latencies.push(performance.now() - t0);
          if (!res.ok) failures.push(`${res.status} ${text.slice(0, 200)}`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = await meter(cookies.length);
    latencies.sort((a, b) => a - b);
    const ms = (n: number | null) => (n === null ? 'n/a' : (n / 1000).toFixed(1));
    console.log(
      `checkout of a ${LINES}-line cart: ${(cookies.length / seconds).toFixed(1)} checkouts/s, ` +
        `p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, ` +
        `server CPU ${ms(cpu.serverUs)} ms/checkout, PostgreSQL CPU ${ms(cpu.dbUs)} ms/checkout, ` +
        `failures ${failures.length}`,
    );
    for (const failure of failures.slice(0, 3)) console.log(`    ${failure}`);
    console.log(
      `load average (1/5/15 min): ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    const { rows } = await db.query<{ n: number }>(
      'SELECT COUNT(*)::int AS n FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.status = $1',
      ['pending'],
    );
    console.log(
      `order lines written: ${rows[0]!.n} (expected ${(cookies.length - failures.length) * LINES})`,
    );
    if (failures.length) process.exitCode = 1;
  } finally {
    await db.end().catch(() => {});
    await stopServer(server.child);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
