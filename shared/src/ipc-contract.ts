// The one IPC contract between the desktop renderer and the main process:
// every channel the renderer may invoke, with a zod schema for its request and its response, and
// every event main may push. Main parses each request with these schemas before a handler runs;
// the preload builds its named functions from this map; the renderer's API type is derived
// from it. Nothing here touches Electron, Node or the DOM. Each area's schemas and channels sit
// in its own ipc-<area>-contract.ts; this file assembles them, and stays the one module the
// preload imports (its lint rule allows nothing else).
import { z } from 'zod';
import {
  appChannels,
  AppPath,
  MediaKey,
  NetworkStatus,
  networkChannels,
  notificationsChannels,
  UpdateStatus,
} from './ipc-app-contract';
import { authChannels, DesktopAuthStatus } from './ipc-auth-contract';
import type { IpcMethodSchema } from './ipc-channel-contract';
import { filesChannels } from './ipc-files-contract';
import { libraryChannels, LibrarySyncResult } from './ipc-library-contract';
import { microphoneChannels } from './ipc-microphone-contract';
import { timelineChannels } from './ipc-timeline-contract';
import { UploadQueue, uploadsChannels } from './ipc-uploads-contract';

/**
 * Every channel the renderer may invoke, grouped by area. The channel name on the wire is
 * `<area>:<method>` (ipcChannelName); the preload exposes `window.beatroom.<area>.<method>()`.
 */
export const ipcContract = {
  auth: authChannels,
  library: libraryChannels,
  uploads: uploadsChannels,
  timeline: timelineChannels,
  files: filesChannels,
  microphone: microphoneChannels,
  notifications: notificationsChannels,
  network: networkChannels,
  app: appChannels,
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
