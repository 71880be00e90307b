import type { IpcInvokeEvent, IpcMainLike } from '../../src/main/ipc/ipc-registry';

/** Electron's ipcMain without Electron: the registry's handlers, looked up by channel name. */
export function createIpcMainStandIn() {
  const handlers = new Map<string, (event: IpcInvokeEvent, request: unknown) => unknown>();
  const ipcMain: IpcMainLike & {
    invoke(channel: string, event: IpcInvokeEvent, request: unknown): Promise<unknown>;
  } = {
    handle: (channel, listener) => void handlers.set(channel, listener),
    removeHandler: (channel) => void handlers.delete(channel),
    async invoke(channel, event, request) {
      const handler = handlers.get(channel);
      // As Electron answers an invoke nobody handles: an error, never a crash.
      if (!handler) return { ok: false, error: `No handler registered for '${channel}'` };
      return handler(event, request);
    },
  };
  return ipcMain;
}
