import {
  UploadBeatFields,
  type UploadQueueItem,
  type UploadState,
} from '@beatroom/shared/ipc-uploads-contract';
import type { LibraryDatabase } from './database';
import { createQueueTable, type QueueRow } from './queue-table';

/** One row of the queue as stored. */
export interface UploadRecord extends QueueRow {
  state: UploadState;
  /** The beat's fields (UploadBeatFields) as JSON. */
  fields: string;
  audio_path: string;
  audio_name: string;
  cover_path: string | null;
  cover_name: string | null;
  audio_key: string | null;
  cover_key: string | null;
  cover_skipped: number;
  beat_id: string | null;
}

export interface NewUpload {
  id: string;
  ownerId: string;
  idempotencyKey: string;
  fields: UploadBeatFields;
  audio: { path: string; name: string };
  cover: { path: string; name: string } | null;
}

/** States in which the uploader is (or was, before a crash) working on the row. */
export const ACTIVE_STATES: readonly UploadState[] = ['uploading_audio', 'uploading_cover', 'creating'];

/**
 * Where a row picks up: decided by the keys already earned, never by the state it was in when
 * it stopped, so a crash between "uploaded" and "recorded the state" cannot repeat a finished
 * step.
 */
export function resumeState(record: UploadRecord): UploadState {
  if (record.beat_id) return 'done';
  if (!record.audio_key) return 'uploading_audio';
  if (record.cover_path && !record.cover_key && !record.cover_skipped) return 'uploading_cover';
  return 'creating';
}

export class UploadQueueError extends Error {}

/**
 * The persistent upload queue. Each transition is one transaction that also stores what the
 * step earned (a file key, the beat id), so the file on disk always says exactly how far an
 * upload got.
 */
export function createUploadQueue(db: LibraryDatabase, options: { now?: () => Date } = {}) {
  const now = () => (options.now ?? (() => new Date()))().toISOString();
  const table = createQueueTable<UploadRecord>(db, {
    table: 'uploads',
    workingStates: ACTIVE_STATES,
    missing: () => new UploadQueueError('This upload is no longer in the queue.'),
    now,
  });
  const { get, update, ...shared } = table;

  return {
    get,
    ...shared,

    add: db.transaction((upload: NewUpload): UploadRecord => {
      const at = now();
      db.prepare(
        `INSERT INTO uploads (id, idempotency_key, owner_id, state, fields, audio_path, audio_name, cover_path, cover_name,
                              created_at, updated_at)
         VALUES (?, ?, ?, 'queued', ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        upload.id,
        upload.idempotencyKey,
        upload.ownerId,
        JSON.stringify(UploadBeatFields.parse(upload.fields)),
        upload.audio.path,
        upload.audio.name,
        upload.cover?.path ?? null,
        upload.cover?.name ?? null,
        at,
        at,
      );
      return get(upload.id);
    }),

    /** Rows from before uploads had owners (schema 1) go to the first account that signs in. */
    claimUnowned: db.transaction((ownerId: string): number => {
      return db.prepare('UPDATE uploads SET owner_id = ? WHERE owner_id IS NULL').run(ownerId).changes;
    }),

    /** Enters a working state; refuses rows that were cancelled or finished meanwhile. */
    begin: db.transaction((id: string, state: UploadState, progress: number): UploadRecord => {
      const row = get(id);
      if (row.state === 'cancelled' || row.state === 'done') {
        throw new UploadQueueError(`Upload ${id} is ${row.state}.`);
      }
      update(id, { state, error: null, next_attempt_at: null, progress });
      return get(id);
    }),

    setProgress: db.transaction((id: string, progress: number) => {
      update(id, { progress });
    }),

    /** The audio is on the server: its key is kept before anything else happens. */
    audioUploaded: db.transaction((id: string, key: string) => {
      const row = get(id);
      update(id, { audio_key: key });
      update(id, { state: resumeState({ ...row, audio_key: key }) });
    }),

    /** The cover is on the server, or (key null) the server refused it and the beat goes without. */
    coverUploaded: db.transaction((id: string, key: string | null) => {
      const row = get(id);
      const changes = key ? { cover_key: key } : { cover_skipped: 1 };
      update(id, changes);
      update(id, { state: resumeState({ ...row, ...changes }) });
    }),

    done: db.transaction((id: string, beatId: string) => {
      update(id, { beat_id: beatId, state: 'done', progress: 100, error: null, next_attempt_at: null });
    }),

    /** By hand: a failed upload tries again now, from the step it stopped at. */
    retry: db.transaction((id: string): UploadRecord => {
      const row = get(id);
      if (row.state !== 'failed') throw new UploadQueueError('Only a failed upload can be retried.');
      update(id, { state: 'queued', error: null, next_attempt_at: null });
      return get(id);
    }),

    /** Failed rows waiting for a sign-in go back in line once the account signs in again. */
    requeueWaitingForSignIn: db.transaction((ownerId: string, error: string): number => {
      return db
        .prepare(
          "UPDATE uploads SET state = 'queued', error = NULL, next_attempt_at = NULL, updated_at = ? WHERE owner_id = ? AND state = 'failed' AND error = ?",
        )
        .run(now(), ownerId, error).changes;
    }),

    /**
     * Stops an upload that has not finished. A beat already created stays created: once the
     * server has it, it is the user's to delete from the beat page.
     */
    cancel: db.transaction((id: string): UploadRecord => {
      const row = get(id);
      if (row.state === 'done') throw new UploadQueueError('This upload has already finished.');
      update(id, { state: 'cancelled', next_attempt_at: null });
      return get(id);
    }),
  };
}

export type UploadQueue = ReturnType<typeof createUploadQueue>;

/** The row as the renderer sees it. */
export function toQueueItem(record: UploadRecord): UploadQueueItem {
  const fields = JSON.parse(record.fields) as { title?: unknown };
  return {
    id: record.id,
    title: typeof fields.title === 'string' ? fields.title : record.audio_name,
    state: record.state,
    progress: Math.max(0, Math.min(100, Math.round(record.progress))),
    attempts: record.attempts,
    error: record.error,
    nextAttemptAt: record.next_attempt_at,
    beatId: record.beat_id,
    audioName: record.audio_name,
    coverName: record.cover_name,
    createdAt: record.created_at,
  };
}
