import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import Stripe from 'stripe';
import { FakeStripe, TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from '../server/test/fake-stripe';
import { licencePriceCents } from '../shared/src/format-money';
import { benchServerEnv, createBenchDatabase, startServer, stopServer } from './bench-server';
import { verifyFulfilment, type Check } from './fulfilment-checks';
import { signIn } from './upload-memory';

/**
 * Fulfilment throughput: the real server in its own process on a fresh PostgreSQL
 * database, BENCH_ORDERS basic licences per run across many beats, producers and buyers, paid at
 * BENCH_CONCURRENCY orders in flight, every payment notification sent BENCH_DUPLICATES times at
 * once (as a double-clicking buyer or a retrying Stripe does):
 *   1. the local test checkout: purchase, then Pay (POST /api/checkout/local/{id}/pay);
 *   2. Stripe (the real SDK against a local fake of its API): purchase opens a Checkout
 *      Session, then signed webhooks: checkout.session.completed N times plus its
 *      payment_intent.succeeded, all at once.
 * Prints orders/s and p50/p95/p99 per request, then checks the database: each order fulfilled
 * once, invoices gapless, money and notifications adding up. Timings never fail the run; a
 * correctness failure exits non-zero.
 */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const DUPLICATES = Number(process.env.BENCH_DUPLICATES ?? 3);
const BUYERS = 50;
const PRODUCERS = 20;
const BEATS = 100;
const PER_BUYER = Math.ceil(ORDERS / BUYERS);
if (2 * PER_BUYER > BEATS) throw new Error(`BENCH_ORDERS at most ${(BEATS / 2) * BUYERS}`);

interface Buyer {
  cookie: string;
}
interface Beat {
  id: string;
  price_cents: number;
}
interface Phase {
  name: string;
  orders: number;
  latencies: number[];
  seconds: number;
  failures: string[];
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs `work` over `items` with at most `concurrency` in flight. */
async function pool<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/** Times `items` through `work`; `work` records each request's latency with `timed`. */
async function phase<T>(
  name: string,
  items: T[],
  work: (item: T, timed: (send: () => Promise<Response>) => Promise<Response>) => Promise<void>,
): Promise<Phase> {
  const result: Phase = { name, orders: items.length, latencies: [], seconds: 0, failures: [] };
  const timed = async (send: () => Promise<Response>) => {
    const started = performance.now();
    const response = await send();
    const text = await response.text();
    result.latencies.push(performance.now() - started);
    if (!response.ok) result.failures.push(`${response.status} ${text.slice(0, 200)}`);
    return new Response(text, { status: response.status });
  };
  const started = performance.now();
  await pool(items, CONCURRENCY, async (item) => {
    try {
      await work(item, timed);
    } catch (error) {
      result.failures.push(error instanceof Error ? error.message : String(error));
    }
  });
  result.seconds = (performance.now() - started) / 1000;
  result.latencies.sort((a, b) => a - b);
  return result;
}

function printPhases(phases: Phase[]) {
  const num = (n: number, digits = 1) => n.toFixed(digits).padStart(8);
  console.log(
    `\n${'phase'.padEnd(58)} orders  requests  orders/s     req/s    p50 ms    p95 ms    p99 ms  failures`,
  );
  for (const p of phases) {
    const l = p.latencies;
    console.log(
      `${p.name.padEnd(56)} ${String(p.orders).padStart(8)}  ${String(l.length).padStart(8)}  ${num(p.orders / p.seconds)}  ` +
        `${num(l.length / p.seconds)}  ${num(percentile(l, 50))}  ${num(percentile(l, 95))}  ${num(percentile(l, 99))}  ` +
        `${String(p.failures.length).padStart(8)}`,
    );
    for (const failure of p.failures.slice(0, 3)) console.log(`    ${failure}`);
  }
}

/** Producers and their priced beats, written straight to the database (not what is measured). */
async function insertCatalogue(db: pg.Client): Promise<Beat[]> {
  await db.query(`
    INSERT INTO users (issuer, sub, email, name)
    SELECT 'urn:beatroom:bench', 'p' || i, 'p' || i || '@bench.local', 'Producer ' || i
    FROM generate_series(1, ${PRODUCERS}) AS i`);
  await db.query(`
    INSERT INTO profiles (user_id, display_name)
    SELECT id, name FROM users WHERE issuer = 'urn:beatroom:bench'`);
  const { rows } = await db.query<Beat>(`
    WITH p AS (SELECT array_agg(id ORDER BY sub) AS ids FROM users WHERE issuer = 'urn:beatroom:bench')
    INSERT INTO beats (user_id, title, genre, price_cents, audio_file_key, producer_name,
      preview_key, preview_status)
    SELECT p.ids[1 + (i % ${PRODUCERS})], 'Bench beat ' || i, 'Trap', 999 + (i % 5) * 1000,
      'audio/' || gen_random_uuid() || '.wav', 'Producer ' || (1 + i % ${PRODUCERS}),
      'previews/' || gen_random_uuid() || '.mp3', 'ready'
    FROM generate_series(1, ${BEATS}) AS i, p
    RETURNING id, price_cents`);
  return rows;
}

/** The run's (buyer, beat) pairs: each buyer a different set of beats per run. */
function pairs(buyers: Buyer[], beats: Beat[], run: number) {
  return Array.from({ length: ORDERS }, (_, n) => {
    const b = n % BUYERS;
    const k = Math.floor(n / BUYERS) + run * PER_BUYER;
    return { buyer: buyers[b]!, beat: beats[(b + k) % BEATS]! };
  });
}

const json = { 'content-type': 'application/json' };

interface Opened {
  /** The order's checkout_url: the local page or the Stripe session, both ending in an id. */
  id: string;
  cookie: string;
}

function purchasePhase(base: string, name: string, orders: ReturnType<typeof pairs>, opened: Opened[]) {
  return phase(name, orders, async ({ buyer, beat }, timed) => {
    const res = await timed(() =>
      fetch(`${base}/api/beats/${beat.id}/purchase`, {
        method: 'POST',
        headers: { ...json, cookie: buyer.cookie },
        body: JSON.stringify({
          license_type: 'basic',
          price_cents: licencePriceCents(beat.price_cents, 'basic'),
        }),
      }),
    );
    if (!res.ok) return;
    const { checkout_url } = (await res.json()) as { checkout_url: string };
    opened.push({ id: checkout_url.split('/').pop()!, cookie: buyer.cookie });
  });
}

async function main() {
  const database = await createBenchDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'beatroom-bench-'));
  const env = {
    ...benchServerEnv(database.url, dataDir),
    // Fixed so the buyers' sessions survive the restart onto Stripe.
    SESSION_SECRET: 'bench-session-secret-'.padEnd(48, 'x'),
  };
  const db = new pg.Client({ connectionString: database.url });
  const fake = await new FakeStripe().start();
  let server = await startServer(env);
  let checks: Check[];
  try {
    await db.connect();
    const beats = await insertCatalogue(db);
    const buyers: Buyer[] = [];
    for (let i = 1; i <= BUYERS; i++)
      buyers.push({ cookie: await signIn(server.base, `buyer${i}@bench.local`) });
    console.log(
      `${ORDERS} basic licences per run, ${BEATS} beats by ${PRODUCERS} producers, ${BUYERS} buyers, ` +
        `${CONCURRENCY} orders in flight, each payment sent ${DUPLICATES}x at once (PostgreSQL)`,
    );
    const phases: Phase[] = [];

    // 1. The local test checkout.
    const local: Opened[] = [];
    phases.push(
      await purchasePhase(server.base, 'local: purchase (order opened)', pairs(buyers, beats, 0), local),
    );
    phases.push(
      await phase(`local: Pay x${DUPLICATES} at once (fulfilment)`, local, async ({ id, cookie }, timed) => {
        const answers = await Promise.all(
          Array.from({ length: DUPLICATES }, () =>
            timed(() =>
              fetch(`${server.base}/api/checkout/local/${id}/pay`, { method: 'POST', headers: { cookie } }),
            ),
          ),
        );
        for (const res of answers) {
          const status = res.ok ? ((await res.json()) as { status: string }).status : null;
          if (res.ok && status !== 'paid') throw new Error(`order ${id} answered ${status}`);
        }
      }),
    );

    // 2. Stripe: the same server code, restarted with keys pointing at the fake.
    await stopServer(server.child);
    server = await startServer({ ...env, ...fake.env() });
    const sessions: Opened[] = [];
    phases.push(
      await purchasePhase(
        server.base,
        'stripe: purchase (Checkout Session opened)',
        pairs(buyers, beats, 1),
        sessions,
      ),
    );
    const signer = new Stripe(TEST_SECRET_KEY);
    const deliveries = sessions.map(({ id }) => {
      const { session, paymentIntent } = fake.pay(id);
      return [
        fake.event('checkout.session.completed', session),
        fake.event('payment_intent.succeeded', paymentIntent),
      ];
    });
    let firstDeliveries = 0;
    phases.push(
      await phase(
        `stripe: webhook completed x${DUPLICATES} + intent (fulfilment)`,
        deliveries,
        async ([completed, succeeded], timed) => {
          const events = [...Array<Stripe.Event>(DUPLICATES).fill(completed!), succeeded!];
          const answers = await Promise.all(
            events.map((event) => {
              const payload = JSON.stringify(event);
              const signature = signer.webhooks.generateTestHeaderString({
                payload,
                secret: TEST_WEBHOOK_SECRET,
              });
              return timed(() =>
                fetch(`${server.base}/api/stripe/webhook`, {
                  method: 'POST',
                  headers: { ...json, 'stripe-signature': signature },
                  body: payload,
                }),
              );
            }),
          );
          for (const res of answers)
            if (res.ok && !((await res.json()) as { duplicate?: true }).duplicate) firstDeliveries++;
        },
      ),
    );

    printPhases(phases);
    console.log(
      `\nWebhook deliveries handled as new: ${firstDeliveries} for ${deliveries.length * 2} distinct events ` +
        `(${deliveries.length * (DUPLICATES + 1) - firstDeliveries} answered as duplicates)`,
    );
    const failures = phases.reduce((sum, p) => sum + p.failures.length, 0);
    checks = [
      { ok: failures === 0, text: `requests refused or failed: ${failures}` },
      {
        ok: firstDeliveries === deliveries.length * 2,
        text: `each Stripe event id handled once: ${firstDeliveries} of ${deliveries.length * 2}`,
      },
      ...(await verifyFulfilment(db, {
        orders: 2 * ORDERS,
        stripeEvents: deliveries.length * 2,
        refundsAtProvider: fake.refunds.size,
      })),
    ];
    console.log('\nCorrectness:');
    for (const check of checks) console.log(`  ${check.ok ? 'ok    ' : 'FAILED'}  ${check.text}`);
  } finally {
    await db.end().catch(() => {});
    await stopServer(server.child);
    await fake.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (checks.some((c) => !c.ok)) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
