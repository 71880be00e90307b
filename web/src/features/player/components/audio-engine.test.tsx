import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserPlatform, PlatformProvider, type MediaKey } from '../../../lib/platform';
import { makeBeat } from '../../../test/fixtures';
import { stubFetch } from '../../../test/mock-fetch';
import { loadPlayerState, PLAYER_STORAGE_KEY, resetPlayerStore, usePlayerStore } from '../store/player-store';
import { SystemMediaControls } from './system-media-controls';
import { AudioEngine } from './audio-engine';

const alpha = makeBeat({ id: '00000000-0000-4000-8000-00000000000a', title: 'Alpha', cover_image_key: null });
const bravo = makeBeat({
  id: '00000000-0000-4000-8000-00000000000b',
  title: 'Bravo',
  cover_image_key: 'images/00000000-0000-4000-8000-0000000000cc.jpg',
});

/** jsdom implements no playback: a minimal element that pauses, plays and fires the events. */
function fakeMedia() {
  const state = {
    paused: true,
    currentTime: 0,
    duration: Number.NaN,
    element: null as HTMLMediaElement | null,
  };
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(() => state.paused);
  vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'get').mockImplementation(() => state.currentTime);
  vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'set').mockImplementation((value: number) => {
    state.currentTime = value;
  });
  vi.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockImplementation(() => state.duration);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    state.element = this;
    if (state.paused) {
      state.paused = false;
      this.dispatchEvent(new Event('play'));
    }
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    if (!state.paused) {
      state.paused = true;
      this.dispatchEvent(new Event('pause'));
    }
  });
  return { state, play, pause, element: () => state.element! };
}

const store = usePlayerStore.getState;
const playCalls = (api: ReturnType<typeof stubFetch>, id: string) => api.calls(`POST /api/beats/${id}/play`);

beforeEach(() => resetPlayerStore());

describe('the audio engine', () => {
  it('loads /api/files/{audio_file_key} and registers a play each time playback starts', async () => {
    const api = stubFetch();
    const media = fakeMedia();
    render(<AudioEngine />);

    act(() => store().play(alpha));
    expect(media.play).toHaveBeenCalledTimes(1);
    expect(media.element().getAttribute('src')).toBe(`/api/files/${alpha.audio_file_key}`);
    await waitFor(() => expect(playCalls(api, alpha.id)).toHaveLength(1));

    act(() => store().pause());
    expect(media.pause).toHaveBeenCalled();
    act(() => store().togglePlay());
    await waitFor(() => expect(playCalls(api, alpha.id)).toHaveLength(2));

    // Time updates do not start anything again.
    media.state.currentTime = 12;
    act(() => media.element().dispatchEvent(new Event('timeupdate')));
    expect(store().currentTime).toBe(12);
    expect(media.play).toHaveBeenCalledTimes(2);
  });

  it('reports the duration, seeks, and moves on when a track ends', () => {
    stubFetch();
    const media = fakeMedia();
    render(<AudioEngine />);
    act(() => {
      store().play(bravo);
      store().play(alpha); // alpha first, then bravo
    });

    media.state.duration = 93;
    act(() => media.element().dispatchEvent(new Event('durationchange')));
    expect(store().duration).toBe(93);

    act(() => store().seek(40));
    expect(media.state.currentTime).toBe(40);

    act(() => media.element().dispatchEvent(new Event('ended')));
    expect(store().currentBeat?.title).toBe('Bravo');
    expect(media.element().getAttribute('src')).toBe(`/api/files/${bravo.audio_file_key}`);
  });

  it('pauses the store when the browser refuses to play', async () => {
    stubFetch();
    fakeMedia();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() =>
      Promise.reject(new DOMException('Autoplay blocked', 'NotAllowedError')),
    );
    render(<AudioEngine />);
    act(() => store().play(alpha));
    await waitFor(() => expect(store().isPlaying).toBe(false));
    expect(error).toHaveBeenCalledWith('Playback failed: Autoplay blocked');
  });
});

describe('keyboard', () => {
  it('space toggles play when no field has focus, and never while typing', () => {
    stubFetch();
    fakeMedia();
    render(
      <>
        <AudioEngine />
        <SystemMediaControls />
        <input aria-label="Search" />
        <textarea aria-label="Review" />
      </>,
    );
    act(() => store().play(alpha));

    const event = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    act(() => {
      document.body.dispatchEvent(event);
    });
    expect(store().isPlaying).toBe(false);
    expect(event.defaultPrevented).toBe(true); // the page does not scroll

    act(() => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    });
    expect(store().isPlaying).toBe(true);

    for (const field of [document.querySelector('input')!, document.querySelector('textarea')!]) {
      field.focus();
      act(() => {
        field.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
      });
      expect(store().isPlaying).toBe(true);
    }
  });
});

