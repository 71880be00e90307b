import autocannon from 'autocannon';
import type { CpuMeter } from './process-cpu';

export interface Figures {
  name: string;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
  /** With a CPU meter: the server's and the database's CPU µs per request (null where unseen). */
  serverUs?: number | null;
  dbUs?: number | null;
  /** Mean response size (headers and body) as sent, in bytes. */
  bytes?: number;
}

export interface MeasureOptions {
  /** Request headers, e.g. the Accept-Encoding of a browser. */
  headers?: Record<string, string>;
  /** Measures the CPU the server and its database spend per request during the run. */
  cpu?: CpuMeter;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * One autocannon run of `seconds` after a 1 s warm-up, the paths requested in turn by every
 * connection. Latencies are kept per response so p95 is exact (autocannon reports no p95).
 */
export async function measure(
  base: string,
  name: string,
  paths: string[],
  seconds: number,
  connections = 50,
  options: MeasureOptions = {},
): Promise<Figures> {
  const requests = paths.map((path) => ({ method: 'GET', path, headers: options.headers }));
  await autocannon({ url: base, connections, duration: 1, requests });
  const latencies: number[] = [];
  let bytes = 0;
  const stop = await options.cpu?.start();
  const run = autocannon({ url: base, connections, duration: seconds, requests });
  run.on('response', (_client, _status, size, ms) => {
    latencies.push(ms);
    bytes += size;
  });
  const result = await run;
  const cpu = stop ? await stop(Math.max(1, latencies.length)) : null;
  latencies.sort((a, b) => a - b);
  return {
    name,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: latencies.length / seconds,
    errors: result.non2xx + result.errors + result.timeouts,
    ...(cpu ? { serverUs: cpu.serverUs, dbUs: cpu.dbUs } : {}),
    bytes: latencies.length ? bytes / latencies.length : 0,
  };
}

/** A table of figures, each also as a ratio of the plain route's requests/s. */
export function printTable(title: string, rows: Figures[], plain: Figures) {
  const num = (n: number, digits = 1) => n.toFixed(digits).padStart(8);
  console.log(`\n${title}`);
  console.log(`${'scenario'.padEnd(64)}  p50 ms    p95 ms    p99 ms     req/s  vs plain  errors`);
  for (const r of rows) {
    const ratio = `${(r.rps / plain.rps).toFixed(2).padStart(7)}x`;
    console.log(
      `${r.name.padEnd(62)} ${num(r.p50)}  ${num(r.p95)}  ${num(r.p99)}  ${num(r.rps, 0)}  ${ratio}  ${String(r.errors).padStart(6)}`,
    );
  }
}
