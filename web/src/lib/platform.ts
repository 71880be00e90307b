// What the app needs from the machine it runs on, behind one small interface: the browser
// implementation lives here, the desktop app passes its own (desktop/src/renderer), and every
// screen asks through usePlatform() without knowing which one it got. Optional members exist
// only on the desktop; screens check for them.
import type { MediaKey, UpdateStatus } from '@beatroom/shared/ipc-app-contract';
import type { DesktopAuthStatus } from '@beatroom/shared/ipc-auth-contract';
import type { LibraryListing, LibraryQuery, LibrarySyncResult } from '@beatroom/shared/ipc-library-contract';
import type { MicrophoneAccess } from '@beatroom/shared/ipc-microphone-contract';
import type {
  EnqueueTakeRequest,
  EnqueueUploadRequest,
  PickedFile,
  TakeQueueItem,
  UploadQueueItem,
} from '@beatroom/shared/ipc-uploads-contract';
import type { Currency } from '@beatroom/shared/money-constants';
import { createContext, createElement, useContext, type ComponentType, type ReactNode } from 'react';
import type { PlatformTakeStorage } from './platform-take-storage';

export type { MicrophoneAccess, MediaKey };

export interface InputDevice {
  deviceId: string;
  label: string;
}

export interface PlatformNotification {
  title: string;
  body?: string;
  /** Where a click takes the user inside the app. */
  path?: string;
}

export interface PlatformMicrophone {
  /** The microphone permission as the system (desktop) or the browser sees it. */
  status(): Promise<MicrophoneAccess>;
  /** Asks for access (the system prompt on macOS, the browser prompt on the web). */
  request(): Promise<MicrophoneAccess>;
  /** Opens the system's microphone privacy settings; false when there is no such page. */
  openSettings(): Promise<boolean>;
  /** Audio inputs; labels are empty until access was granted once. */
  listInputDevices(): Promise<InputDevice[]>;
  /** The remembered input device id, or null for the system default. */
  getPreferredInputDevice(): Promise<string | null>;
  setPreferredInputDevice(device: InputDevice | null): Promise<void>;
}

/** Desktop only: sign-in happens in the system browser and comes back through a deep link. */
export interface PlatformAuth {
  /** `returnTo`: the page to show once the sign-in completes (the app navigates there). */
  signIn(request?: { returnTo?: string }): Promise<DesktopAuthStatus>;
  signOut(): Promise<void>;
  status(): Promise<DesktopAuthStatus>;
  subscribe(listener: (status: DesktopAuthStatus) => void): () => void;
}

export interface LibraryScreenProps {
  library: PlatformLibrary;
  /** The microphone, whose state and input device the screen shows. */
  microphone: PlatformMicrophone;
  /** Shows a beat's page inside the app. */
  openBeat: (beatId: string) => void;
  /** The signed-in user's currency, in which the upload form takes prices (as on the web). */
  currency: Currency;
}

/** Desktop only: the local library (mirrored beats, saved files) and the offline upload queue. */
export interface PlatformLibrary {
  list(query: LibraryQuery): Promise<LibraryListing>;
  sync(): Promise<LibrarySyncResult>;
  openFile(id: string): Promise<boolean>;
  revealFile(id: string): Promise<boolean>;
  /** A native file dialog; the file stays with the app, the page gets an id for enqueueUpload. */
  pickUploadFile(kind: 'audio' | 'image'): Promise<PickedFile | null>;
  enqueueUpload(request: EnqueueUploadRequest): Promise<UploadQueueItem>;
  uploads(): Promise<UploadQueueItem[]>;
  retryUpload(id: string): Promise<UploadQueueItem>;
  cancelUpload(id: string): Promise<UploadQueueItem>;
  /**
   * The studio's Save Recording in the desktop app: the take is kept on disk by main
   * before this resolves, then sent by main's take queue (offline takes wait, never lost).
   * Optional: a library without a take queue saves takes over HTTP like the web.
   */
  enqueueTake?(request: EnqueueTakeRequest): Promise<TakeQueueItem>;
  takes?(): Promise<TakeQueueItem[]>;
  subscribe(listeners: {
    uploads?: (items: UploadQueueItem[]) => void;
    library?: (result: LibrarySyncResult) => void;
  }): () => void;
  /** The library screen, shown at /library. */
  Screen: ComponentType<LibraryScreenProps>;
}

/**
 * A studio take not saved yet, kept on this machine so that leaving or reloading the studio
 * does not lose it: offered again when the studio opens for its beat, until it is saved or
 * discarded. One per beat.
 */
export interface TakeDraft {
  beatId: string;
  recordingName: string;
  /** The take as the recorder made it (WebM/Opus, or WAV). */
  audio: Blob;
  /** ISO 8601. */
  recordedAt: string;
}

export interface PlatformTakeDrafts {
  /** Keeps the beat's draft, replacing an earlier one. */
  keep(draft: TakeDraft): Promise<void>;
  find(beatId: string): Promise<TakeDraft | null>;
  discard(beatId: string): Promise<void>;
}

