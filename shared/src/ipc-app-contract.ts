// The IPC contract's app and window areas: navigation and links, system notifications, the
// network state, the app's version and updates, and the media keys.
import { z } from 'zod';
import { ipcMethod, NoRequest, type IpcMethodSchema } from './ipc-channel-contract';

/** A route inside the app ("/beats/123"): never another origin, never protocol-relative. */
export const AppPath = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'must be a path inside the app');

/** Where the renderer may send the user outside the app: web pages only. */
export const ExternalUrl = z
  .string()
  .max(2000)
  .url()
  .refine((value) => /^https?:\/\//i.test(value), 'must be an http(s) address');

export const SystemNotification = z.strictObject({
  title: z.string().trim().min(1).max(200),
  body: z.string().max(1000).default(''),
  /** Where a click on the notification takes the user inside the app. */
  path: AppPath.optional(),
});
export type SystemNotification = z.input<typeof SystemNotification>;

export const NetworkStatus = z.object({ online: z.boolean() });

export const AppInfo = z.object({
  version: z.string(),
  platform: z.enum(['darwin', 'win32', 'linux', 'other']),
  serverUrl: z.string(),
  packaged: z.boolean(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const UPDATE_STATES = [
  'disabled',
  'checking',
  'available',
  'not-available',
  'downloaded',
  'error',
] as const;
export const UpdateStatus = z.object({ state: z.enum(UPDATE_STATES), message: z.string().nullable() });
export type UpdateStatus = z.infer<typeof UpdateStatus>;

export const MEDIA_KEYS = ['play-pause', 'next', 'previous'] as const;
export const MediaKey = z.enum(MEDIA_KEYS);
export type MediaKey = z.infer<typeof MediaKey>;

/** `window.beatroom.notifications.*` */
export const notificationsChannels = {
  /** Shows a system notification when the window is hidden or unfocused; otherwise nothing. */
  show: ipcMethod(SystemNotification, z.object({ shown: z.boolean() })),
} as const satisfies Record<string, IpcMethodSchema>;

/** `window.beatroom.network.*` */
export const networkChannels = {
  status: ipcMethod(NoRequest, NetworkStatus),
} as const satisfies Record<string, IpcMethodSchema>;

/** `window.beatroom.app.*` */
export const appChannels = {
  info: ipcMethod(NoRequest, AppInfo),
  checkForUpdates: ipcMethod(NoRequest, UpdateStatus),
  /** Opens an http(s) address in the system browser. */
  openExternal: ipcMethod(z.strictObject({ url: ExternalUrl }), z.object({ opened: z.boolean() })),
} as const satisfies Record<string, IpcMethodSchema>;
