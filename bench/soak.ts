import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, type Dirent } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import WebSocket from 'ws';
import { GENRES as CATALOGUE_GENRES } from '../shared/src/catalogue-constants';
import { coverRenditionKey, COVER_RENDITION_WIDTHS } from '../shared/src/file-urls';
import { encodeWav } from '../server/src/modules/catalogue/audio/wav';
import { tone } from '../server/test/media-fixtures';
import { ADMIN_URL, benchServerEnv, createBenchDatabase, startServer, stopServer } from './bench-server';

/**
 * The soak ("Figures"): one real server on a fresh PostgreSQL database under mixed
 * traffic (browsing, search and beat pages; uploads of real WAVs and images that become beats;
 * follows; WebSocket clients) while every BENCH_SOAK_KILL_SECONDS (30) all of its PostgreSQL
 * connections are terminated (pg_terminate_backend). Reports requests served, errors (every 5xx
 * must carry a JSON { error } body and fall within an outage window: the few seconds after a
 * termination), events caused versus delivered, the server's RSS at start and end, and files on
 * disk versus the rows that name them. Figures only, plus a verdict line per expectation; the
 * process exits 1 when an expectation is missed, so `npm run bench -- soak` says so.
 *
 * Run: `npm run bench -- soak` (10 minutes) or `BENCH_SOAK_MINUTES=1 npm run bench -- soak`.
 * Knobs: BENCH_SOAK_MINUTES (10), BENCH_SOAK_KILL_SECONDS (30), BENCH_SOAK_OUTAGE_MS (5000: how
 * long after a termination a 5xx still counts as the outage's), BENCH_SOAK_BROWSERS (4),
 * BENCH_SOAK_PRODUCERS (6), BENCH_SOAK_FANS (30), BENCH_DATABASE_URL (the PostgreSQL server).
 */
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const KILL_EVERY_MS = Number(process.env.BENCH_SOAK_KILL_SECONDS ?? 30) * 1000;
const OUTAGE_MS = Number(process.env.BENCH_SOAK_OUTAGE_MS ?? 5000);
const BROWSERS = Number(process.env.BENCH_SOAK_BROWSERS ?? 4);
const PRODUCERS = Number(process.env.BENCH_SOAK_PRODUCERS ?? 6);
const FANS = Number(process.env.BENCH_SOAK_FANS ?? 30);
/** How long the server gets after the load stops to deliver what is pending and render previews. */
const SETTLE_MS = 90_000;

const SEARCHES = ['soak', 'trap', 'night', 'beat', 'drill', 'lofi', 'zzz-none'];
const GENRES = CATALOGUE_GENRES.slice(0, 5);

interface Account {
  cookie: string;
  id: string;
}

/** What the load saw, request by request. */
const tally = {
  requests: 0,
  byClass: new Map<string, number>(),
  networkErrors: 0,
  fiveXx: 0,
  fiveXxNotJson: 0,
  fiveXxOutsideOutage: 0,
  /** Longest time from a termination to a 5xx it caused (ms). */
  fiveXxLatestAfterKillMs: 0,
  samples5xx: [] as string[],
  /** 4xx answers by route and status: expected ones (a search too short…) or a bug to look at. */
  fourXx: new Map<string, number>(),
  latenciesMs: [] as number[],
  uploads: 0,
  beatsCreated: 0,
  followsAnswered: 0,
  wsOpened: 0,
  wsNewFollower: 0,
};
const terminations: number[] = [];

/** The time since the last termination at `at`, or Infinity before the first. */
function sinceTermination(at: number): number {
  for (let i = terminations.length - 1; i >= 0; i--) if (terminations[i]! <= at) return at - terminations[i]!;
  return Infinity;
}

