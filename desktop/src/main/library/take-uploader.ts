import { createQueueRunner, type SetTimer } from './queue-runner';
import type { TakeUpload } from './server-client';
import { TakeQueueError, type TakeQueue, type TakeRecord } from './take-queue';

/** The one server call the take uploader makes (server-client's uploadTake). */
export interface TakeTransport {
  uploadTake(
    take: TakeUpload,
    idempotencyKey: string,
    onProgress: (fraction: number) => void,
    signal?: AbortSignal,
  ): Promise<string>;
}

export interface TakeUploaderDeps {
  queue: TakeQueue;
  transport: TakeTransport;
  owner: () => string | null;
  onChange: () => void;
  now?: () => Date;
  setTimer?: SetTimer;
  log?: { warn: (message: string, error?: unknown) => void };
}

/**
 * Sends the take queue, one take at a time, oldest first, with the beat upload queue's
 * backoff (5 s doubling to 10 min, for as long as it takes). A take the server refused (a bad
 * file, a beat that is gone) waits for the user; one that could not be sent is retried.
 */
export function createTakeUploader(deps: TakeUploaderDeps) {
  async function send(record: TakeRecord) {
    const row = deps.queue.begin(record.id);
    deps.onChange();
    let last = -1;
    const recordingId = await deps.transport.uploadTake(
      {
        path: row.file_path,
        format: row.format,
        beatId: row.beat_id,
        recordingName: row.recording_name,
        isPublic: row.is_public === 1,
      },
      row.idempotency_key,
      (fraction) => {
        const percent = Math.round(99 * Math.min(1, Math.max(0, fraction)));
        if (percent === last) return;
        last = percent;
        deps.queue.setProgress(row.id, percent);
        deps.onChange();
      },
    );
    deps.queue.done(row.id, recordingId);
    deps.onChange();
  }

  const runner = createQueueRunner({
    queue: deps.queue,
    // The take's transfer takes no abort signal: stopping leaves it to finish or fail by itself.
    send,
    isStale: (error) => error instanceof TakeQueueError,
    describeFailure: (id) => `take ${id} not sent`,
    owner: deps.owner,
    onChange: deps.onChange,
    now: deps.now,
    setTimer: deps.setTimer,
    log: deps.log,
  });

  return {
    run: runner.run,
    /** The network came back: takes waiting out a backoff go now. */
    runNow: runner.runNow,
    stop: runner.stop,
  };
}

export type TakeUploader = ReturnType<typeof createTakeUploader>;
