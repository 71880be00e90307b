import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type pg from 'pg';

/** Clock ticks per second of /proc's CPU times (100 on nearly every Linux). */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time (user + system) a process has used, in µs, from Linux's /proc; null elsewhere or once
 * it has exited. Read from outside the process, so the server measured runs unchanged.
 */
export function cpuMicros(pid: number): number | null {
  return statCpuMicros(`/proc/${pid}/stat`);
}

/**
 * CPU time of a process's main thread alone (its thread of the same id), in µs; null as
 * cpuMicros. With cpuMicros it splits a process's time between its main thread and the others.
 */
export function mainThreadCpuMicros(pid: number): number | null {
  return statCpuMicros(`/proc/${pid}/task/${pid}/stat`);
}

function statCpuMicros(path: string): number | null {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(path, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * CPU time per request spent by the server's process and by the PostgreSQL backends serving
 * its database (every backend of that database but the observer's own). Throughput on a shared
 * machine swings with the neighbours' load; CPU spent per request barely does, so it is the
 * figure to compare between runs. The database side is null where PostgreSQL runs elsewhere
 * (its processes are not visible), and both are null off Linux.
 */
export function cpuPerRequest(serverPid: number, db: pg.Client | null, database: string | null) {
  const backends = async (): Promise<number[]> =>
    db && database
      ? (
          await db.query<{ pid: number }>(
            'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
            [database],
          )
        ).rows.map((row) => row.pid)
      : [];
  const snapshot = async () => {
    const pids = await backends();
    return {
      server: cpuMicros(serverPid),
      db: new Map(pids.map((pid) => [pid, cpuMicros(pid)] as const)),
    };
  };
  return {
    async start() {
      const before = await snapshot();
      return async (requests: number): Promise<{ serverUs: number | null; dbUs: number | null }> => {
        const after = await snapshot();
        const serverUs =
          before.server === null || after.server === null ? null : (after.server - before.server) / requests;
        let db = 0;
        let seen = false;
        // A backend opened during the run counts from zero; one closed during it is lost (the
        // pool keeps its connections for 30 s idle, longer than a gap between scenarios).
        for (const [pid, now] of after.db) {
          if (now === null) continue;
          db += now - (before.db.get(pid) ?? 0);
          seen = true;
        }
        return { serverUs, dbUs: seen ? db / requests : null };
      };
    },
  };
}

export type CpuMeter = ReturnType<typeof cpuPerRequest>;
