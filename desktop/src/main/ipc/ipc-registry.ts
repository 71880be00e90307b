import type { IpcMethodSchema } from '@beatroom/shared/ipc-channel-contract';
import {
  ipcChannelName,
  ipcContract,
  type IpcArea,
  type IpcContract,
  type IpcResult,
} from '@beatroom/shared/ipc-contract';
import type { z } from 'zod';

/** Who asked: enough of Electron's IpcMainInvokeEvent to check the sender. */
export interface IpcInvokeEvent {
  /** The frame that sent the message; null once it navigated away or was destroyed. */
  senderFrame: { url: string } | null;
}

/** The part of Electron's ipcMain the registry uses (an in-memory fake in tests). */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcInvokeEvent, request: unknown) => unknown): void;
  removeHandler(channel: string): void;
}

type HandlerFor<S> = S extends IpcMethodSchema
  ? (
      request: z.output<S['request']>,
      event: IpcInvokeEvent,
    ) => z.input<S['response']> | Promise<z.input<S['response']>>
  : never;

/** One function per channel of the contract, each receiving the already-parsed request. */
export type IpcHandlers = {
  [A in IpcArea]: { [M in keyof IpcContract[A]]: HandlerFor<IpcContract[A][M]> };
};

export interface IpcRegistryOptions {
  /** True when a message from a frame at this URL may be served: the app's own origin only. */
  isTrustedSender: (url: string) => boolean;
  log?: { warn: (message: string) => void; error: (message: string, error: unknown) => void };
}

export const UNTRUSTED_SENDER = 'Refused: this request did not come from the Beatroom app.';

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/**
 * The one place main answers the renderer. For every channel of the contract it registers a
 * handler that (1) refuses senders not on the app's origin (a navigated or injected frame),
 * (2) parses the request with the channel's schema, (3) runs the handler, (4) checks the answer
 * against the response schema, and replies {ok:true,data} or {ok:false,error}; it never throws
 * across IPC, so a stack trace never reaches the page. Returns a function that unregisters all.
 */
export function registerIpcHandlers(
  ipc: IpcMainLike,
  handlers: IpcHandlers,
  options: IpcRegistryOptions,
): () => void {
  const channels: string[] = [];
  for (const area of Object.keys(ipcContract) as IpcArea[]) {
    const methods = ipcContract[area] as Record<string, IpcMethodSchema>;
    const areaHandlers = handlers[area] as Record<
      string,
      (request: unknown, event: IpcInvokeEvent) => unknown
    >;
    for (const [name, schema] of Object.entries(methods)) {
      const channel = ipcChannelName(area, name);
      const handler = areaHandlers[name];
      if (typeof handler !== 'function') throw new Error(`No IPC handler for ${channel}`);
      ipc.handle(channel, async (event, raw): Promise<IpcResult> => {
        const url = event.senderFrame?.url ?? '';
        if (!options.isTrustedSender(url)) {
          options.log?.warn(`IPC ${channel} refused from untrusted sender ${url || '(no frame)'}`);
          return { ok: false, error: UNTRUSTED_SENDER };
        }
        const request = schema.request.safeParse(raw);
        if (!request.success)
          return { ok: false, error: `Invalid request: ${describeIssues(request.error)}` };
        try {
          const data = schema.response.parse(await handler(request.data, event));
          return { ok: true, data };
        } catch (error) {
          options.log?.error(`IPC ${channel} failed`, error);
          return { ok: false, error: publicMessage(error) };
        }
      });
      channels.push(channel);
    }
  }
  return () => {
    for (const channel of channels) ipc.removeHandler(channel);
  };
}

/**
 * Errors meant for the user (UserFacingError) keep their message; anything else is a bug or an
 * environment failure whose details stay in main's log.
 */
export class UserFacingError extends Error {
  override name = 'UserFacingError';
}

function publicMessage(error: unknown): string {
  return error instanceof UserFacingError
    ? error.message
    : 'Something went wrong in the app. Please try again.';
}
