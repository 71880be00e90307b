// The IPC contract's microphone area: the operating system's permission and the input device
// the user chose for recording vocal covers.
import { z } from 'zod';
import { ipcMethod, NoRequest, type IpcMethodSchema } from './ipc-channel-contract';

/**
 * The microphone as the operating system sees it. `not-determined`: never asked (macOS);
 * `restricted`: blocked by policy (parental controls, MDM); `unknown`: the system does not say
 * (Linux), the browser's own permission then decides.
 */
export const MICROPHONE_STATUSES = ['granted', 'denied', 'restricted', 'not-determined', 'unknown'] as const;
export const MicrophoneAccess = z.object({
  status: z.enum(MICROPHONE_STATUSES),
  /** The system settings page can be opened for the user (macOS, Windows). */
  canOpenSettings: z.boolean(),
  /** What the user should do when access is not granted; null when nothing is needed. */
  help: z.string().nullable(),
});
export type MicrophoneAccess = z.infer<typeof MicrophoneAccess>;

/** The input device the user chose (a MediaDeviceInfo.deviceId and its label), or none. */
export const InputDeviceChoice = z.object({
  deviceId: z.string().max(500).nullable(),
  label: z.string().max(500).nullable(),
});
export type InputDeviceChoice = z.infer<typeof InputDeviceChoice>;

/** `window.beatroom.microphone.*` */
export const microphoneChannels = {
  status: ipcMethod(NoRequest, MicrophoneAccess),
  /** Asks the operating system (macOS shows its prompt once; elsewhere it reports the state). */
  request: ipcMethod(NoRequest, MicrophoneAccess),
  openSettings: ipcMethod(NoRequest, z.object({ opened: z.boolean() })),
  getInputDevice: ipcMethod(NoRequest, InputDeviceChoice),
  setInputDevice: ipcMethod(InputDeviceChoice.strict(), InputDeviceChoice),
} as const satisfies Record<string, IpcMethodSchema>;
