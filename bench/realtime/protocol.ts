// Messages between the realtime benchmark's processes (parent ↔ server child ↔ clients child).

export type ToServer =
  { cmd: 'stats' } | { cmd: 'fanout'; id: number } | { cmd: 'reset-loop' } | { cmd: 'stop' };

export type FromServer =
  | { type: 'ready'; port: number; tokens: string[]; database: string }
  | {
      type: 'stats';
      rssBytes: number;
      heapUsedBytes: number;
      sockets: number;
      /** Longest event-loop delay since the last reset, ms. */
      loopMaxMs: number;
      loopP99Ms: number;
    }
  | { type: 'fanout-sent'; id: number; at: number };

export type ToClients =
  | { cmd: 'open'; port: number; tokens: string[]; count: number }
  | { cmd: 'expect'; id: number }
  | { cmd: 'stop' };

export type FromClients =
  | { type: 'opened'; open: number; failed: number; ms: number }
  | { type: 'delivered'; id: number; latenciesMs: number[]; missing: number };

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes. */
export const nowMs = () => performance.timeOrigin + performance.now();

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}
