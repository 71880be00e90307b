import { useEffect } from 'react';
import { usePlatform } from '../../../lib/platform';
import { usePlayerStore } from '../store/player-store';

/**
 * The desktop app's global media keys (the platform adapter's mediaKeys) drive the player too;
 * in the browser the Media Session API does this and the platform has no mediaKeys.
 */
export function usePlatformMediaKeys() {
  const platform = usePlatform();
  useEffect(
    () =>
      platform.mediaKeys?.subscribe((key) => {
        const player = usePlayerStore.getState();
        if (key === 'play-pause') player.togglePlay();
        else if (key === 'next') player.next();
        else if (key === 'previous') player.previous();
      }),
    [platform],
  );
}
