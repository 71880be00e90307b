// The one IPC contract between the desktop renderer and the main process (conventions.md §2):
// every channel the renderer may invoke, with a zod schema for its request and its response, and
// every event main may push. Main parses each request with these schemas before a handler runs;
// the preload builds its named functions from this map; the renderer's API type is derived
// from it. Nothing here touches Electron, Node or the DOM.
import { z } from 'zod';
import { SessionUser } from './auth-contract';
import { CreateBeatBody } from './beats-contract';
import { optionValues } from './option-values';

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

/** Channels that take no argument. */
const None = z.undefined();

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

// ---------------------------------------------------------------------------------------------
// Sign-in
// ---------------------------------------------------------------------------------------------

/** The app's sign-in as the renderer shows it. */
export const DesktopAuthStatus = z.object({
  /** The signed-in user, or null. */
  user: SessionUser.nullable(),
  /** A sign-in is waiting in the system browser for the user to finish it. */
  pending: z.boolean(),
  /**
   * The token is kept encrypted on disk. False when the operating system offers no encryption:
   * the token then lives in memory only and the user signs in again after a restart.
   */
  persisted: z.boolean(),
  /** The last sign-in failure, in words a person can act on; null when none. */
  error: z.string().nullable(),
});
export type DesktopAuthStatus = z.infer<typeof DesktopAuthStatus>;

// ---------------------------------------------------------------------------------------------
// Local library
// ---------------------------------------------------------------------------------------------

export const LIBRARY_SORTS = [
  { value: 'newest', label: 'Newest First' },
  { value: 'oldest', label: 'Oldest First' },
  { value: 'title', label: 'Title A–Z' },
  { value: 'plays', label: 'Most Plays' },
  { value: 'downloads', label: 'Most Downloads' },
] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number]['value'];
const LIBRARY_SORT_VALUES = optionValues(LIBRARY_SORTS);

export const LibraryQuery = z.strictObject({
  search: z.string().trim().max(100).default(''),
  sort: z.enum(LIBRARY_SORT_VALUES).default('newest'),
});
export type LibraryQuery = z.input<typeof LibraryQuery>;

/** One of the producer's own beats, mirrored from the server for offline browsing. */
export const LibraryBeat = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  genre: z.string(),
  mood: z.string().nullable(),
  bpm: z.number().int().nullable(),
  key_signature: z.string().nullable(),
  price_cents: z.number().int(),
  is_free: z.boolean(),
  duration_seconds: z.number().nullable(),
  play_count: z.number().int(),
  download_count: z.number().int(),
  created_at: z.string(),
  /** The cover cached on disk, served to the renderer from the app's own origin; null if none. */
  coverUrl: z.string().nullable(),
});
export type LibraryBeat = z.infer<typeof LibraryBeat>;

/** A file the user saved from the app (a download), remembered so it can be found again. */
export const SavedFile = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  savedAt: z.string(),
  /** False when the file was moved or deleted since. */
  exists: z.boolean(),
});
export type SavedFile = z.infer<typeof SavedFile>;

export const LibraryListing = z.object({
  beats: z.array(LibraryBeat),
  savedFiles: z.array(SavedFile),
  /** When the mirror last matched the server; null before the first sync. */
  syncedAt: z.string().nullable(),
});
export type LibraryListing = z.infer<typeof LibraryListing>;

export const LibrarySyncResult = z.object({
  syncedAt: z.string().nullable(),
  count: z.number().int().nonnegative(),
  /** Why the sync did not happen (offline, signed out); null on success. */
  error: z.string().nullable(),
});
export type LibrarySyncResult = z.infer<typeof LibrarySyncResult>;

const IdRequest = z.strictObject({ id: z.string().min(1).max(100) });

// ---------------------------------------------------------------------------------------------
// Upload queue
// ---------------------------------------------------------------------------------------------

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
  /** 0–100 over the whole upload (platform.md §4's 10/30/70/100 steps, with byte progress between). */
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
// Files, microphone, notifications, network, app
// ---------------------------------------------------------------------------------------------

