import type { AppInfo } from '@beatroom/shared/ipc-app-contract';
import type { BeatroomDesktopApi } from '@beatroom/shared/ipc-contract';
import {
  createBrowserPlatform,
  type Platform,
  type PlatformLibrary,
  type PlatformTakeDrafts,
} from '@beatroom/web/platform';
import { LibraryScreen } from './library/library-screen';
import { createDesktopTakeStorage } from './studio/desktop-take-storage';

/** The local library and upload queue, through the bridge. */
export function createDesktopLibrary(api: BeatroomDesktopApi): PlatformLibrary {
  return {
    list: (query) => api.library.list(query),
    sync: () => api.library.sync(),
    openFile: async (id) => (await api.library.openFile({ id })).opened,
    revealFile: async (id) => (await api.library.revealFile({ id })).revealed,
    pickUploadFile: async (kind) => (await api.uploads.pickFile({ kind })).file,
    enqueueUpload: (request) => api.uploads.enqueue(request),
    uploads: () => api.uploads.list(),
    retryUpload: (id) => api.uploads.retry({ id }),
    cancelUpload: (id) => api.uploads.cancel({ id }),
    enqueueTake: (request) => api.uploads.enqueueTake(request),
    takes: () => api.uploads.listTakes(),
    subscribe(listeners) {
      const stops = [
        listeners.uploads ? api.on.uploadsChanged(listeners.uploads) : null,
        listeners.library ? api.on.libraryChanged(listeners.library) : null,
      ];
      return () => stops.forEach((stop) => stop?.());
    },
    Screen: LibraryScreen,
  };
}

/**
 * The studio's unsaved takes in the local library (main keeps them on disk, per account), so a
 * take survives closing the window as it survives a reload on the web.
 */
export function createDesktopTakeDrafts(api: BeatroomDesktopApi): PlatformTakeDrafts {
  return {
    async keep(draft) {
      await api.uploads.keepDraftTake({
        beatId: draft.beatId,
        recordingName: draft.recordingName,
        format: draft.audio.type.includes('wav') ? 'wav' : 'webm',
        audio: new Uint8Array(await draft.audio.arrayBuffer()),
        recordedAt: draft.recordedAt,
      });
    },
    async find(beatId) {
      const { draft } = await api.uploads.draftTake({ beatId });
      if (!draft) return null;
      return {
        beatId: draft.beatId,
        recordingName: draft.recordingName,
        audio: new Blob([draft.audio as Uint8Array<ArrayBuffer>], {
          type: draft.format === 'wav' ? 'audio/wav' : 'audio/webm',
        }),
        recordedAt: draft.recordedAt,
      };
    },
    async discard(beatId) {
      await api.uploads.discardDraftTake({ beatId });
    },
  };
}

/**
 * The desktop implementation of the web app's Platform: the API on the configured server (main
 * adds the session's Bearer header to those requests; the page never sees the token), sign-in in
 * the system browser, native dialogs, system
 * notifications and microphone state from main, the local library. What Chromium does well by
 * itself (the file input, device lists, online events) stays the browser's.
 */
export function createDesktopPlatform(api: BeatroomDesktopApi, info: AppInfo): Platform {
  const browser = createBrowserPlatform();
  return {
    kind: 'desktop',
    api: { baseUrl: info.serverUrl },
    pickFiles: browser.pickFiles,

    async saveFile({ path, suggestedName }) {
      const result = await api.files.download({ path, suggestedName });
      return { saved: result.saved };
    },

    async notify({ title, body, path }) {
      await api.notifications.show({ title, body: body ?? '', path });
    },

    microphone: {
      status: () => api.microphone.status(),
      async request() {
        const system = await api.microphone.request();
        // Where the system has no say (Linux) or has said yes, the page's own request opens the
        // device once, which also makes the device labels readable.
        if (system.status === 'granted' || system.status === 'unknown') await browser.microphone.request();
        return system;
      },
      openSettings: async () => (await api.microphone.openSettings()).opened,
      listInputDevices: () => browser.microphone.listInputDevices(),
      getPreferredInputDevice: async () => (await api.microphone.getInputDevice()).deviceId,
      async setPreferredInputDevice(device) {
        await api.microphone.setInputDevice({
          deviceId: device?.deviceId ?? null,
          label: device?.label ?? null,
        });
      },
    },

    online: {
      current: browser.online.current,
      // Chromium's online events plus main's own view (net.isOnline), whichever notices first.
      subscribe(listener) {
        const stopBrowser = browser.online.subscribe(listener);
        const stopMain = api.on.networkChanged(({ online }) => listener(online));
        return () => {
          stopBrowser();
          stopMain();
        };
      },
    },

    openExternal(url) {
      void api.app.openExternal({ url });
    },

    auth: {
      signIn: (request) => api.auth.signIn(request),
      async signOut() {
        await api.auth.signOut();
      },
      status: () => api.auth.status(),
      subscribe: (listener) => api.on.authChanged(listener),
    },

    library: createDesktopLibrary(api),
    takeDrafts: createDesktopTakeDrafts(api),
    takeStorage: createDesktopTakeStorage(api),
    mediaKeys: { subscribe: (listener) => api.on.mediaKey(listener) },
    navigation: { subscribe: (listener) => api.on.navigate(({ path }) => listener(path)) },
    updates: { subscribe: (listener) => api.on.updateStatus(listener) },
  };
}
