// Realtime fan-out benchmark: 10,000 sockets, one event to all. Prints delivery p50/p95/max
// without and with HTTP load beside it, the server's CPU per fan-out (steady on a shared machine,
// where latencies swing with the neighbours' load), its longest event-loop stall, its memory with
// the sockets idle, and the HTTP p99 of a simple route with and without fan-outs running. Not a
// test: it asserts nothing.
//
// Three processes besides this one: the server (the real app, compiled and started as `npm
// start` runs it; one process cannot also hold
// 10,000 client sockets under a 20,000 file limit), the clients, and autocannon (so the load
// generator does not share the server's event loop). Run: npx tsx bench/realtime.bench.ts
// Knobs: BENCH_SOCKETS (10000), BENCH_USERS (100), BENCH_DATABASE_URL or TEST_DATABASE_URL (a
// PostgreSQL server to make a throwaway database on; default in-memory PGlite).
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  percentile,
  type FromClients,
  type FromServer,
  type ToClients,
  type ToServer,
} from './realtime/protocol';
import { cpuMicros } from './process-cpu';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const HTTP_SECONDS = 5;
/** Fan-outs measured without HTTP load, one after the other, and with it. */
const QUIET_FANOUTS = 8;
const LOADED_FANOUTS = 8;
const TARGETS = { p95Ms: 150, maxMs: 500, p99RiseMs: 50, memoryMb: 250 };
/** How long the server's memory is watched with the sockets open and idle. */
const IDLE_WATCH_MS = 30_000;

const here = dirname(fileURLToPath(import.meta.url));
const autocannonBin = join(
  dirname(createRequire(import.meta.url).resolve('autocannon/package.json')),
  'autocannon.js',
);