export const DownloadRequest = z.strictObject({
  /** A server path of a file to save, e.g. GET /api/files/{key} or a purchase download. */
  path: z
    .string()
    .max(1000)
    .regex(/^\/api\/[^\s\\]*$/, 'must be a path on the API'),
  suggestedName: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^/\\:*?"<>|]+$/, 'must be a file name'),
});
export type DownloadRequest = z.infer<typeof DownloadRequest>;
export const DownloadResult = z.object({ saved: z.boolean(), file: SavedFile.nullable() });
export type DownloadResult = z.infer<typeof DownloadResult>;

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

// ---------------------------------------------------------------------------------------------
// The contract
// ---------------------------------------------------------------------------------------------

/** One channel: what the renderer sends and what main answers. */
export interface IpcMethodSchema {
  request: z.ZodType;
  response: z.ZodType;
}

const method = <Req extends z.ZodType, Res extends z.ZodType>(request: Req, response: Res) => ({
  request,
  response,
});

/**
 * Every channel the renderer may invoke, grouped by area. The channel name on the wire is
 * `<area>:<method>` (ipcChannelName); the preload exposes `window.beatroom.<area>.<method>()`.
 */
export const ipcContract = {
  auth: {
    /** Opens the sign-in page in the system browser; the app finishes it from the deep link. */
    signIn: method(None, DesktopAuthStatus),
    status: method(None, DesktopAuthStatus),
    signOut: method(None, DesktopAuthStatus),
    // No channel hands the session token to the page: main adds `Authorization: Bearer` to the
    // page's requests to the configured server itself (desktop/src/main/window.ts).
  },
  library: {
    list: method(LibraryQuery, LibraryListing),
    /** Refreshes the mirror of the producer's beats and covers from the server. */
    sync: method(None, LibrarySyncResult),
    /** Opens a saved file in the application the system uses for it. */
    openFile: method(IdRequest, z.object({ opened: z.boolean() })),
    /** Shows a saved file in Finder / Explorer / the file manager. */
    revealFile: method(IdRequest, z.object({ revealed: z.boolean() })),
  },
  uploads: {
    pickFile: method(PickFileRequest, PickFileResponse),
    enqueue: method(EnqueueUploadRequest, UploadQueueItem),
    list: method(None, UploadQueue),
    retry: method(IdRequest, UploadQueueItem),
    cancel: method(IdRequest, UploadQueueItem),
  },
  files: {
    /** Asks where to save, downloads with the session, remembers the file in the library. */
    download: method(DownloadRequest, DownloadResult),
  },
  microphone: {
    status: method(None, MicrophoneAccess),
    /** Asks the operating system (macOS shows its prompt once; elsewhere it reports the state). */
    request: method(None, MicrophoneAccess),
    openSettings: method(None, z.object({ opened: z.boolean() })),
    getInputDevice: method(None, InputDeviceChoice),
    setInputDevice: method(InputDeviceChoice.strict(), InputDeviceChoice),
  },
  notifications: {
    /** Shows a system notification when the window is hidden or unfocused; otherwise nothing. */
    show: method(SystemNotification, z.object({ shown: z.boolean() })),
  },
  network: {
    status: method(None, NetworkStatus),
  },
  app: {
    info: method(None, AppInfo),
    checkForUpdates: method(None, UpdateStatus),
    /** Opens an http(s) address in the system browser. */
    openExternal: method(z.strictObject({ url: ExternalUrl }), z.object({ opened: z.boolean() })),
  },
} as const satisfies Record<string, Record<string, IpcMethodSchema>>;

/** Events main pushes to the renderer; the preload exposes `window.beatroom.on.<event>(listener)`. */
export const ipcEvents = {
  authChanged: DesktopAuthStatus,
  uploadsChanged: UploadQueue,
  libraryChanged: LibrarySyncResult,
  mediaKey: MediaKey,
  /** The native menu asks the app to show a screen. */
  navigate: z.object({ path: AppPath }),
  updateStatus: UpdateStatus,
  networkChanged: NetworkStatus,
} as const satisfies Record<string, z.ZodType>;

