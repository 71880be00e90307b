import type { AppInfo } from '@beatroom/shared/ipc-app-contract';
import type { DesktopAuth } from '../auth/desktop-auth';
import type { LibraryService } from '../library/library-service';
import { TakeDraftError, type TakeDrafts } from '../library/take-drafts';
import type { createMicrophone } from '../microphone';
import type { createNotifier } from '../notifications';
import type { createPreferences } from '../preferences';
import type { createUpdater } from '../updater';
import { isAllowedExternalUrl } from '../window-security';
import { UserFacingError, type IpcHandlers } from './ipc-registry';

export interface HandlerDeps {
  auth: DesktopAuth;
  library: LibraryService;
  microphone: ReturnType<typeof createMicrophone>;
  preferences: ReturnType<typeof createPreferences>;
  notifier: ReturnType<typeof createNotifier>;
  updater: ReturnType<typeof createUpdater>;
  info: AppInfo;
  online: () => boolean;
  serverUrl: string;
  openExternal: (url: string) => Promise<void>;
  takeDrafts: TakeDrafts;
  /** Native dialogs: the path chosen, or null when the user cancelled. */
  dialogs: {
    openFile: (kind: 'audio' | 'image') => Promise<string | null>;
    saveFile: (suggestedName: string) => Promise<string | null>;
  };
}

/**
 * Every channel of the IPC contract, answered by main's services. Requests arrive parsed (the
 * registry did that); handlers only translate between the contract and the services.
 */
export function createIpcHandlers(deps: HandlerDeps): IpcHandlers {
  const { auth, library } = deps;
  return {
    auth: {
      signIn: (request) => auth.signIn(request?.returnTo),
      status: () => auth.status(),
      signOut: () => auth.signOut(),
    },
    library: {
      list: (query) => library.list(query),
      sync: () => library.sync(),
      openFile: ({ id }) => library.openFile(id),
      revealFile: ({ id }) => library.revealFile(id),
    },
    uploads: {
      pickFile: async ({ kind }) => {
        const path = await deps.dialogs.openFile(kind);
        return { file: path ? library.grantPickedFile(path, kind) : null };
      },
      enqueue: (request) => library.enqueue(request),
      list: () => library.listUploads(),
      retry: ({ id }) => library.retryUpload(id),
      cancel: ({ id }) => library.cancelUpload(id),
      enqueueTake: (request) => library.enqueueTake(request),
      listTakes: () => library.listTakes(),
      retryTake: ({ id }) => library.retryTake(id),
      cancelTake: ({ id }) => library.cancelTake(id),
      keepDraftTake: (draft) => {
        try {
          return deps.takeDrafts.keep(draft);
        } catch (error) {
          throw error instanceof TakeDraftError ? new UserFacingError(error.message) : error;
        }
      },
      draftTake: ({ beatId }) => deps.takeDrafts.find(beatId),
      discardDraftTake: ({ beatId }) => deps.takeDrafts.discard(beatId),
    },
    timeline: {
      keepTake: ({ audio }) => library.keepTimelineTake(audio),
      readTake: ({ id }) => library.readTimelineTake(id),
      beginRecording: ({ beatId }) => library.beginTimelineRecording(beatId),
      appendRecording: ({ recordingId, chunk }) => library.appendTimelineRecording(recordingId, chunk),
      finishRecording: ({ recordingId }) => library.finishTimelineRecording(recordingId),
      recoveredTakes: ({ beatId }) => library.recoveredTimelineTakes(beatId),
    },
    files: {
      download: (request) => library.download(request, deps.dialogs.saveFile),
    },
    microphone: {
      status: () => deps.microphone.status(),
      request: () => deps.microphone.request(),
      openSettings: () => deps.microphone.openSettings(),
      getInputDevice: () => deps.preferences.inputDevice(),
      setInputDevice: (choice) => deps.preferences.setInputDevice(choice),
    },
    notifications: {
      show: (notification) => deps.notifier.show(notification),
    },
    network: {
      status: () => ({ online: deps.online() }),
    },
    app: {
      info: () => deps.info,
      checkForUpdates: () => deps.updater.check(),
      openExternal: async ({ url }) => {
        if (!isAllowedExternalUrl(url, deps.serverUrl)) return { opened: false };
        await deps.openExternal(url);
        return { opened: true };
      },
    },
  };
}
