// The only bridge between the page and the app: named functions built from the IPC contract,
// never ipcRenderer itself. Listeners get the payload only, not the
// IpcRendererEvent (which would hand the page a handle on ipcRenderer).
import { buildDesktopApi } from '@beatroom/shared/ipc-contract';
import { contextBridge, ipcRenderer } from 'electron';

const api = buildDesktopApi({
  invoke: (channel, request) => ipcRenderer.invoke(channel, request),
  subscribe: (channel, listener) => {
    const forward = (_event: Electron.IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, forward);
    return () => {
      ipcRenderer.removeListener(channel, forward);
    };
  },
});

contextBridge.exposeInMainWorld('beatroom', api);