export type IpcContract = typeof ipcContract;
export type IpcArea = keyof IpcContract;
export type IpcMethodName<A extends IpcArea> = keyof IpcContract[A] & string;
export type IpcEvents = typeof ipcEvents;
export type IpcEventName = keyof IpcEvents & string;

type Schema<A extends IpcArea, M extends IpcMethodName<A>> = IpcContract[A][M] extends IpcMethodSchema
  ? IpcContract[A][M]
  : never;
/** What the renderer passes (before defaults apply). */
export type IpcRequest<A extends IpcArea, M extends IpcMethodName<A>> = z.input<Schema<A, M>['request']>;
/** What a handler receives (after parsing). */
export type IpcParsedRequest<A extends IpcArea, M extends IpcMethodName<A>> = z.output<
  Schema<A, M>['request']
>;
export type IpcResponse<A extends IpcArea, M extends IpcMethodName<A>> = z.output<Schema<A, M>['response']>;
export type IpcEventPayload<E extends IpcEventName> = z.output<IpcEvents[E]>;

/** The wire name of a channel. */
export function ipcChannelName(area: string, name: string): string {
  return `${area}:${name}`;
}
/** The wire name of an event. */
export function ipcEventChannelName(event: string): string {
  return `event:${event}`;
}

/** Every channel as [area, method, wire name], for the registry and the preload. */
export function ipcChannels(): { area: IpcArea; method: string; channel: string }[] {
  return (Object.keys(ipcContract) as IpcArea[]).flatMap((area) =>
    Object.keys(ipcContract[area]).map((name) => ({
      area,
      method: name,
      channel: ipcChannelName(area, name),
    })),
  );
}

/** Main answers every invoke with this envelope: the preload turns a failure into a rejection. */
export const IpcResult = z.union([
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type IpcResult = z.infer<typeof IpcResult>;

type RendererMethod<Req extends z.ZodType, Res extends z.ZodType> =
  undefined extends z.input<Req>
    ? (request?: z.input<Req>) => Promise<z.output<Res>>
    : (request: z.input<Req>) => Promise<z.output<Res>>;

/**
 * `window.beatroom` as the renderer sees it, derived from the contract: one async function per
 * channel, and one subscribe function per event returning its unsubscribe.
 */
export type BeatroomDesktopApi = {
  readonly [A in IpcArea]: {
    readonly [M in keyof IpcContract[A]]: IpcContract[A][M] extends IpcMethodSchema
      ? RendererMethod<IpcContract[A][M]['request'], IpcContract[A][M]['response']>
      : never;
  };
} & {
  readonly on: {
    readonly [E in IpcEventName]: (listener: (payload: IpcEventPayload<E>) => void) => () => void;
  };
};

/**
 * Builds `window.beatroom` from the contract over two transport functions, so the preload stays
 * a few lines and this logic is tested without Electron. A failed answer becomes a rejected
 * promise carrying main's message.
 */
export function buildDesktopApi(transport: {
  invoke: (channel: string, request: unknown) => Promise<unknown>;
  subscribe: (channel: string, listener: (payload: unknown) => void) => () => void;
}): BeatroomDesktopApi {
  const api: Record<string, Record<string, unknown>> = {};
  for (const { area, method: name, channel } of ipcChannels()) {
    (api[area] ??= {})[name] = async (request?: unknown) => {
      const answer = IpcResult.parse(await transport.invoke(channel, request));
      if (!answer.ok) throw new Error(answer.error);
      return answer.data;
    };
  }
  const on: Record<string, unknown> = {};
  for (const event of Object.keys(ipcEvents)) {
    on[event] = (listener: (payload: unknown) => void) => {
      if (typeof listener !== 'function') throw new TypeError('listener must be a function');
      return transport.subscribe(ipcEventChannelName(event), listener);
    };
  }
  api.on = on;
  return api as unknown as BeatroomDesktopApi;
}
