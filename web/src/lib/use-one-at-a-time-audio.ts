import { useEffect, useRef, useState } from 'react';
import { claimAudioFocus, createAudioFocusOwner, onAudioFocusLost } from './audio-focus';
import { describeError } from './error-text';

/**
 * One audio element for a list of takes (play and pause
 * toggle; only one recording plays at a time). It holds the app's audio focus while it plays,
 * so the main player pauses for it, and it pauses when the main player (or any other list)
 * starts. `onPlay` runs when a take starts from the beginning (a play to count).
 */
export function useOneAtATimeAudio(name: string, onPlay?: (id: string) => void) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [focus] = useState(() => createAudioFocusOwner(name));
  const [playingId, setPlayingId] = useState<string | null>(null);

  useEffect(() => {
    const element = document.createElement('audio');
    const stop = () => setPlayingId(null);
    element.addEventListener('ended', stop);
    element.addEventListener('pause', stop);
    audio.current = element;
    const stopListening = onAudioFocusLost(focus, () => element.pause());
    return () => {
      stopListening();
      element.removeEventListener('ended', stop);
      element.removeEventListener('pause', stop);
      element.pause();
    };
  }, [focus]);

  /** Plays the take, or pauses it when it is the one playing; another one playing stops. */
  function toggle(take: { id: string; url: string }) {
    const element = audio.current;
    if (!element) return;
    if (playingId === take.id) {
      element.pause();
      return;
    }
    claimAudioFocus(focus);
    element.src = take.url;
    setPlayingId(take.id);
    onPlay?.(take.id);
    element.play()?.catch((error: unknown) => {
      console.error(`Failed to play the recording: ${describeError(error)}`);
      setPlayingId(null);
    });
  }

  /** Stops whatever plays (a take being deleted, say). */
  function stop() {
    audio.current?.pause();
  }

  return { playingId, toggle, stop };
}
