import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { TakeQueueItem, TakeState } from '@beatroom/shared/ipc-uploads-contract';
import { RECORDING_MAX_BYTES, type RecordingFormat } from '@beatroom/shared/recordings-contract';
import type { LibraryDatabase } from './database';
import { keepTakeFile, takeFormatOf } from './take-file';

/** One row of the takes table. */
export interface TakeRecord {
  id: string;
  idempotency_key: string;
  owner_id: string;
  state: TakeState;
  beat_id: string;
  recording_name: string;
  is_public: number;
  format: RecordingFormat;
  file_path: string;
  size: number;
  recording_id: string | null;
  attempts: number;
  error: string | null;
  next_attempt_at: string | null;
  progress: number;
  created_at: string;
  updated_at: string;
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
  const byId = db.prepare<[string], TakeRecord>('SELECT * FROM takes WHERE id = ?');
  const get = (id: string): TakeRecord => {
    const row = byId.get(id);
    if (!row) throw new TakeQueueError('This take is no longer in the queue.');
    return row;
  };
  const update = (id: string, changes: Partial<TakeRecord>) => {
    const names = Object.keys(changes);
    db.prepare(
      `UPDATE takes SET ${names.map((n) => `${n} = @${n}`).join(', ')}, updated_at = @updated_at WHERE id = @id`,
    ).run({ ...changes, updated_at: now(), id });
  };
  const insert = db.prepare(
    `INSERT INTO takes (id, idempotency_key, owner_id, state, beat_id, recording_name, is_public, format, file_path,
                        size, created_at, updated_at)
     VALUES (@id, @idempotency_key, @owner_id, 'queued', @beat_id, @recording_name, @is_public, @format, @file_path,
             @size, @at, @at)`,
  );

  return {
    get,

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

    /** This account's takes, newest first; cancelled ones are gone from view. */
    list(ownerId: string): TakeRecord[] {
      return db
        .prepare<[string], TakeRecord>(
          "SELECT * FROM takes WHERE owner_id = ? AND state <> 'cancelled' ORDER BY created_at DESC, id",
        )
        .all(ownerId);
    },

    /** What to send now, oldest first: new takes, takes a crash interrupted, failed ones now due. */
    runnable(ownerId: string, at: Date): TakeRecord[] {
      return db
        .prepare<[string, string], TakeRecord>(
          `SELECT * FROM takes WHERE owner_id = ?
              AND (state IN ('queued', 'uploading')
                   OR (state = 'failed' AND next_attempt_at IS NOT NULL AND next_attempt_at <= ?))
            ORDER BY created_at, id`,
        )
        .all(ownerId, at.toISOString());
    },

    nextRetryAt(ownerId: string): Date | null {
      const row = db
        .prepare<[string], { at: string | null }>(
          "SELECT MIN(next_attempt_at) AS at FROM takes WHERE owner_id = ? AND state = 'failed'",
        )
        .get(ownerId);
      return row?.at ? new Date(row.at) : null;
    },

    /** The connection is back: takes waiting out a backoff are due now. */
    dueNow: db.transaction((ownerId: string, at: Date): number => {
      return db
        .prepare(
          "UPDATE takes SET next_attempt_at = ? WHERE owner_id = ? AND state = 'failed' AND next_attempt_at > ?",
        )
        .run(at.toISOString(), ownerId, at.toISOString()).changes;
    }),

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

    failed: db.transaction((id: string, error: string, nextAttemptAt: Date | null) => {
      const row = get(id);
      if (row.state === 'cancelled') return;
      update(id, {
        state: 'failed',
        error,
        attempts: row.attempts + 1,
        next_attempt_at: nextAttemptAt?.toISOString() ?? null,
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