describe('the desktop app’s media keys', () => {
  it('play-pause, next and previous drive the player', () => {
    stubFetch();
    fakeMedia();
    let press: (key: MediaKey) => void = () => {};
    const unsubscribe = vi.fn();
    const platform = {
      ...createBrowserPlatform(),
      mediaKeys: {
        subscribe: (listener: (key: MediaKey) => void) => {
          press = listener;
          return unsubscribe;
        },
      },
    };
    const { unmount } = render(
      <PlatformProvider platform={platform}>
        <AudioEngine />
        <SystemMediaControls />
      </PlatformProvider>,
    );
    // Played from a list: the keys walk that list.
    act(() => store().playFromList([alpha, bravo], alpha));

    act(() => press('play-pause'));
    expect(store().isPlaying).toBe(false);
    act(() => press('next'));
    expect(store().currentBeat?.title).toBe('Bravo');
    act(() => press('previous'));
    expect(store().currentBeat?.title).toBe('Alpha');
    unmount();
    expect(unsubscribe).toHaveBeenCalled();
  });
});

describe('Media Session', () => {
  let handlers: Map<string, MediaSessionActionHandler | null>;
  let session: {
    metadata: unknown;
    playbackState: string;
    setActionHandler: unknown;
    setPositionState: unknown;
  };

  beforeEach(() => {
    handlers = new Map();
    session = {
      metadata: null,
      playbackState: 'none',
      setActionHandler: vi.fn((action: string, handler: MediaSessionActionHandler | null) =>
        handlers.set(action, handler),
      ),
      setPositionState: vi.fn(),
    };
    Object.defineProperty(navigator, 'mediaSession', { value: session, configurable: true });
    vi.stubGlobal(
      'MediaMetadata',
      class {
        constructor(readonly init: MediaMetadataInit) {}
      },
    );
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaSession');
  });

  it('describes the current beat and takes the five actions', () => {
    stubFetch();
    fakeMedia();
    render(
      <>
        <AudioEngine />
        <SystemMediaControls />
      </>,
    );
    act(() => {
      store().play(alpha);
      store().play(bravo);
    });

    expect((session.metadata as { init: MediaMetadataInit }).init).toMatchObject({
      title: 'Bravo',
      artist: 'Nova Beats',
      artwork: [{ src: `http://localhost:3000/api/files/${bravo.cover_image_key}`, type: 'image/jpeg' }],
    });
    expect(session.playbackState).toBe('playing');
    expect([...handlers.keys()].sort()).toEqual(['nexttrack', 'pause', 'play', 'previoustrack', 'seekto']);

    act(() => handlers.get('pause')!({ action: 'pause' }));
    expect(store().isPlaying).toBe(false);
    expect(session.playbackState).toBe('paused');
    act(() => handlers.get('play')!({ action: 'play' }));
    expect(store().isPlaying).toBe(true);
    act(() => handlers.get('nexttrack')!({ action: 'nexttrack' }));
    expect(store().currentBeat?.title).toBe('Alpha');
    act(() => handlers.get('previoustrack')!({ action: 'previoustrack' }));
    expect(store().currentBeat?.title).toBe('Bravo');
    act(() => handlers.get('seekto')!({ action: 'seekto', seekTime: 30 }));
    expect(store().currentTime).toBe(30);
  });
});

describe('the saved audio state', () => {
  it('saves the queue, index, volume, repeat and shuffle as they change', () => {
    act(() => {
      store().play(alpha);
      store().play(bravo);
      store().setVolume(0.5);
      store().cycleRepeat();
    });
    const saved = JSON.parse(localStorage.getItem(PLAYER_STORAGE_KEY)!) as Record<string, unknown>;
    expect(saved).toMatchObject({ currentIndex: 0, volume: 0.5, repeat: 'all', shuffle: false });
    expect((saved.queue as { title: string }[]).map((entry) => entry.title)).toEqual(['Bravo', 'Alpha']);
  });

  it('restores only the first saved entry, paused', async () => {
    act(() => {
      store().play(alpha);
      store().play(bravo);
      store().toggleShuffle();
    });
    const restored = await loadPlayerState();
    expect(restored.queue.map((entry) => entry.title)).toEqual(['Bravo']);
    expect(restored).toMatchObject({ isPlaying: false, shuffle: true, showPlayer: true });
  });

  it('logs a saved state it cannot read and starts empty', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem(PLAYER_STORAGE_KEY, '{"queue": "nope"');
    expect(await loadPlayerState()).toMatchObject({ queue: [], volume: 0.75, showPlayer: false });
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/^Failed to load the saved audio state: /));
  });
});
