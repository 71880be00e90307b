import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from '@playwright/test';

const FRAME_MS = 1000 / 60;

/**
 * Chromium's own account of its frames: for every frame of the display (a frame_sequence), the
 * compositor's PipelineReporter slices say whether it reached the screen (whole or in part),
 * was dropped, or had nothing new; DroppedFrame is what DevTools marks as dropped. Counted next
 * to the page's requestAnimationFrame callbacks, so a figure does not rest on the bench's own
 * loop (a rAF callback can run for a frame that is then dropped, and the compositor can drop
 * frames while rAF callbacks run on time).
 */
const CATEGORIES = ['benchmark', 'disabled-by-default-devtools.timeline.frame', 'toplevel'];
/**
 * STUDIO_TIMELINE_TRACE_DIR keeps each run's trace there, with DevTools' timeline events too (what
 * each main-thread task did: timers, frames, layout, paint), for a look in DevTools' Performance
 * panel. They cost the page something, so they are recorded only then.
 */
const TRACE_DIR = process.env.STUDIO_TIMELINE_TRACE_DIR;
const DETAIL = ['devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline'];
let traces = 0;

type FrameState =
  'STATE_PRESENTED_ALL' | 'STATE_PRESENTED_PARTIAL' | 'STATE_DROPPED' | 'STATE_NO_UPDATE_DESIRED';
type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { frame_reporter?: { state?: FrameState; frame_sequence?: number }; name?: string };
};

export interface FrameReport {
  /** Intervals (ms) between the page's requestAnimationFrame callbacks. */
  raf: number[];
  /**
   * The page's display frames by what became of them (each frame once, the worst its reporters
   * say: dropped, then partly presented, presented, nothing new), and DevTools' DroppedFrame
   * marks; null when the trace had no frame reporter.
   */
  pipeline: {
    presented: number;
    partial: number;
    dropped: number;
    noUpdate: number;
    devtoolsDropped: number;
  } | null;
  /** Main-thread work in the window (CDP Performance metrics). */
  main: { layouts: number; styleRecalcs: number; scriptS: number; taskS: number };
  /**
   * Milliseconds per second of the run that the page's main thread and its dedicated workers
   * spent running tasks (the trace's top-level tasks): steadier than dropped frames on a shared
   * machine. Null without a frame reporter (no page process found).
   */
  busy: { mainMsPerS: number; workersMsPerS: number } | null;
}

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

const WORST_FIRST: FrameState[] = [
  'STATE_DROPPED',
  'STATE_PRESENTED_PARTIAL',
  'STATE_PRESENTED_ALL',
  'STATE_NO_UPDATE_DESIRED',
];

