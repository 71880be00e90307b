import { UploadBeatFields } from '@beatroom/shared/ipc-uploads-contract';
import type { CreateBeatBody } from '@beatroom/shared/beats-contract';
import { ServerCallError } from './server-client';
import { createQueueRunner, SIGN_IN_TO_CONTINUE, type SetTimer } from './queue-runner';
import { resumeState, UploadQueueError, type UploadQueue, type UploadRecord } from './upload-queue';

/** What the uploader needs from the server: the three calls of an upload. */
export interface UploadTransport {
  uploadFile(
    kind: 'audio' | 'image',
    file: { path: string; name: string },
    onProgress: (fraction: number) => void,
    signal?: AbortSignal,
  ): Promise<string>;
  createBeat(body: CreateBeatBody, idempotencyKey: string, signal?: AbortSignal): Promise<string>;
}

/** Progress of the whole upload at each step (10, 30 → 70 after files, 100). */
export const PROGRESS = { start: 10, audioEnd: 60, coverEnd: 70, created: 100 } as const;

export interface UploaderDeps {
  queue: UploadQueue;
  transport: UploadTransport;
  /** The signed-in account; the queue works only on its uploads, and not at all when signed out. */
  owner: () => string | null;
  /** Called after every change a user could see (state, progress). */
  onChange: () => void;
  /** Called once an upload is done or cancelled, to remove its copied files. */
  onFinished?: (id: string) => void;
  now?: () => Date;
  /** Timers are injected so tests need not wait; defaults to setTimeout. */
  setTimer?: SetTimer;
  log?: { warn: (message: string, error?: unknown) => void };
}

/**
 * Sends the queue, one upload at a time, oldest first. Each step stores what it earned before the
 * next begins (queue transitions are transactions), so after a crash or a lost connection the
 * upload continues from the first step not yet done: an uploaded file is not sent again, and the
 * beat is created with the same idempotency key, so the server creates it at most once.
 */
export function createUploader(deps: UploaderDeps) {
  async function send(record: UploadRecord, signal: AbortSignal) {
    const { queue, transport } = deps;
    let lastPercent = -1;
    const progress = (from: number, to: number) => (fraction: number) => {
      const percent = Math.round(from + (to - from) * Math.min(1, Math.max(0, fraction)));
      if (percent === lastPercent) return;
      lastPercent = percent;
      queue.setProgress(record.id, percent);
      deps.onChange();
    };

    let row = record;
    while (resumeState(row) !== 'done') {
      const step = resumeState(row);
      if (step === 'uploading_audio') {
        queue.begin(row.id, step, PROGRESS.start);
        deps.onChange();
        const key = await transport.uploadFile(
          'audio',
          { path: row.audio_path, name: row.audio_name },
          progress(PROGRESS.start, PROGRESS.audioEnd),
          signal,
        );
        queue.audioUploaded(row.id, key);
      } else if (step === 'uploading_cover') {
        queue.begin(row.id, step, PROGRESS.audioEnd);
        deps.onChange();
        let key: string | null;
        try {
          key = await transport.uploadFile(
            'image',
            { path: row.cover_path!, name: row.cover_name ?? 'cover.jpg' },
            progress(PROGRESS.audioEnd, PROGRESS.coverEnd),
            signal,
          );
        } catch (error) {
          // A refused cover is tolerated and the beat goes without one. A cover
          // that could not be sent at all (offline) is retried like anything else.
          if (!(error instanceof ServerCallError) || error.retryable || error.status === 401) throw error;
          deps.log?.warn(`cover of upload ${row.id} refused; creating the beat without it`, error);
          key = null;
        }
        queue.coverUploaded(row.id, key);
      } else {
        queue.begin(row.id, 'creating', PROGRESS.coverEnd);
        deps.onChange();
        const fields = UploadBeatFields.parse(JSON.parse(row.fields));
        const beatId = await transport.createBeat(
          { ...fields, audio_file_key: row.audio_key!, cover_image_key: row.cover_key ?? null },
          row.idempotency_key,
          signal,
        );
        queue.done(row.id, beatId);
        deps.onFinished?.(row.id);
      }
      deps.onChange();
      row = queue.get(row.id);
      if (row.state === 'cancelled') return;
    }
  }

  const runner = createQueueRunner({
    queue: deps.queue,
    send,
    isStale: (error) => error instanceof UploadQueueError, // cancelled or finished meanwhile
    describeFailure: (id) => `upload ${id} failed`,
    owner: deps.owner,
    onChange: deps.onChange,
    now: deps.now,
    setTimer: deps.setTimer,
    log: deps.log,
  });
  const run = runner.run;

  return {
    run,

    /** Cancels an upload, stopping its transfer if it is the one being sent. */
    cancel(id: string) {
      const record = deps.queue.cancel(id);
      runner.abort(id);
      deps.onFinished?.(id);
      deps.onChange();
      return record;
    },

    retry(id: string) {
      const record = deps.queue.retry(id);
      deps.onChange();
      void run();
      return record;
    },

    /** The network or the machine came back: waiting uploads go now instead of after their backoff. */
    runNow: runner.runNow,

    /** After a sign-in: uploads that stopped for want of one go back in line. */
    resumeAfterSignIn() {
      const owner = deps.owner();
      if (!owner) return Promise.resolve();
      deps.queue.claimUnowned(owner);
      deps.queue.requeueWaitingForSignIn(owner, SIGN_IN_TO_CONTINUE);
      deps.onChange();
      return run();
    },

    stop() {
      runner.stop();
      runner.abort();
    },
  };
}

export type Uploader = ReturnType<typeof createUploader>;