export interface Platform {
  readonly kind: 'web' | 'desktop';
  /**
   * Where the API lives when it is not the page's own origin (the desktop app: the configured
   * server). The page never authenticates by itself there: the desktop app's main process adds
   * the session's Bearer header to every request to that server.
   */
  api?: { baseUrl: string };
  /** The system file picker; resolves with the chosen files, empty when cancelled. */
  pickFiles(options: { accept: string; multiple?: boolean }): Promise<File[]>;
  /** Saves a file from the API (e.g. /api/files/{key}) under a suggested name. */
  saveFile(options: { path: string; suggestedName: string }): Promise<{ saved: boolean }>;
  /** A system notification, shown only while the user is not looking at the app. */
  notify(notification: PlatformNotification): Promise<void>;
  microphone: PlatformMicrophone;
  online: { current(): boolean; subscribe(listener: (online: boolean) => void): () => void };
  /** Opens an http(s) address in the system browser (a new tab on the web). */
  openExternal(url: string): void;
  auth?: PlatformAuth;
  library?: PlatformLibrary;
  /** The keyboard's media keys, for the player. */
  mediaKeys?: { subscribe(listener: (key: MediaKey) => void): () => void };
  /** Screens the native menu asks for (e.g. File › Library). */
  navigation?: { subscribe(listener: (path: string) => void): () => void };
  /**
   * Where the studio keeps unsaved takes: the desktop app's local library. Without one (the
   * web) the studio keeps them in the browser's IndexedDB.
   */
  takeDrafts?: PlatformTakeDrafts;
  /** The timeline's take files: the desktop app's local library first. The web: the server. */
  takeStorage?: PlatformTakeStorage;
  /** Results of update checks (desktop menu › Check for Updates…). */
  updates?: { subscribe(listener: (status: UpdateStatus) => void): () => void };
}

// ---------------------------------------------------------------------------------------------
// The browser implementation
// ---------------------------------------------------------------------------------------------

const INPUT_DEVICE_KEY = 'beatroom:input-device';

export const BROWSER_MICROPHONE_HELP =
  'Your browser is blocking the microphone for this site. Click the icon at the left of the address bar, allow the microphone, then reload the page.';

function browserMicrophoneAccess(state: PermissionState | 'unknown'): MicrophoneAccess {
  const status = state === 'prompt' ? 'not-determined' : state;
  return {
    status,
    canOpenSettings: false,
    help: status === 'denied' ? BROWSER_MICROPHONE_HELP : null,
  };
}

async function queryMicrophonePermission(): Promise<MicrophoneAccess> {
  try {
    const result = await navigator.permissions.query({ name: 'microphone' as PermissionName });
    return browserMicrophoneAccess(result.state);
  } catch {
    // Firefox and older Safari cannot query the microphone: only asking tells.
    return browserMicrophoneAccess('unknown');
  }
}

function pickWithInput({
  accept,
  multiple = false,
}: {
  accept: string;
  multiple?: boolean;
}): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.multiple = multiple;
    input.addEventListener('change', () => resolve(Array.from(input.files ?? [])), { once: true });
    input.addEventListener('cancel', () => resolve([]), { once: true });
    input.click();
  });
}

export function createBrowserPlatform(): Platform {
  return {
    kind: 'web',
    pickFiles: pickWithInput,

    async saveFile({ path, suggestedName }) {
      // Same origin: the session cookie goes along, and the browser's own download UI takes over.
      const link = document.createElement('a');
      link.href = path;
      link.download = suggestedName;
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
      return { saved: true };
    },

    async notify({ title, body, path }) {
      if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
      if (document.visibilityState === 'visible' && document.hasFocus()) return;
      const shown = new Notification(title, { body });
      shown.onclick = () => {
        window.focus();
        if (path) window.location.assign(path);
      };
    },

    microphone: {
      status: queryMicrophonePermission,
      async request() {
        try {
          const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
          stream.getTracks().forEach((track) => track.stop());
        } catch {
          // Refused or no device: the permission state below says which.
        }
        return queryMicrophonePermission();
      },
      openSettings: async () => false,
      async listInputDevices() {
        if (!navigator.mediaDevices?.enumerateDevices) return [];
        const devices = await navigator.mediaDevices.enumerateDevices();
        return devices
          .filter((device) => device.kind === 'audioinput')
          .map((device, index) => ({
            deviceId: device.deviceId,
            label: device.label || `Microphone ${index + 1}`,
          }));
      },
      async getPreferredInputDevice() {
        return localStorage.getItem(INPUT_DEVICE_KEY);
      },
      async setPreferredInputDevice(device) {
        if (device) localStorage.setItem(INPUT_DEVICE_KEY, device.deviceId);
        else localStorage.removeItem(INPUT_DEVICE_KEY);
      },
    },

    online: {
      current: () => navigator.onLine,
      subscribe(listener) {
        const online = () => listener(true);
        const offline = () => listener(false);
        window.addEventListener('online', online);
        window.addEventListener('offline', offline);
        return () => {
          window.removeEventListener('online', online);
          window.removeEventListener('offline', offline);
        };
      },
    },

    openExternal(url) {
      if (!/^https?:\/\//i.test(url)) return;
      window.open(url, '_blank', 'noopener,noreferrer');
    },
  };
}

// ---------------------------------------------------------------------------------------------
// React access
// ---------------------------------------------------------------------------------------------

const PlatformContext = createContext<Platform | null>(null);
let browserPlatform: Platform | null = null;

export function PlatformProvider({ platform, children }: { platform: Platform; children?: ReactNode }) {
  return createElement(PlatformContext.Provider, { value: platform }, children);
}

/** The platform the app runs on; the browser's when no provider says otherwise (tests, web). */
export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (platform) return platform;
  browserPlatform ??= createBrowserPlatform();
  return browserPlatform;
}
