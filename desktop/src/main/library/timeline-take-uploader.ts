import { createQueueRunner, type SetTimer } from './queue-runner';
import { TimelineTakeError, type TimelineTakeRecord, type TimelineTakes } from './timeline-takes';

/** The one server call the uploader makes (server-client's uploadStudioTake). */
export interface TimelineTakeTransport {
  /** Sends the file as the take named `id`; answers the id the server kept it under. */
  uploadStudioTake(
    take: { path: string; id: string },
    onProgress: (fraction: number) => void,
    signal?: AbortSignal,
  ): Promise<string>;
}

export interface TimelineTakeUploaderDeps {
  takes: TimelineTakes;
  transport: TimelineTakeTransport;
  owner: () => string | null;
  onChange?: () => void;
  now?: () => Date;
  setTimer?: SetTimer;
  log?: { warn: (message: string, error?: unknown) => void };
}

/**
 * Sends the library's timeline takes to the server's take files, oldest first, one at a time,
 * with the other queues' backoff for as long as it takes. The server keeps each under the id
 * the arrangement already names, and answers a repeat with the file it has, so a take sent
 * again after a lost answer or a crash is still one file.
 */
export function createTimelineTakeUploader(deps: TimelineTakeUploaderDeps) {
  const onChange = deps.onChange ?? (() => {});

  async function send(record: TimelineTakeRecord, signal: AbortSignal) {
    const row = deps.takes.begin(record.id);
    onChange();
    const kept = await deps.transport.uploadStudioTake(
      { path: row.file_path, id: row.id },
      (fraction) => deps.takes.setProgress(row.id, Math.round(99 * Math.min(1, Math.max(0, fraction)))),
      signal,
    );
    if (kept !== row.id) {
      // A server that ignores the id: the web could not find this take by the arrangement's id.
      throw new Error(`The server kept take ${row.id} as ${kept}.`);
    }
    deps.takes.done(row.id);
    onChange();
  }

  const runner = createQueueRunner({
    queue: deps.takes,
    send,
    isStale: (error) => error instanceof TimelineTakeError,
    describeFailure: (id) => `timeline take ${id} not sent`,
    owner: deps.owner,
    onChange,
    now: deps.now,
    setTimer: deps.setTimer,
    log: deps.log,
  });

  return { run: runner.run, runNow: runner.runNow, stop: runner.stop };
}

export type TimelineTakeUploader = ReturnType<typeof createTimelineTakeUploader>;