function child(file: string): ChildProcess {
  return fork(join(here, 'realtime', file), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/**
 * The server process compiled as `npm start` runs the server (server/tools/build.mjs: one
 * bundle, Prisma's runtime patched, plain node): its memory is then the production server's,
 * without tsx and its TypeScript compiler in it.
 */
function compiledServer(): ChildProcess {
  // Directly under server/, as server/dist is: the app finds its migrations from where it runs.
  const outfile = join(here, '..', 'server', '.bench-realtime', 'server.js');
  const built = spawnSync(
    process.execPath,
    [
      join(here, '..', 'server', 'tools', 'build.mjs'),
      `--entry=${join(here, 'realtime', 'server.ts')}`,
      `--outfile=${outfile}`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (built.status !== 0) throw new Error('could not build the benchmark server');
  // The start-up memory module first, as `npm start` loads it (server/tools/start.mjs).
  const first = pathToFileURL(join(dirname(outfile), 'startup-memory.js')).href;
  return fork(outfile, [], {
    execArgv: ['--expose-gc', '--import', first],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** Sends a command and resolves with the first reply that matches. */
function ask<T>(
  proc: ChildProcess,
  message: ToServer | ToClients | null,
  match: (m: T) => boolean,
): Promise<T> {
  return new Promise((resolve) => {
    const listener = (reply: T) => {
      if (!match(reply)) return;
      proc.off('message', listener);
      resolve(reply);
    };
    proc.on('message', listener);
    if (message) proc.send(message);
  });
}

/**
 * autocannon against GET /api/health; answers its p99 latency in ms, the requests served and the
 * server's CPU (µs) over the run.
 */
function httpP99(port: number): Promise<{ p99: number; requests: number; serverCpuUs: number }> {
  const cpuBefore = cpuMicros(server.pid!) ?? NaN;
  return new Promise((resolve, reject) => {
    const run = spawn(
      process.execPath,
      [autocannonBin, '-c', '10', '-d', String(HTTP_SECONDS), '-j', `http://127.0.0.1:${port}/api/health`],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let out = '';
    run.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    run.on('exit', () => {
      try {
        const result = JSON.parse(out) as { latency: { p99: number }; requests: { total: number } };
        const serverCpuUs = (cpuMicros(server.pid!) ?? NaN) - cpuBefore;
        resolve({ p99: result.latency.p99, requests: result.requests.total, serverCpuUs });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => bytes / 1024 / 1024;
const fmt = (n: number) => n.toFixed(1);
const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');

const server = compiledServer();
const clients = child('clients.ts');
const isStats = (m: FromServer) => m.type === 'stats';
const stats = () => ask<Extract<FromServer, { type: 'stats' }>>(server, { cmd: 'stats' }, isStats);

let fanoutId = 0;
/** One event to every socket; resolves once all have it (or 10 s), with the server's CPU (µs). */
async function fanout() {
  const id = ++fanoutId;
  const cpuBefore = cpuMicros(server.pid!) ?? NaN;
  const clientCpuBefore = cpuMicros(clients.pid!) ?? NaN;
  const delivered = ask<Extract<FromClients, { type: 'delivered' }>>(
    clients,
    { cmd: 'expect', id },
    (m) => m.type === 'delivered' && m.id === id,
  );
  server.send({ cmd: 'fanout', id } satisfies ToServer);
  const result = await delivered;
  return {
    ...result,
    serverCpuUs: (cpuMicros(server.pid!) ?? NaN) - cpuBefore,
    clientCpuUs: (cpuMicros(clients.pid!) ?? NaN) - clientCpuBefore,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  const ready = await ask<Extract<FromServer, { type: 'ready' }>>(server, null, (m) => m.type === 'ready');
  const empty = await stats();
  const opened = await ask<Extract<FromClients, { type: 'opened' }>>(
    clients,
    { cmd: 'open', port: ready.port, tokens: ready.tokens, count: SOCKETS },
    (m) => m.type === 'opened',
  );
  await sleep(2000);
  const connected = await stats();
  // Then idle: V8 hands back what the connection storm grew (its young generation) after some
  // idle seconds, as after start-up (startup.bench.ts); the target reads the lowest of these.
  let idle = connected;
  for (let waited = 0; waited < IDLE_WATCH_MS; waited += 5000) {
    await sleep(5000);
    const now = await stats();
    if (now.rssBytes < idle.rssBytes) idle = now;
  }

  const baseline = await httpP99(ready.port);

  // Without load: one fan-out after the other, a pause between them (the clients' turn).
  server.send({ cmd: 'reset-loop' } satisfies ToServer);
  const quietDeliveries: number[] = [];
  const quietCpuUs: number[] = [];
  const clientCpuUs: number[] = [];
  let quietMissing = 0;
  for (let i = 0; i < QUIET_FANOUTS; i++) {
    const result = await fanout();
    quietDeliveries.push(...result.latenciesMs);
    quietCpuUs.push(result.serverCpuUs);
    clientCpuUs.push(result.clientCpuUs);
    quietMissing += result.missing;
    await sleep(300);
  }
  const quietLoop = await stats();

  server.send({ cmd: 'reset-loop' } satisfies ToServer);
  const loaded = httpP99(ready.port);
  const loadedDeliveries: number[] = [];
  let loadedMissing = 0;
  await sleep(500);
  for (let i = 0; i < LOADED_FANOUTS; i++) {
    const result = await fanout();
    loadedDeliveries.push(...result.latenciesMs);
    loadedMissing += result.missing;
    await sleep(Math.max(0, (HTTP_SECONDS * 1000 - 1000) / LOADED_FANOUTS - 100));
  }
  const during = await loaded;
  const loadedLoop = await stats();

  const quiet = quietDeliveries.sort((a, b) => a - b);
  const all = loadedDeliveries.sort((a, b) => a - b);
  // The fan-outs' share of the server's CPU under load: what it spent beyond the requests it
  // served, each costing what one did without fan-outs.
  const perRequestUs = baseline.serverCpuUs / Math.max(1, baseline.requests);
  const loadedFanoutCpuUs = (during.serverCpuUs - during.requests * perRequestUs) / LOADED_FANOUTS;
  const rise = during.p99 - baseline.p99;
  console.log(
    `\nRealtime fan-out benchmark (database: ${ready.database}): ${opened.open} sockets open (${opened.failed} failed, ${fmt(opened.ms / 1000)} s to connect), ${idle.sockets} on the server`,
  );
  const p95Quiet = percentile(quiet, 95);
  const p95Loaded = percentile(all, 95);
  console.log(
    `  ${QUIET_FANOUTS} events, no other load: p50 ${fmt(percentile(quiet, 50))} ms, p95 ${fmt(p95Quiet)} ms (target < ${TARGETS.p95Ms}: ${mark(p95Quiet < TARGETS.p95Ms)}), max ${fmt(quiet.at(-1) ?? NaN)} ms (target < ${TARGETS.maxMs}: ${mark((quiet.at(-1) ?? Infinity) < TARGETS.maxMs)}), missing ${quietMissing}; longest stall ${fmt(quietLoop.loopMaxMs)} ms (loop p99 ${fmt(quietLoop.loopP99Ms)} ms)`,
  );
  console.log(
    `  ${LOADED_FANOUTS} events under HTTP load: p50 ${fmt(percentile(all, 50))} ms, p95 ${fmt(p95Loaded)} ms (target < ${TARGETS.p95Ms}: ${mark(p95Loaded < TARGETS.p95Ms)}), max ${fmt(all.at(-1) ?? NaN)} ms, missing ${loadedMissing}; longest stall ${fmt(loadedLoop.loopMaxMs)} ms`,
  );
  console.log(
    `  server CPU per fan-out: ${fmt(median(quietCpuUs) / 1000)} ms median without load (${fmt(median(quietCpuUs) / Math.max(1, idle.sockets))} µs per socket; runs ${quietCpuUs.map((us) => fmt(us / 1000)).join(', ')}), ~${fmt(loadedFanoutCpuUs / 1000)} ms under load (its CPU beyond ${fmt(perRequestUs)} µs per HTTP request)`,
  );
  console.log(
    `  the clients' own CPU per fan-out (a process on the same two cores): ${fmt(median(clientCpuUs) / 1000)} ms median without load (${fmt(median(clientCpuUs) / Math.max(1, opened.open))} µs per message)`,
  );
  console.log(
    `  HTTP p99 (GET /api/health, 10 connections, ${HTTP_SECONDS} s): ${baseline.p99} ms idle sockets only, ${during.p99} ms with fan-outs, rise ${rise} ms (target < ${TARGETS.p99RiseMs}: ${mark(rise < TARGETS.p99RiseMs)}); requests ${baseline.requests} vs ${during.requests}`,
  );
  console.log(
    `  server memory: ${fmt(mb(idle.rssBytes))} MB RSS with ${idle.sockets} idle sockets (lowest within ${IDLE_WATCH_MS / 1000} s; target < ${TARGETS.memoryMb}: ${mark(mb(idle.rssBytes) < TARGETS.memoryMb)}), ${fmt(mb(connected.rssBytes))} MB 2 s after they opened, ${fmt(mb(empty.rssBytes))} MB before them; the sockets' own share ${fmt(mb(idle.rssBytes - empty.rssBytes))} MB (${fmt((idle.rssBytes - empty.rssBytes) / Math.max(1, idle.sockets) / 1024)} KB each); JS heap ${fmt(mb(empty.heapUsedBytes))} → ${fmt(mb(idle.heapUsedBytes))} MB`,
  );
} finally {
  clients.send({ cmd: 'stop' } satisfies ToClients);
  server.send({ cmd: 'stop' } satisfies ToServer);
}
