import type { MediaKey } from '@beatroom/shared/ipc-app-contract';

export interface GlobalShortcutLike {
  register(accelerator: string, callback: () => void): boolean;
  unregister(accelerator: string): void;
}

/** The keyboard's media keys and what the player does with each. */
export const MEDIA_KEY_ACCELERATORS: Record<string, MediaKey> = {
  MediaPlayPause: 'play-pause',
  MediaNextTrack: 'next',
  MediaPreviousTrack: 'previous',
};

/**
 * Routes the media keys to the renderer's player while the app runs. Chromium's own media-key
 * handling is switched off in main (index.ts), or every key press would act twice. On macOS the
 * keys register only once the user trusts the app for accessibility; a refused registration is
 * reported, not fatal. Returns the keys that registered and a function that releases them.
 */
export function registerMediaKeys(
  shortcuts: GlobalShortcutLike,
  send: (key: MediaKey) => void,
): { registered: MediaKey[]; release: () => void } {
  const registered: string[] = [];
  for (const [accelerator, key] of Object.entries(MEDIA_KEY_ACCELERATORS)) {
    try {
      if (shortcuts.register(accelerator, () => send(key))) registered.push(accelerator);
    } catch {
      // Another app owns the key: the player still works from the window.
    }
  }
  return {
    registered: registered.map((accelerator) => MEDIA_KEY_ACCELERATORS[accelerator]!),
    release: () => registered.forEach((accelerator) => shortcuts.unregister(accelerator)),
  };
}