/** The page's renderer: the process with the most frame reporters (the browser's UI has a few). */
function pageProcess(events: TraceEvent[]): number | null {
  const perProcess = new Map<number, number>();
  for (const e of events)
    if (e.name === 'PipelineReporter' && e.ph === 'b')
      perProcess.set(e.pid, (perProcess.get(e.pid) ?? 0) + 1);
  return [...perProcess].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** Time (µs) the thread spent in top-level tasks, nested ones counted once. */
function taskTime(events: TraceEvent[], pid: number, tid: number): number {
  const tasks = events
    .filter(
      (e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask',
    )
    .sort((a, b) => a.ts - b.ts);
  let total = 0;
  let end = -Infinity;
  for (const task of tasks) {
    const taskEnd = task.ts + (task.dur ?? 0);
    if (taskEnd <= end) continue;
    total += taskEnd - Math.max(task.ts, end);
    end = taskEnd;
  }
  return total;
}

function busyTime(events: TraceEvent[], page: number | null, seconds: number): FrameReport['busy'] {
  if (page === null || seconds <= 0) return null;
  const threads = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === page);
  const named = (match: (name: string) => boolean) =>
    threads.filter((e) => match(e.args?.name ?? '')).map((e) => e.tid);
  const sum = (tids: number[]) => tids.reduce((total, tid) => total + taskTime(events, page, tid), 0);
  return {
    mainMsPerS: sum(named((name) => name === 'CrRendererMain')) / 1000 / seconds,
    workersMsPerS: sum(named((name) => name.startsWith('DedicatedWorker'))) / 1000 / seconds,
  };
}

function pipelineStates(events: TraceEvent[], page: number | null): FrameReport['pipeline'] {
  if (page === null) return null;
  const reporters = events.filter((e) => e.name === 'PipelineReporter' && e.ph === 'b');
  const frames = new Map<number, FrameState>();
  for (const e of reporters) {
    const report = e.args?.frame_reporter;
    if (e.pid !== page || report?.state === undefined || report.frame_sequence === undefined) continue;
    const seen = frames.get(report.frame_sequence);
    if (!seen || WORST_FIRST.indexOf(report.state) < WORST_FIRST.indexOf(seen))
      frames.set(report.frame_sequence, report.state);
  }
  const count = (state: FrameState) => [...frames.values()].filter((s) => s === state).length;
  return {
    presented: count('STATE_PRESENTED_ALL'),
    partial: count('STATE_PRESENTED_PARTIAL'),
    dropped: count('STATE_DROPPED'),
    noUpdate: count('STATE_NO_UPDATE_DESIRED'),
    devtoolsDropped: events.filter((e) => e.name === 'DroppedFrame' && e.pid === page).length,
  };
}

/**
 * Runs `run` (which answers the page's rAF intervals) under a Chrome trace and the CDP
 * Performance domain, and answers both counts of its frames and the main thread's work.
 */
export async function traceFrames(
  browser: Browser,
  page: Page,
  cdp: CDPSession,
  run: () => Promise<number[]>,
): Promise<FrameReport> {
  await cdp.send('Performance.enable');
  const before = await metrics(cdp);
  await browser.startTracing(page, { categories: TRACE_DIR ? [...CATEGORIES, ...DETAIL] : CATEGORIES });
  const started = performance.now();
  const raf = await run().catch(async (error: unknown) => {
    await browser.stopTracing();
    throw error;
  });
  const seconds = (performance.now() - started) / 1000;
  const trace = await browser.stopTracing();
  if (TRACE_DIR) writeFileSync(join(TRACE_DIR, `trace-${++traces}.json`), trace);
  const after = await metrics(cdp);
  const delta = (name: string) => (after[name] ?? 0) - (before[name] ?? 0);
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const renderer = pageProcess(events);
  return {
    raf,
    pipeline: pipelineStates(events, renderer),
    busy: busyTime(events, renderer, seconds),
    main: {
      layouts: delta('LayoutCount'),
      styleRecalcs: delta('RecalcStyleCount'),
      scriptS: delta('ScriptDuration'),
      taskS: delta('TaskDuration'),
    },
  };
}

/** One line of figures: rAF frames drawn and missed, the compositor's count, main-thread work. */
export function frameLine(report: FrameReport): string {
  const { raf, pipeline, main, busy } = report;
  // A 60 Hz display would have shown a frame every FRAME_MS: longer gaps are missed frames.
  const missed = raf.reduce((sum, dt) => sum + Math.max(0, Math.round(dt / FRAME_MS) - 1), 0);
  const sorted = [...raf].sort((a, b) => a - b);
  const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
  const compositor = pipeline
    ? `display frames ${pipeline.presented} presented, ${pipeline.partial} partly, ${pipeline.dropped} dropped, ${pipeline.noUpdate} with nothing new (DevTools: ${pipeline.devtoolsDropped} dropped)`
    : 'display frames: no frame reporter in the trace';
  return [
    `rAF ${raf.length} frames drawn, ${missed} missed, p95 ${p95.toFixed(1)} ms, worst ${(sorted.at(-1) ?? 0).toFixed(1)} ms`,
    compositor,
    `main thread ${main.layouts} layouts, ${main.styleRecalcs} style recalcs, script ${main.scriptS.toFixed(2)} s, tasks ${main.taskS.toFixed(2)} s`,
    busy
      ? `busy ${busy.mainMsPerS.toFixed(0)} ms/s on the main thread, ${busy.workersMsPerS.toFixed(0)} ms/s in workers (trace)`
      : 'busy: no page process in the trace',
  ].join('; ');
}