/** One request of the load: counted, and a 5xx judged (JSON body? within an outage?). */
async function call(base: string, path: string, init: RequestInit = {}): Promise<Response | null> {
  tally.requests++;
  let res: Response;
  const sent = Date.now();
  try {
    res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(60_000) });
  } catch {
    tally.networkErrors++;
    return null;
  }
  tally.latenciesMs.push(Date.now() - sent);
  if (res.status >= 400 && res.status < 500) {
    const route = `${init.method ?? 'GET'} ${path.replace(/[0-9a-f-]{36}/g, ':id').replace(/\?.*/, '')} ${res.status}`;
    tally.fourXx.set(route, (tally.fourXx.get(route) ?? 0) + 1);
  }
  const status = `${Math.floor(res.status / 100)}xx`;
  tally.byClass.set(status, (tally.byClass.get(status) ?? 0) + 1);
  if (res.status >= 500) {
    const at = Date.now();
    tally.fiveXx++;
    const text = await res.text();
    let json: boolean;
    try {
      json = typeof (JSON.parse(text) as { error?: unknown }).error === 'string';
    } catch {
      json = false;
    }
    if (!json) tally.fiveXxNotJson++;
    const since = sinceTermination(at);
    if (since > OUTAGE_MS) tally.fiveXxOutsideOutage++;
    else tally.fiveXxLatestAfterKillMs = Math.max(tally.fiveXxLatestAfterKillMs, since);
    if (tally.samples5xx.length < 5) {
      tally.samples5xx.push(
        `${init.method ?? 'GET'} ${path.slice(0, 60)} -> ${res.status} ${text.slice(0, 100)} (${since === Infinity ? 'before any termination' : `${since} ms after a termination`})`,
      );
    }
    return new Response(text, { status: res.status });
  }
  return res;
}

