import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { RECORDING_MAX_BYTES, type RecordingFormat } from '@beatroom/shared/recordings-contract';
import { STUDIO_TAKE_ID } from '@beatroom/shared/studio-takes-contract';
import type { LibraryDatabase } from './database';
import { createQueueTable, type QueueRow } from './queue-table';
import { keepTakeFile, takeFormatOf } from './take-file';

/** One row of the timeline_takes table. */
export interface TimelineTakeRecord extends QueueRow {
  owner_id: string;
  state: 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';
  format: RecordingFormat;
  file_path: string;
  size: number;
}

export class TimelineTakeError extends Error {}

/**
 * The studio timeline's takes in the local library: each kept as `<dir>/<uuid>.<format>` (that
 * file name is the take's id in the arrangement), written durably before its row, so a take
 * that was answered to the studio survives a crash. The row is also the take's place in the
 * queue to the server, which keeps the file under the same id.
 */
export function createTimelineTakes(db: LibraryDatabase, options: { dir: string; now?: () => Date }) {
  const now = () => (options.now ?? (() => new Date()))().toISOString();
  const table = createQueueTable<TimelineTakeRecord>(db, {
    table: 'timeline_takes',
    workingStates: ['uploading'],
    missing: () => new TimelineTakeError('This take is not in the library.'),
    now,
  });
  const { get, update, ...shared } = table;
  const insert = db.prepare(
    `INSERT INTO timeline_takes (id, idempotency_key, owner_id, state, format, file_path, size, created_at, updated_at)
     VALUES (@id, @idempotency_key, @owner_id, 'queued', @format, @file_path, @size, @at, @at)`,
  );
  const byId = db.prepare<[string], TimelineTakeRecord>('SELECT * FROM timeline_takes WHERE id = ?');

  return {
    get,
    ...shared,

    /** Keeps a take's audio (file first, then row); answers the take's id. */
    keep(ownerId: string, bytes: Uint8Array): string {
      if (bytes.length === 0 || bytes.length > RECORDING_MAX_BYTES) {
        throw new TimelineTakeError('A take must hold audio and be at most 50 MB.');
      }
      const format = takeFormatOf(bytes);
      if (!format) throw new TimelineTakeError('The take is not WebM/Opus or WAV audio.');
      const uuid = randomUUID();
      const id = `${uuid}.${format}`;
      const path = keepTakeFile(options.dir, uuid, format, bytes);
      insert.run({
        id,
        idempotency_key: `timeline-take-${id}`,
        owner_id: ownerId,
        format,
        file_path: path,
        size: bytes.length,
        at: now(),
      });
      return id;
    },

    /**
     * The account's take by id, or null: not a take id (never turned into a path), another
     * account's, not kept on this computer, or its file gone.
     */
    read(ownerId: string, id: string): Uint8Array<ArrayBuffer> | null {
      if (!STUDIO_TAKE_ID.test(id)) return null;
      const row = byId.get(id);
      if (!row || row.owner_id !== ownerId || row.state === 'cancelled') return null;
      try {
        return new Uint8Array(readFileSync(row.file_path));
      } catch {
        return null;
      }
    },

    begin: db.transaction((id: string): TimelineTakeRecord => {
      const row = get(id);
      if (row.state === 'cancelled' || row.state === 'done') {
        throw new TimelineTakeError(`Take ${id} is ${row.state}.`);
      }
      update(id, { state: 'uploading', error: null, next_attempt_at: null, progress: 0 });
      return get(id);
    }),

    setProgress: (id: string, progress: number) => update(id, { progress }),

    /** The server has the take (under the same id); the local file stays for reading back. */
    done: (id: string) => update(id, { state: 'done', progress: 100, error: null, next_attempt_at: null }),
  };
}

export type TimelineTakes = ReturnType<typeof createTimelineTakes>;
