// Receiving a take's upload: its text fields checked, its bytes sniffed (WebM/Opus or WAV),
// capped in size and streamed to private storage before anything is recorded.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  RECORDING_MAX_BYTES,
  RecordingUploadFields,
  type RecordingFormat,
} from '@beatroom/shared/recordings-contract';
import { badRequest, HttpError } from '../../../http/http-errors';
import { limitBytes, readHead } from '../../catalogue/uploads/upload-streams';
import { assertStorageKey, type Storage } from '../../platform/storage/storage';
import { RECORDING_CONTENT_TYPES, sniffRecording } from './recording-analysis';

export const RECORDING_TOO_LARGE = 'The recording is larger than 50 MB';
export const RECORDING_EMPTY = 'The recording is empty';
export const NOT_A_RECORDING = 'The recording is not WebM/Opus or WAV audio';
export const RECORDING_INTERRUPTED = 'The upload was interrupted before the recording was complete';

/** Bytes needed to tell WebM from WAV. */
const SNIFF_BYTES = 12;
/** Private folder of takes: not one of the public folders, so /api/files never serves them. */
export const RECORDINGS_FOLDER = 'recordings';

/** A take received and stored, not yet recorded in the database. */
export interface StoredTake {
  key: string;
  size: number;
  format: RecordingFormat;
}

/** What one more upload of a user may take (the uploads module's allowance), and the 413 past it. */
export interface TakeAllowance {
  bytes: number;
  message: string;
}

/** The first problem of a zod parse, named like the errors plugin names a body's: "field: message". */
function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const where = issue.path.map(String).join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** The text fields of a take's upload, checked (400 naming the field). */
export function parseUploadFields(fields: Record<string, string>) {
  const parsed = RecordingUploadFields.safeParse(fields);
  if (!parsed.success) throw badRequest(firstIssue(parsed.error));
  return parsed.data;
}

/**
 * Streams a take to private storage: checks its first bytes (WebM or WAV, else 400) and its
 * size (at most 50 MB or what the allowance has left, else 413; the partial file is removed by
 * storage). `folder` is a private folder (the studio keeps its timeline's takes in its own).
 */
export async function receiveTake(
  storage: Storage,
  source: Readable,
  allowance?: TakeAllowance,
  folder: string = RECORDINGS_FOLDER,
  /** The file's name without its format; a fresh uuid unless the caller chose one. */
  name: string = randomUUID(),
): Promise<StoredTake> {
  const cap =
    allowance && allowance.bytes < RECORDING_MAX_BYTES
      ? allowance
      : { bytes: RECORDING_MAX_BYTES, message: RECORDING_TOO_LARGE };
  const limited = limitBytes(source, cap.bytes, cap.message);
  const failed = (error: unknown) => (error instanceof HttpError ? error : badRequest(RECORDING_INTERRUPTED));
  let received;
  try {
    received = await readHead(limited, SNIFF_BYTES);
  } catch (error) {
    throw failed(error);
  }
  const format = sniffRecording(received.head);
  if (!format) {
    limited.destroy();
    throw badRequest(received.head.length === 0 ? RECORDING_EMPTY : NOT_A_RECORDING);
  }
  const key = `${folder}/${name}.${format}`;
  assertStorageKey(key);
  try {
    const { size } = await storage.put(key, received.body, {
      contentType: RECORDING_CONTENT_TYPES[format],
    });
    return { key, size, format };
  } catch (error) {
    throw failed(error);
  }
}
