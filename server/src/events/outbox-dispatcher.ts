import { randomUUID } from 'node:crypto';
import type { Tx } from '../db/transaction';
import type { DurableEvent, HandlerRegistry, OutboxPort } from './domain-events';
import type { OutboxRepository, OutboxRow } from './outbox.repository';

export interface OutboxDispatcherOptions {
  /** Rows claimed per statement. */
  batchSize?: number;
  /**
   * How long a claim holds a row. A dispatcher that dies (or whose database connection drops)
   * with rows claimed leaves them to be claimed again after this: the at-least-once part.
   * Handlers take milliseconds; fan-outs to many followers take seconds.
   */
  leaseMs?: number;
  /**
   * The safety-net poll: rows this process was not told about (another instance crashed,
   * an in-request delivery failed during an outage, a lease ran out) are found within this.
   */
  pollMs?: number;
  /** Longest wait between two attempts of a failing event. */
  maxRetryDelayMs?: number;
  /**
   * How long closing waits for deliveries in flight. A delivery can wait forever for a
   * connection of a pool that was ended under it (the database closed first); giving up is
   * safe: its rows stay claimed until the lease runs out, then another pass delivers them.
   */
  closeTimeoutMs?: number;
}

interface Log {
  warn(obj: object, msg: string): void;
}

const DEFAULTS = {
  batchSize: 50,
  leaseMs: 20_000,
  pollMs: 2_000,
  maxRetryDelayMs: 5 * 60_000,
  closeTimeoutMs: 10_000,
};

/** 1 s, 2 s, 4 s ... up to the cap, with jitter so that many failed rows do not retry in step. */
export function retryDelayMs(attempts: number, maxMs: number): number {
  const base = Math.min(maxMs, 1000 * 2 ** Math.min(20, Math.max(0, attempts - 1)));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Delivers the outbox: claims due rows, runs their handlers, marks them delivered, and retries
 * failures with backoff. Three things make it run: a request delivering the events it just
 * committed (`deliver`, the fast path: a follow notifies live at once), the local poll every
 * `pollMs`, and the job runner's scheduled `outbox.deliver` (modules/platform/jobs/outbox-jobs.ts), which also
 * covers an instance whose timers are gone. Nothing runs before `start` (the app is ready with
 * every handler registered: an event delivered to half of them would be marked done).
 */
export function createOutboxDispatcher(deps: {
  repo: OutboxRepository;
  registry: HandlerRegistry;
  log: Log;
  options?: OutboxDispatcherOptions;
}) {
  const { repo, registry, log } = deps;
  const o = { ...DEFAULTS, ...deps.options };
  let started = false;
  let closed = false;
  let loop: Promise<void> | null = null;
  let again = false;
  let outageFailures = 0;
  let timer: NodeJS.Timeout | null = null;
  let timerAt = Infinity;
  let poll: NodeJS.Timeout | null = null;
  const inFlight = new Set<Promise<unknown>>();
  /** Delivered, but marking them failed (connection dropped): marked by the next pass. */
  const unmarked = new Set<string>();

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    const forget = () => inFlight.delete(work);
    work.then(forget, forget);
    return work;
  }

  function wakeIn(ms: number) {
    if (closed) return;
    const at = Date.now() + ms;
    if (timer && timerAt <= at) return;
    if (timer) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(() => {
      timer = null;
      timerAt = Infinity;
      wake();
    }, ms);
    timer.unref();
  }

  async function markDone(): Promise<void> {
    if (!unmarked.size) return;
    const ids = [...unmarked];
    await repo.markDelivered(ids);
    for (const id of ids) unmarked.delete(id);
  }

  /** Runs the handlers of claimed rows; a failed one is released for a later attempt. */
  async function run(rows: OutboxRow[]): Promise<void> {
    let retryIn: number | null = null;
    for (const row of rows) {
      try {
        await registry.runAll(row.payload, { eventId: row.id });
        unmarked.add(row.id);
      } catch (error) {
        const delay = retryDelayMs(row.attempts, o.maxRetryDelayMs);
        log.warn(
          { err: error, eventId: row.id, event: row.type, attempt: row.attempts, retryInMs: delay },
          'domain event delivery failed; it will be retried',
        );
        retryIn = Math.min(retryIn ?? delay, delay);
        // If this fails too (an outage), the lease running out releases the row instead.
        await repo.markFailed(row.id, messageOf(error), delay).catch(() => undefined);
      }
    }
    if (retryIn !== null) wakeIn(retryIn + 50);
    await markDone();
  }

  /** Passes until nothing is due; a database failure retries the whole with backoff. */
  async function drain(): Promise<void> {
    try {
      let full: boolean;
      do {
        again = false;
        await markDone();
        const rows = await repo.claim(o.batchSize, o.leaseMs);
        await run(rows);
        full = rows.length === o.batchSize;
      } while ((again || full) && !closed);
      outageFailures = 0;
    } catch (error) {
      outageFailures++;
      const delay = Math.min(10_000, 100 * 2 ** Math.min(7, outageFailures));
      log.warn({ err: error, retryInMs: delay }, 'outbox dispatch failed; retrying');
      wakeIn(delay);
    }
  }

  function wake(): Promise<void> {
    if (!started || closed) return Promise.resolve();
    if (loop) {
      again = true;
      return loop;
    }
    loop = track(drain().finally(() => (loop = null)));
    return loop;
  }

  const port: OutboxPort = {
    async record(tx: Tx, event: DurableEvent): Promise<string> {
      const id = randomUUID();
      await repo.insert(tx, id, event);
      return id;
    },

    async deliver(ids: string[]): Promise<void> {
      if (!ids.length || !started || closed) return;
      await track(
        (async () => {
          try {
            await run(await repo.claim(ids.length, o.leaseMs, ids));
          } catch (error) {
            log.warn({ err: error, eventIds: ids }, 'outbox delivery failed; the dispatcher retries it');
            wakeIn(250);
          }
        })(),
      );
    },

    stats: () => repo.stats(),

    async drained(options = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 30_000);
      for (;;) {
        const { pending } = await repo.stats();
        if (!pending && !inFlight.size) return;
        if (Date.now() > deadline) throw new Error(`The outbox still holds ${pending} event(s)`);
        wake();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };

  return {
    port,
    /** Passes until nothing is due (the scheduled job's work). */
    wake,
    start() {
      if (started || closed) return;
      started = true;
      poll = setInterval(() => void wake(), o.pollMs);
      poll.unref();
      void wake();
    },
    /** Stops taking work and waits for what runs (before the database closes). */
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (poll) clearInterval(poll);
      const deadline = Date.now() + o.closeTimeoutMs;
      while (inFlight.size) {
        const left = deadline - Date.now();
        let timeout: NodeJS.Timeout | undefined;
        const timedOut = await Promise.race([
          Promise.allSettled([...inFlight]).then(() => false),
          new Promise<boolean>((resolve) => {
            timeout = setTimeout(() => resolve(true), Math.max(0, left));
          }),
        ]);
        clearTimeout(timeout);
        if (timedOut) {
          log.warn(
            { inFlight: inFlight.size, waitedMs: o.closeTimeoutMs },
            'outbox closed with deliveries still waiting; their leases run out and they are delivered again',
          );
          return;
        }
      }
    },
    purgeDelivered: (before: Date) => repo.purgeDelivered(before),
  };
}

export type OutboxDispatcher = ReturnType<typeof createOutboxDispatcher>;
