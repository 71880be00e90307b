import type { BeatroomDesktopApi } from '@beatroom/shared/ipc-contract';

declare global {
  interface Window {
    /** The preload's bridge (desktop/src/preload): named functions from the IPC contract. */
    readonly beatroom?: BeatroomDesktopApi;
  }
}

/** The bridge, or a clear failure when the page is opened outside the app (e.g. in a browser). */
export function desktopApi(): BeatroomDesktopApi {
  if (!window.beatroom)
    throw new Error('Beatroom desktop bridge missing: open this page in the Beatroom app.');
  return window.beatroom;
}
