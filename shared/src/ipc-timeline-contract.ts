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

/** `window.beatroom.timeline.*` */
export const timelineChannels = {
  /** Keeps a just-recorded take in the library and queues it for the server. */
  keepTake: ipcMethod(KeepTimelineTakeRequest, KeptTimelineTake),
  /** A take's audio from the library, by id. */
  readTake: ipcMethod(ReadTimelineTakeRequest, TimelineTakeAudio),
} as const satisfies Record<string, IpcMethodSchema>;
