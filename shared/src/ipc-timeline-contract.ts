// The IPC contract's timeline area: on the desktop each take on the studio's timeline is
// written to the local library first (so a take recorded offline, or closed before it reached
// the server, is kept), read back from there by its id, and sent to the server's take files
// under the same id, so the arrangement's `studio-take:<id>` works on the web too.
import { z } from 'zod';
import { ipcMethod, type IpcMethodSchema } from './ipc-channel-contract';
import { RECORDING_MAX_BYTES } from './recordings-contract';
import { STUDIO_TAKE_ID } from './studio-takes-contract';

/** A take file's id as the arrangement names it (`<uuid>.webm|wav`): never a path. */
export const TimelineTakeId = z.string().regex(STUDIO_TAKE_ID, 'id must be a take id');

export const KeepTimelineTakeRequest = z.strictObject({
  audio: z
    .instanceof(Uint8Array)
    .refine((bytes) => bytes.byteLength > 0, 'The take holds no audio')
    .refine((bytes) => bytes.byteLength <= RECORDING_MAX_BYTES, 'The take is larger than 50 MB'),
});
export type KeepTimelineTakeRequest = z.input<typeof KeepTimelineTakeRequest>;

/** The id main gave the kept take (its file is on disk before this answers). */
export const KeptTimelineTake = z.object({ id: TimelineTakeId });

export const ReadTimelineTakeRequest = z.strictObject({ id: TimelineTakeId });
/** The take's audio, or null when this computer does not hold it (the studio asks the server). */
export const TimelineTakeAudio = z.object({ audio: z.instanceof(Uint8Array).nullable() });

export const BeginTimelineRecordingRequest = z.strictObject({ beatId: z.string().min(1).max(100) });
export const TimelineRecordingStarted = z.object({ recordingId: z.uuid() });
export const AppendTimelineRecordingRequest = z.strictObject({
  recordingId: z.uuid(),
  chunk: z
    .instanceof(Uint8Array)
    .refine((bytes) => bytes.byteLength <= RECORDING_MAX_BYTES, 'The chunk is larger than 50 MB'),
});
/** How much of the recording is on disk now. */
export const TimelineRecordingAppended = z.object({ bytes: z.number().int().nonnegative() });
export const FinishTimelineRecordingRequest = z.strictObject({ recordingId: z.uuid() });
export const TimelineRecordingFinished = z.object({ finished: z.literal(true) });
export const RecoveredTimelineTakesRequest = z.strictObject({ beatId: z.string().min(1).max(100) });
/** Takes a crash cut short on this beat, kept as timeline takes (ids as `keepTake` answers). */
export const RecoveredTimelineTakes = z.object({ ids: z.array(TimelineTakeId) });

/** `window.beatroom.timeline.*` */
export const timelineChannels = {
  /** Keeps a just-recorded take in the library and queues it for the server. */
  keepTake: ipcMethod(KeepTimelineTakeRequest, KeptTimelineTake),
  /** A take's audio from the library, by id. */
  readTake: ipcMethod(ReadTimelineTakeRequest, TimelineTakeAudio),
  /**
   * A recording under way, kept as it is captured: begun, each chunk appended (on disk when the
   * call answers), finished once its take is kept. A crash leaves what was appended, which the
   * next start keeps as a take that `recoveredTakes` then answers for its beat (once).
   */
  beginRecording: ipcMethod(BeginTimelineRecordingRequest, TimelineRecordingStarted),
  appendRecording: ipcMethod(AppendTimelineRecordingRequest, TimelineRecordingAppended),
  finishRecording: ipcMethod(FinishTimelineRecordingRequest, TimelineRecordingFinished),
  recoveredTakes: ipcMethod(RecoveredTimelineTakesRequest, RecoveredTimelineTakes),
} as const satisfies Record<string, IpcMethodSchema>;
