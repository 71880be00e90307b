import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { TakeQueueItem, TakeState } from '@beatroom/shared/ipc-uploads-contract';
import { RECORDING_MAX_BYTES, type RecordingFormat } from '@beatroom/shared/recordings-contract';
import type { LibraryDatabase } from './database';
import { createQueueTable, type QueueRow } from './queue-table';
import { keepTakeFile, takeFormatOf } from './take-file';

/** One row of the takes table. */
export interface TakeRecord extends QueueRow {
  owner_id: string;
  state: TakeState;
  beat_id: string;
  recording_name: string;
  is_public: number;
  format: RecordingFormat;
  file_path: string;
  size: number;
  recording_id: string | null;
}

export interface NewTake {
  ownerId: string;
  beatId: string;
  recordingName: string;
  isPublic: boolean;
  format: RecordingFormat;
  bytes: Uint8Array;
}

export class TakeQueueError extends Error {}

/** A row as the renderer sees it (no paths, no idempotency key). */
export function toTakeItem(row: TakeRecord): TakeQueueItem {
  return {
    id: row.id,
    beatId: row.beat_id,
    recordingName: row.recording_name,
    isPublic: row.is_public === 1,
    state: row.state,
    progress: row.progress,
    attempts: row.attempts,
    error: row.error,
    nextAttemptAt: row.next_attempt_at,
    recordingId: row.recording_id,
    size: row.size,
    createdAt: row.created_at,
  };
}

/**
 * The persistent queue of studio takes: a take recorded in the desktop app is kept in
 * the library first (file, then row), and sent from there; the row records the server's
 * recording id once it has it. Each take carries its own idempotency key, so sending it again
 * after a lost answer or a crash never makes a second recording.
 */
export function createTakeQueue(db: LibraryDatabase, options: { dir: string; now?: () => Date }) {
  const now = () => (options.now ?? (() => new Date()))().toISOString();
  const table = createQueueTable<TakeRecord>(db, {
    table: 'takes',
    workingStates: ['uploading'],
    missing: () => new TakeQueueError('This take is no longer in the queue.'),
    now,
  });
  const { get, update, ...shared } = table;
  const insert = db.prepare(
    `INSERT INTO takes (id, idempotency_key, owner_id, state, beat_id, recording_name, is_public, format, file_path,
                        size, created_at, updated_at)
     VALUES (@id, @idempotency_key, @owner_id, 'queued', @beat_id, @recording_name, @is_public, @format, @file_path,
             @size, @at, @at)`,
  );

  return {
    get,
    ...shared,

    /** Keeps the take on disk, then queues it; refuses what cannot be a take before keeping it. */
    add(take: NewTake): TakeRecord {
      if (take.bytes.length === 0 || take.bytes.length > RECORDING_MAX_BYTES) {
        throw new TakeQueueError('A take must hold audio and be at most 50 MB.');
      }
      if (takeFormatOf(take.bytes) !== take.format) {
        throw new TakeQueueError('The take is not WebM/Opus or WAV audio.');
      }
      const name = take.recordingName.trim();
      if (!name) throw new TakeQueueError('Please enter a name for your recording.');
      const id = randomUUID();
      const path = keepTakeFile(options.dir, id, take.format, take.bytes);
      insert.run({
        id,
        idempotency_key: `take-${id}`,
        owner_id: take.ownerId,
        beat_id: take.beatId,
        recording_name: name,
        is_public: take.isPublic ? 1 : 0,
        format: take.format,
        file_path: path,
        size: take.bytes.length,
        at: now(),
      });
      return get(id);
    },

    begin: db.transaction((id: string): TakeRecord => {
      const row = get(id);
      if (row.state === 'cancelled' || row.state === 'done')
        throw new TakeQueueError(`Take ${id} is ${row.state}.`);
      update(id, { state: 'uploading', error: null, next_attempt_at: null, progress: 0 });
      return get(id);
    }),

    setProgress: (id: string, progress: number) => update(id, { progress }),

    done: db.transaction((id: string, recordingId: string) => {
      update(id, {
        recording_id: recordingId,
        state: 'done',
        progress: 100,
        error: null,
        next_attempt_at: null,
      });
    }),

    /** Tries a failed take again now (the Retry button). */
    retry: db.transaction((id: string): TakeRecord => {
      const row = get(id);
      if (row.state !== 'failed') throw new TakeQueueError('Only a failed take can be retried.');
      update(id, { state: 'queued', error: null, next_attempt_at: null });
      return get(id);
    }),

    /** Drops a take that is not done; its kept file goes with it. */
    cancel: db.transaction((id: string): TakeRecord => {
      const row = get(id);
      if (row.state === 'done') throw new TakeQueueError('This take is already saved.');
      update(id, { state: 'cancelled', next_attempt_at: null });
      rmSync(row.file_path, { force: true });
      return get(id);
    }),
  };
}

export type TakeQueue = ReturnType<typeof createTakeQueue>;
