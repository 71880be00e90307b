import { describe, expect, it, vi } from 'vitest';
import { claimAudioFocus, createAudioFocusOwner, onAudioFocusLost } from './audio-focus';

describe('audio focus', () => {
  it('pauses every other listener when one claims it, never the claimant itself', () => {
    const main = createAudioFocusOwner('main');
    const cover = createAudioFocusOwner('cover');
    const mainLost = vi.fn();
    const coverLost = vi.fn();
    const stopMain = onAudioFocusLost(main, mainLost);
    const stopCover = onAudioFocusLost(cover, coverLost);

    claimAudioFocus(cover);
    expect(mainLost).toHaveBeenCalledTimes(1);
    expect(coverLost).not.toHaveBeenCalled();

    claimAudioFocus(main);
    expect(coverLost).toHaveBeenCalledTimes(1);
    expect(mainLost).toHaveBeenCalledTimes(1);

    stopMain();
    stopCover();
    claimAudioFocus(createAudioFocusOwner('other'));
    expect(mainLost).toHaveBeenCalledTimes(1);
    expect(coverLost).toHaveBeenCalledTimes(1);
  });

  it('lets a listener stop listening while the focus is being handed round', () => {
    const first = createAudioFocusOwner('first');
    const second = createAudioFocusOwner('second');
    const secondLost = vi.fn();
    const stopFirst = onAudioFocusLost(first, () => stopFirst());
    onAudioFocusLost(second, secondLost);
    claimAudioFocus(createAudioFocusOwner('claimant'));
    expect(secondLost).toHaveBeenCalledTimes(1);
  });
});
