import { ServerCallError } from './server-client';

/** The failure message of a row that waits for its account to sign in again. */
export const SIGN_IN_TO_CONTINUE = 'Sign in again to send this upload.';

/**
 * Automatic retry after a failure that may heal by itself (offline, server error): 5 s,
 * doubling, at most 10 minutes apart, for as long as it takes. Nothing queued is ever dropped.
 */
export function retryDelayMs(attempts: number): number {
  const n = Math.max(1, Math.floor(attempts));
  return Math.min(10 * 60_000, 5000 * 2 ** Math.min(n - 1, 20));
}

/** What the runner needs from a persistent queue (the upload queue, the take queue). */
export interface RunnableQueue<R extends { id: string }> {
  get(id: string): { attempts: number };
  /** New rows, rows a crash interrupted and failed rows now due, oldest first. */
  runnable(ownerId: string, at: Date): R[];
  nextRetryAt(ownerId: string): Date | null;
  dueNow(ownerId: string, at: Date): number;
  failed(id: string, error: string, nextAttemptAt: Date | null): void;
}

export type SetTimer = (callback: () => void, ms: number) => { cancel(): void };

export interface QueueRunnerDeps<R extends { id: string }> {
  queue: RunnableQueue<R>;
  /** Sends one row to the end; each step it takes stores what it earned before the next. */
  send: (record: R, signal: AbortSignal) => Promise<void>;
  /** The queue's own error: the row was cancelled or finished meanwhile, nothing to record. */
  isStale: (error: unknown) => boolean;
  /** The log line of a failed row. */
  describeFailure: (id: string) => string;
  /** The signed-in account; the runner works only on its rows, and not at all when signed out. */
  owner: () => string | null;
  /** Called after every change a user could see. */
  onChange: () => void;
  now?: () => Date;
  /** Timers are injected so tests need not wait; defaults to an unref'd setTimeout. */
  setTimer?: SetTimer;
  log?: { warn: (message: string, error?: unknown) => void };
}

const defaultSetTimer: SetTimer = (callback, ms) => {
  const timer = setTimeout(callback, ms);
  timer.unref?.();
  return { cancel: () => clearTimeout(timer) };
};

/**
 * Works through a persistent queue one row at a time, oldest first: a row the server refused
 * (bad content) waits for the user, a signed-out row waits for a sign-in, anything else is
 * retried with `retryDelayMs` backoff, and a timer wakes the runner at the earliest retry.
 * A call to `run` while running makes the current run look again at the end, so two callers
 * never send the same row at once.
 */
export function createQueueRunner<R extends { id: string }>(deps: QueueRunnerDeps<R>) {
  const now = deps.now ?? (() => new Date());
  const setTimer = deps.setTimer ?? defaultSetTimer;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: { cancel(): void } | null = null;
  let current: { id: string; controller: AbortController } | null = null;

  function scheduleRetry(owner: string) {
    timer?.cancel();
    timer = null;
    const at = deps.queue.nextRetryAt(owner);
    if (!at) return;
    timer = setTimer(() => void run(), Math.max(0, at.getTime() - now().getTime()));
  }

  function recordFailure(record: R, error: unknown) {
    if (deps.isStale(error)) return;
    if (error instanceof ServerCallError && error.status === 401) {
      deps.queue.failed(record.id, SIGN_IN_TO_CONTINUE, null);
    } else if (error instanceof ServerCallError && !error.retryable) {
      // The server refused the content (bad file, bad fields): retrying unchanged cannot help.
      deps.queue.failed(record.id, error.message, null);
    } else {
      const message = error instanceof Error ? error.message : String(error);
      const attempts = deps.queue.get(record.id).attempts + 1;
      deps.queue.failed(record.id, message, new Date(now().getTime() + retryDelayMs(attempts)));
    }
    deps.onChange();
  }

  async function drain() {
    do {
      again = false;
      const owner = deps.owner();
      if (!owner) return;
      for (const record of deps.queue.runnable(owner, now())) {
        if (deps.owner() !== owner) break; // signed out or switched account mid-run
        const controller = new AbortController();
        current = { id: record.id, controller };
        try {
          await deps.send(record, controller.signal);
        } catch (error) {
          if (!controller.signal.aborted) {
            deps.log?.warn(deps.describeFailure(record.id), error);
            recordFailure(record, error);
          }
        } finally {
          current = null;
        }
      }
      scheduleRetry(owner);
    } while (again);
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = drain().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    run,

    /** The network or the machine came back: rows waiting out a backoff go now. */
    runNow() {
      const owner = deps.owner();
      if (owner) deps.queue.dueNow(owner, now());
      return run();
    },

    /** Aborts the row being sent if it is `id` (any row when no id is given). */
    abort(id?: string) {
      if (current && (id === undefined || current.id === id)) current.controller.abort();
    },

    /** Stops the retry timer; a send under way finishes unless it is aborted too. */
    stop() {
      timer?.cancel();
      timer = null;
    },
  };
}

export type QueueRunner = ReturnType<typeof createQueueRunner>;
