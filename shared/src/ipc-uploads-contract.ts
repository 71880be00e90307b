// The IPC contract's upload queue area: beats picked and filled in on the desktop are uploaded
// by main in the background, surviving restarts and going offline.
import { z } from 'zod';
import { CreateBeatBody } from './beats-contract';
import { IdRequest, ipcMethod, NoRequest, type IpcMethodSchema } from './ipc-channel-contract';
import { RECORDING_FORMATS, RECORDING_MAX_BYTES, RECORDING_NAME_MAX } from './recordings-contract';

/**
 * queued → uploading_audio → uploading_cover → creating → done, or failed (retried with backoff,
 * or by hand) or cancelled. The keys each step earns are stored before the next step starts, so
 * a crash resumes where it stopped and nothing is uploaded or created twice.
 */
export const UPLOAD_STATES = [
  'queued',
  'uploading_audio',
  'uploading_cover',
  'creating',
  'done',
  'failed',
  'cancelled',
] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/**
 * The beat's fields as the upload form collects them. The file keys and the idempotency key
 * are the queue's business: a request that names them is refused.
 */
export const UploadBeatFields = CreateBeatBody.omit({
  audio_file_key: true,
  cover_image_key: true,
  idempotency_key: true,
  user_id: true,
}).strict();
export type UploadBeatFields = z.input<typeof UploadBeatFields>;

/**
 * A file the user picked in a native dialog. The renderer only ever sees this opaque id; main
 * keeps the path, so a compromised page cannot make the app read a file the user did not pick.
 */
export const PickedFile = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
});
export type PickedFile = z.infer<typeof PickedFile>;

export const PickFileRequest = z.strictObject({ kind: z.enum(['audio', 'image']) });
export const PickFileResponse = z.object({ file: PickedFile.nullable() });

export const EnqueueUploadRequest = z.strictObject({
  audio: z.string().min(1).max(100),
  cover: z.string().min(1).max(100).nullable(),
  beat: UploadBeatFields,
});
export type EnqueueUploadRequest = z.input<typeof EnqueueUploadRequest>;

export const UploadQueueItem = z.object({
  id: z.string(),
  title: z.string(),
  state: z.enum(UPLOAD_STATES),
  /** 0–100 over the whole upload (the upload's 10/30/70/100 steps, with byte progress between). */
  progress: z.number().min(0).max(100),
  attempts: z.number().int().nonnegative(),
  /** The last failure in words; null when none. */
  error: z.string().nullable(),
  /** When the queue will try a failed upload again by itself; null when it will not. */
  nextAttemptAt: z.string().nullable(),
  /** The created beat, once done. */
  beatId: z.string().nullable(),
  audioName: z.string(),
  coverName: z.string().nullable(),
  createdAt: z.string(),
});
export type UploadQueueItem = z.infer<typeof UploadQueueItem>;

export const UploadQueue = z.array(UploadQueueItem);

// ---------------------------------------------------------------------------------------------
// Studio takes: a take recorded in the desktop app is kept in the local library
// first, then sent by main's take queue, so a take recorded offline is never lost.
// ---------------------------------------------------------------------------------------------

/** queued → uploading → done, or failed (retried with backoff, or by hand) or cancelled. */
export const TAKE_STATES = ['queued', 'uploading', 'done', 'failed', 'cancelled'] as const;
export type TakeState = (typeof TAKE_STATES)[number];

/**
 * The studio's Save Recording in the desktop app: the take's bytes (the MediaRecorder WebM or
 * the WAV mixdown) with the fields of POST /api/recordings/upload. Main keeps the file on disk
 * before answering; the queue's idempotency key is main's business.
 */
export const EnqueueTakeRequest = z.strictObject({
  beatId: z.uuid('beatId must be a beat id'),
  recordingName: z
    .string()
    .trim()
    .min(1, 'Please enter a name for your recording.')
    .max(RECORDING_NAME_MAX, `recordingName must be at most ${RECORDING_NAME_MAX} characters`),
  isPublic: z.boolean(),
  format: z.enum(RECORDING_FORMATS),
  audio: z
    .instanceof(Uint8Array)
    .refine((bytes) => bytes.byteLength > 0, 'The take holds no audio')
    .refine((bytes) => bytes.byteLength <= RECORDING_MAX_BYTES, 'The recording is larger than 50 MB'),
});
export type EnqueueTakeRequest = z.input<typeof EnqueueTakeRequest>;

export const TakeQueueItem = z.object({
  id: z.string(),
  beatId: z.string(),
  recordingName: z.string(),
  isPublic: z.boolean(),
  state: z.enum(TAKE_STATES),
  /** 0–100 of the bytes sent. */
  progress: z.number().min(0).max(100),
  attempts: z.number().int().nonnegative(),
  error: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** The server's recording, once saved there. */
  recordingId: z.string().nullable(),
  size: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type TakeQueueItem = z.infer<typeof TakeQueueItem>;

/** `window.beatroom.uploads.*` */
// ---------------------------------------------------------------------------------------------
// Unsaved takes: a take the studio has not saved yet is kept in the local library (one per beat
// and account) so leaving or closing the app does not lose it; the studio offers it again.
// ---------------------------------------------------------------------------------------------

const DraftAudio = z
  .instanceof(Uint8Array)
  .refine((bytes) => bytes.byteLength > 0, 'The take holds no audio')
  .refine((bytes) => bytes.byteLength <= RECORDING_MAX_BYTES, 'The recording is larger than 50 MB');

/** An unsaved take as the renderer hands it over and gets it back. */
export const DraftTake = z.strictObject({
  beatId: z.uuid('beatId must be a beat id'),
  recordingName: z
    .string()
    .max(RECORDING_NAME_MAX, `recordingName must be at most ${RECORDING_NAME_MAX} characters`),
  format: z.enum(RECORDING_FORMATS),
  audio: DraftAudio,
  recordedAt: z.iso.datetime({ error: 'recordedAt must be an ISO 8601 time' }),
});
export type DraftTake = z.input<typeof DraftTake>;

export const DraftTakeRequest = z.strictObject({ beatId: z.uuid('beatId must be a beat id') });
export type DraftTakeRequest = z.input<typeof DraftTakeRequest>;

export const uploadsChannels = {
  pickFile: ipcMethod(PickFileRequest, PickFileResponse),
  enqueue: ipcMethod(EnqueueUploadRequest, UploadQueueItem),
  list: ipcMethod(NoRequest, UploadQueue),
  retry: ipcMethod(IdRequest, UploadQueueItem),
  cancel: ipcMethod(IdRequest, UploadQueueItem),
  enqueueTake: ipcMethod(EnqueueTakeRequest, TakeQueueItem),
  listTakes: ipcMethod(NoRequest, z.array(TakeQueueItem)),
  retryTake: ipcMethod(IdRequest, TakeQueueItem),
  cancelTake: ipcMethod(IdRequest, TakeQueueItem),
  /** Keeps the beat's unsaved take on disk (replacing an earlier one) before answering. */
  keepDraftTake: ipcMethod(DraftTake, z.object({ kept: z.literal(true) })),
  /** The beat's unsaved take, or null. */
  draftTake: ipcMethod(DraftTakeRequest, z.object({ draft: DraftTake.nullable() })),
  /** Drops the beat's unsaved take (saved, reset or discarded). */
  discardDraftTake: ipcMethod(DraftTakeRequest, z.object({ discarded: z.boolean() })),
} as const satisfies Record<string, IpcMethodSchema>;