async function signIn(base: string, email: string): Promise<Account> {
  const start = await fetch(`${base}/api/oauth/google/redirect_url`);
  const stateCookie = start.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { redirectUrl } = (await start.json()) as { redirectUrl: string };
  const issuer = await fetch(`${redirectUrl}&login_hint=${encodeURIComponent(email)}`, {
    redirect: 'manual',
  });
  const back = new URL(issuer.headers.get('location')!);
  const session = await fetch(`${base}/api/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: stateCookie },
    body: JSON.stringify({ code: back.searchParams.get('code'), state: back.searchParams.get('state') }),
  });
  if (!session.ok) throw new Error(`sign-in failed: ${session.status} ${await session.text()}`);
  const cookie = session.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, id: ((await session.json()) as { id: string }).id };
}

/** A real WAV master: a few seconds of tone at 22.05 kHz (~130 KB to ~350 KB). */
function master(n: number): Blob {
  const seconds = 3 + (n % 5);
  const wav = encodeWav([tone(seconds, 22_050, 220 + 20 * (n % 12), 0.6)], 22_050);
  return new Blob([new Uint8Array(wav)], { type: 'audio/wav' });
}

async function cover(n: number): Promise<Blob> {
  const png = await sharp({
    create: { width: 900, height: 900, channels: 3, background: { r: (n * 37) % 255, g: 80, b: 140 } },
  })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(png)], { type: 'image/png' });
}

async function upload(
  base: string,
  who: Account,
  field: 'audio' | 'image',
  body: Blob,
): Promise<string | null> {
  const form = new FormData();
  form.append(field, body, field === 'audio' ? 'master.wav' : 'cover.png');
  const res = await call(base, `/api/upload/${field}`, {
    method: 'POST',
    headers: { cookie: who.cookie },
    body: form,
  });
  if (!res?.ok) return null;
  tally.uploads++;
  return ((await res.json()) as { key: string }).key;
}

/** A producer: uploads a master (and every other time a cover) and makes a beat of it. */
async function produce(base: string, who: Account, n: number): Promise<string | null> {
  const audio = await upload(base, who, 'audio', master(n));
  if (!audio) return null;
  const image = n % 2 === 0 ? await upload(base, who, 'image', await cover(n)) : null;
  const res = await call(base, '/api/beats', {
    method: 'POST',
    headers: { cookie: who.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: `Soak ${n} night drive`,
      genre: GENRES[n % GENRES.length],
      bpm: 80 + (n % 80),
      price_cents: 1999,
      audio_file_key: audio,
      ...(image ? { cover_image_key: image } : {}),
    }),
  });
  if (!res?.ok) return null;
  tally.beatsCreated++;
  return ((await res.json()) as { id: string }).id;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A browser: catalogue pages, searches and beat pages, one after the other. */
async function browse(base: string, until: number, seed: number) {
  let ids: string[] = [];
  for (let i = seed; Date.now() < until; i++) {
    const pick = i % 6;
    if (pick <= 1 || !ids.length) {
      const genre = i % 3 === 0 ? `&genre=${encodeURIComponent(GENRES[i % GENRES.length]!)}` : '';
      const res = await call(base, `/api/beats?sort=${i % 2 ? 'newest' : 'popular'}${genre}`);
      if (res?.ok) ids = ((await res.json()) as { id: string }[]).map((b) => b.id);
    } else if (pick === 2) {
      await call(base, `/api/beats?search=${encodeURIComponent(SEARCHES[i % SEARCHES.length]!)}`);
    } else {
      const id = ids[i % ids.length]!;
      await call(base, `/api/beats/${id}`);
    }
  }
}

/** A WebSocket client that stays connected (reconnecting if dropped) and counts new followers. */
function socketClient(port: number, who: Account, until: number) {
  let ws: WebSocket | null = null;
  const open = () => {
    if (Date.now() >= until) return;
    ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, { headers: { cookie: who.cookie } });
    ws.on('open', () => tally.wsOpened++);
    ws.on('message', (raw) => {
      const text = raw.toString();
      if (text.includes('"new_notification"') && text.includes('"new_follower"')) tally.wsNewFollower++;
    });
    ws.on('error', () => {});
    ws.on('close', () => void sleep(1000).then(open));
  };
  open();
  return () => {
    until = 0;
    ws?.terminate();
  };
}

function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) * 1024;
}

/** Every file under the local storage folder but its partials (.tmp). */
function filesOnDisk(dataDir: string): string[] {
  const root = join(dataDir, 'files');
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .filter((key) => !key.startsWith('.tmp/'));
}

async function namedKeys(db: pg.Client): Promise<Set<string>> {
  const { rows } = await db.query<{ key: string }>(`
    SELECT key FROM uploads
    UNION SELECT audio_file_key FROM beats
    UNION SELECT cover_image_key FROM beats WHERE cover_image_key IS NOT NULL
    UNION SELECT preview_key FROM beats WHERE preview_key IS NOT NULL
    UNION SELECT storage_key FROM beat_renditions
    UNION SELECT profile_image_key FROM profiles WHERE profile_image_key IS NOT NULL
    UNION SELECT cover_image_key FROM profiles WHERE cover_image_key IS NOT NULL
    UNION SELECT voice_tag_key FROM profiles WHERE voice_tag_key IS NOT NULL`);
  const keys = new Set<string>();
  for (const { key } of rows) {
    keys.add(key);
    for (const width of COVER_RENDITION_WIDTHS) {
      const rendition = coverRenditionKey(key, width);
      if (rendition) keys.add(rendition);
    }
  }
  return keys;
}

interface Events {
  follows: number;
  notified: number;
  outbox: { caused: number; delivered: number; pending: number } | null;
  previewsPending: number;
}

async function events(db: pg.Client): Promise<Events> {
  // One query at a time: a pg client runs them in turn anyway.
  const follows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM follows');
  const notified = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM notifications WHERE type = 'new_follower'`,
  );
  const outboxTable = await db.query<{ t: string | null }>(`SELECT to_regclass('outbox')::text AS t`);
  const previews = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM beats WHERE preview_status = 'pending'`,
  );
  let outbox: Events['outbox'] = null;
  if (outboxTable.rows[0]?.t) {
    const { rows } = await db.query<{ caused: number; delivered: number; pending: number }>(
      `SELECT count(*)::int AS caused, count(delivered_at)::int AS delivered,
              count(*) FILTER (WHERE delivered_at IS NULL)::int AS pending FROM outbox`,
    );
    outbox = rows[0]!;
  }
  return {
    follows: follows.rows[0]!.n,
    notified: notified.rows[0]!.n,
    outbox,
    previewsPending: previews.rows[0]!.n,
  };
}

async function main() {
  const database = await createBenchDatabase();
  const dbName = new URL(database.url).pathname.slice(1);
  const dataDir = mkdtempSync(join(tmpdir(), 'beatroom-soak-'));
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  let server: ChildProcess | null = null;
  let db: pg.Client | null = null;
  let failed: boolean;
  try {
    const started = await startServer({
      ...benchServerEnv(database.url, dataDir),
      UPLOAD_BYTES_PER_DAY: String(50 * 1024 ** 3),
      STORAGE_QUOTA_BYTES: String(50 * 1024 ** 3),
    });
    server = started.child;
    const { base } = started;
    const port = Number(new URL(base).port);
    db = new pg.Client({ connectionString: database.url });
    // The checker's own connection is terminated with the server's; it reconnects afterwards.
    db.on('error', () => {});
    await db.connect();

    const producers: Account[] = [];
    for (let i = 0; i < PRODUCERS; i++) producers.push(await signIn(base, `producer${i}@soak.example`));
    const fans: Account[] = [];
    for (let i = 0; i < FANS; i++) fans.push(await signIn(base, `fan${i}@soak.example`));
    // A catalogue to browse from the first second.
    for (const [i, producer] of producers.entries()) await produce(base, producer, i);
    // The figures are the load's: what the set-up did is not counted.
    Object.assign(tally, { requests: 0, networkErrors: 0, uploads: 0, beatsCreated: 0 });
    tally.byClass.clear();
    tally.fourXx.clear();
    tally.latenciesMs.length = 0;

    await sleep(1000);
    const rssStart = rssOf(server.pid!);
    const startedAt = Date.now();
    const until = startedAt + MINUTES * 60_000;
    console.log(
      `Soak: ${MINUTES} min, ${BROWSERS} browsers, ${PRODUCERS} producers, ${FANS} fans, ` +
        `${PRODUCERS + FANS} sockets; PostgreSQL connections terminated every ${KILL_EVERY_MS / 1000} s`,
    );

    // Every fan follows every producer once, spread over the run.
    const pairs = fans.flatMap((fan) => producers.map((producer) => ({ fan, producer })));
    const followGap = (MINUTES * 60_000 * 0.9) / pairs.length;
    const closers = [...producers, ...fans].map((who) => socketClient(port, who, until));
    let peakRss = rssStart;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(server!.pid!))), 2000);
    const killer = setInterval(() => {
      terminations.push(Date.now());
      admin
        .query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [dbName],
        )
        .then((r) =>
          console.log(
            `  ${((Date.now() - startedAt) / 1000).toFixed(0)} s: ${r.rowCount} connections terminated`,
          ),
        )
        .catch((error: unknown) => console.error('termination failed', error));
    }, KILL_EVERY_MS);
    await Promise.all([
      ...Array.from({ length: BROWSERS }, (_, i) => browse(base, until, i * 7)),
      ...producers.map(async (producer, i) => {
        for (let n = PRODUCERS + i; Date.now() < until; n += PRODUCERS) {
          await produce(base, producer, n);
          await sleep(3000);
        }
      }),
      (async () => {
        for (const { fan, producer } of pairs) {
          if (Date.now() >= until) break;
          const res = await call(base, `/api/users/${producer.id}/follow`, {
            method: 'POST',
            headers: { cookie: fan.cookie },
          });
          if (res?.ok) tally.followsAnswered++;
          await sleep(followGap);
        }
      })(),
    ]);
    clearInterval(killer);
    const loadMs = Date.now() - startedAt;

    // Let what is pending arrive: notifications (the outbox's retries run on a timer) and previews.
    await db.end().catch(() => {});
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const settleStart = Date.now();
    let after = await events(db);
    while (
      Date.now() - settleStart < SETTLE_MS &&
      (after.notified < after.follows || (after.outbox?.pending ?? 0) > 0 || after.previewsPending > 0)
    ) {
      await sleep(1000);
      after = await events(db);
    }
    await sleep(2000); // the last sockets' messages
    for (const close of closers) close();
    clearInterval(sampler);
    const rssEnd = rssOf(server.pid!);

    const onDisk = filesOnDisk(dataDir);
    const named = await namedKeys(db);
    const withoutRow = onDisk.filter((key) => !named.has(key));
    const disk = new Set(onDisk);
    const withoutFile = [...named].filter((key) => !disk.has(key));

    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
    const served = tally.requests;
    const sorted = tally.latenciesMs.slice().sort((a, b) => a - b);
    const pct = (p: number) =>
      sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
    const rows: [string, string][] = [
      [
        'duration of the load',
        `${(loadMs / 1000).toFixed(0)} s (+ ${((Date.now() - settleStart) / 1000).toFixed(0)} s to settle)`,
      ],
      ['PostgreSQL terminations', `${terminations.length} (every ${KILL_EVERY_MS / 1000} s)`],
      ['requests made', `${served} (${(served / (loadMs / 1000)).toFixed(1)} req/s)`],
      [
        '  by status class',
        [...tally.byClass]
          .sort()
          .map(([k, v]) => `${k} ${v}`)
          .join(', '),
      ],
      ['  latency p50 / p95 / p99', `${pct(50)} / ${pct(95)} / ${pct(99)} ms`],
      ['  network errors (no answer)', String(tally.networkErrors)],
      ['5xx answers', String(tally.fiveXx)],
      ['  5xx without a JSON { error } body', String(tally.fiveXxNotJson)],
      [`  5xx outside an outage (> ${OUTAGE_MS} ms after a termination)`, String(tally.fiveXxOutsideOutage)],
      ['  latest 5xx after a termination', `${tally.fiveXxLatestAfterKillMs} ms`],
      ['uploads stored / beats created (during the load)', `${tally.uploads} / ${tally.beatsCreated}`],
      ['previews still pending at the end', String(after.previewsPending)],
      ['follows answered 200 / follow rows', `${tally.followsAnswered} / ${after.follows}`],
      ['new-follower notifications (rows)', `${after.notified} of ${after.follows} caused`],
      [
        'new-follower notifications over WebSocket',
        `${tally.wsNewFollower} (sockets opened ${tally.wsOpened})`,
      ],
      [
        'outbox events caused / delivered / pending',
        after.outbox
          ? `${after.outbox.caused} / ${after.outbox.delivered} / ${after.outbox.pending}`
          : 'no outbox table',
      ],
      ['server RSS at start / end / peak', `${mb(rssStart)} / ${mb(rssEnd)} / ${mb(peakRss)}`],
      ['files on disk / keys rows name', `${onDisk.length} / ${named.size}`],
      ['files without a row / rows without a file', `${withoutRow.length} / ${withoutFile.length}`],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    console.log('');
    for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
    if (tally.fourXx.size) {
      const top = [...tally.fourXx].sort((a, b) => b[1] - a[1]).slice(0, 8);
      console.log(`\n4xx answers by route: ${top.map(([route, n]) => `${route} x${n}`).join('; ')}`);
    }
    if (tally.samples5xx.length) console.log(`\nFirst 5xx answers:\n  ${tally.samples5xx.join('\n  ')}`);
    if (withoutRow.length) console.log(`Files without a row: ${withoutRow.slice(0, 5).join(', ')}`);
    if (withoutFile.length) console.log(`Rows without a file: ${withoutFile.slice(0, 5).join(', ')}`);

    const verdicts: [boolean, string][] = [
      [tally.fiveXxNotJson === 0, 'every 5xx is JSON'],
      [tally.fiveXxOutsideOutage === 0, '5xx only during outages'],
      [after.notified === after.follows, 'new-follower notifications equal follows'],
      [!after.outbox || after.outbox.pending === 0, 'no outbox event left undelivered'],
      [withoutRow.length === 0 && withoutFile.length === 0, 'files on disk equal the keys rows name'],
      [rssEnd < rssStart + 64 * 1024 * 1024, 'RSS at the end within 64 MB of the start'],
    ];
    console.log('');
    for (const [met, what] of verdicts) console.log(`  ${met ? 'met   ' : 'MISSED'}  ${what}`);
    failed = verdicts.some(([met]) => !met);
  } finally {
    await db?.end().catch(() => {});
    if (server) await stopServer(server);
    await admin.end();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
