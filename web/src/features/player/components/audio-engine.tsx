import { fileUrl } from '@beatroom/shared/file-urls';
import type { PlayerState } from '@beatroom/shared/player-state';
import { useEffect } from 'react';
import { registerPlay } from '../api';
import { usePlayerStore } from '../store/player-store';
import { apiUrl } from '../../../lib/api-client';

function messageOf(error: unknown): string {
  // DOMException is not an Error in every engine, but always has a message.
  if (typeof error === 'object' && error !== null && 'message' in error) return String(error.message);
  return String(error);
}

/** Starts playback; a refusal by the browser's autoplay policy pauses the player. */
function startPlayback(audio: HTMLAudioElement) {
  const attempt = audio.play();
  // Older engines (and jsdom) return nothing.
  if (!attempt || typeof attempt.catch !== 'function') return;
  attempt.catch((error: unknown) => {
    // AbortError: a newer load or a pause interrupted this attempt, which is expected.
    if (error instanceof DOMException && error.name === 'AbortError') return;
    console.error(`Playback failed: ${messageOf(error)}`);
    usePlayerStore.getState().pause();
  });
}

/** Brings the audio element in line with the store after a change (or at start, without `previous`). */
function sync(audio: HTMLAudioElement, state: PlayerState, previous: PlayerState | null) {
  if (!previous || state.volume !== previous.volume) audio.volume = state.volume;

  const beat = state.currentBeat;
  const trackChanged =
    !previous || state.trackToken !== previous.trackToken || beat?.queueId !== previous.currentBeat?.queueId;

  if (trackChanged) {
    // A beat whose preview is still being made has nothing to play yet (it shows "Processing").
    if (!beat?.audio_file_key) {
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
      return;
    }
    const src = apiUrl(fileUrl(beat.audio_file_key));
    if (audio.getAttribute('src') !== src) {
      audio.src = src;
    } else if (previous) {
      audio.currentTime = 0;
    }
  }

  if (previous && state.seekToken !== previous.seekToken) audio.currentTime = state.currentTime;

  if (state.isPlaying) {
    if (trackChanged || audio.paused) startPlayback(audio);
  } else if (!audio.paused) {
    audio.pause();
  }
}

/**
 * The app's one audio element, driven by the player store: it loads /api/files/{audio_file_key},
 * plays, pauses, seeks and sets the volume as the store says, and reports time, duration and
 * the end of a track back. Each start of playback registers a play. Renders nothing.
 */
export function AudioEngine() {
  useEffect(() => {
    const audio = document.createElement('audio');
    audio.preload = 'metadata';
    const store = usePlayerStore;

    const listeners: Partial<Record<keyof HTMLMediaElementEventMap, () => void>> = {
      timeupdate: () => store.getState().dispatch({ type: 'timeUpdate', time: audio.currentTime }),
      durationchange: () => store.getState().dispatch({ type: 'durationChange', duration: audio.duration }),
      ended: () => store.getState().trackEnded(),
      play: () => {
        const beat = store.getState().currentBeat;
        if (beat) registerPlay(beat.id);
      },
      // Paused from outside the app (a headset unplugged, the system): follow it. Checked at
      // event time, because switching tracks also fires pause before play resumes.
      pause: () => {
        if (audio.paused && !audio.ended && store.getState().isPlaying) store.getState().pause();
      },
      error: () => {
        if (!audio.getAttribute('src')) return;
        console.error(
          `Failed to load audio: ${audio.error?.message || `media error ${audio.error?.code ?? ''}`}`,
        );
        store.getState().pause();
      },
    };
    for (const [name, listener] of Object.entries(listeners)) audio.addEventListener(name, listener);

    sync(audio, store.getState(), null);
    const unsubscribe = store.subscribe((state, previous) => sync(audio, state, previous));

    return () => {
      unsubscribe();
      for (const [name, listener] of Object.entries(listeners)) audio.removeEventListener(name, listener);
      audio.pause();
      audio.removeAttribute('src');
    };
  }, []);

  return null;
}
