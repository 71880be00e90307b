import { describe, expect, it, vi } from 'vitest';
import { registerMediaKeys } from './media-keys';

describe('media keys', () => {
  it('sends play-pause, next and previous to the player and releases them', () => {
    const callbacks = new Map<string, () => void>();
    const shortcuts = {
      register: vi.fn((accelerator: string, callback: () => void) => {
        callbacks.set(accelerator, callback);
        return true;
      }),
      unregister: vi.fn(),
    };
    const send = vi.fn();
    const keys = registerMediaKeys(shortcuts, send);
    expect(keys.registered).toEqual(['play-pause', 'next', 'previous']);
    callbacks.get('MediaPlayPause')!();
    callbacks.get('MediaNextTrack')!();
    callbacks.get('MediaPreviousTrack')!();
    expect(send.mock.calls).toEqual([['play-pause'], ['next'], ['previous']]);
    keys.release();
    expect(shortcuts.unregister).toHaveBeenCalledTimes(3);
  });

  it('carries on when the system refuses a key', () => {
    const shortcuts = {
      register: vi.fn((accelerator: string) => {
        if (accelerator === 'MediaNextTrack') throw new Error('taken');
        return accelerator !== 'MediaPreviousTrack';
      }),
      unregister: vi.fn(),
    };
    const keys = registerMediaKeys(shortcuts, vi.fn());
    expect(keys.registered).toEqual(['play-pause']);
    keys.release();
    expect(shortcuts.unregister).toHaveBeenCalledTimes(1);
  });
});
