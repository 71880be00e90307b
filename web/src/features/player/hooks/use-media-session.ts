import { fileUrl } from '@beatroom/shared/file-urls';
import { useEffect } from 'react';
import { usePlayerStore } from '../store/player-store';
import { apiUrl } from '../../../lib/api-client';

function mediaSession(): MediaSession | null {
  return typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : null;
}

/**
 * The operating system's media keys and lock-screen controls (Media Session API, when the
 * browser has it): metadata of the current beat, the playback state and the five actions.
 */
export function useMediaSession() {
  const beat = usePlayerStore((state) => state.currentBeat);
  const isPlaying = usePlayerStore((state) => state.isPlaying);
  const duration = usePlayerStore((state) => state.duration);
  const seekToken = usePlayerStore((state) => state.seekToken);

  useEffect(() => {
    const session = mediaSession();
    if (!session) return;
    const store = usePlayerStore.getState;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => store().resume()],
      ['pause', () => store().pause()],
      ['previoustrack', () => store().previous()],
      ['nexttrack', () => store().next()],
      [
        'seekto',
        (details) => {
          if (typeof details.seekTime === 'number') store().seek(details.seekTime);
        },
      ],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // This browser does not support that action; the others still work.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // As above.
        }
      }
    };
  }, []);

  useEffect(() => {
    const session = mediaSession();
    if (!session || typeof MediaMetadata === 'undefined') return;
    session.metadata = beat
      ? new MediaMetadata({
          title: beat.title,
          artist: beat.producer_name,
          album: 'Beatroom',
          artwork: beat.cover_image_key
            ? [
                {
                  src: new URL(apiUrl(fileUrl(beat.cover_image_key)), window.location.href).href,
                  sizes: '800x800',
                  type: 'image/jpeg',
                },
              ]
            : [],
        })
      : null;
  }, [beat]);

  useEffect(() => {
    const session = mediaSession();
    if (!session) return;
    session.playbackState = beat ? (isPlaying ? 'playing' : 'paused') : 'none';
  }, [beat, isPlaying]);

  // The position is set when it jumps (a new duration, a seek); the system extrapolates between.
  useEffect(() => {
    const session = mediaSession();
    if (!session?.setPositionState || !beat || !(duration > 0)) return;
    try {
      const position = Math.min(duration, usePlayerStore.getState().currentTime);
      session.setPositionState({ duration, position, playbackRate: 1 });
    } catch {
      // An inconsistent position is refused; the next update sets it.
    }
  }, [beat, duration, seekToken, isPlaying]);
}
