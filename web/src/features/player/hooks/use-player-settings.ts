import { useEffect, useRef } from 'react';
import { useUserSettings } from '../../session/hooks/use-user-settings';
import { usePlayerStore } from '../store/player-store';

/**
 * Applies the signed-in user's player settings to the one player.
 *
 * autoPlay: followed at once (the store passes it to every track end).
 * defaultVolume (0-100, the player keeps 0-1), the rule:
 * - when the settings first arrive, the player starts at defaultVolume unless this visit
 *   restored a saved volume (player-saved-state keeps it with a queue): that volume is the
 *   listener's last choice on this device, newer than a default, so it wins;
 * - when the user saves a different defaultVolume later, it applies at once: they just chose it.
 * Both wait for the saved state to be read (it loads beside the first load).
 * Visitors have no settings: the player's own default (0.75, the same 75) applies.
 */
export function usePlayerSettings(): void {
  const { settings, isLoaded } = useUserSettings();
  const { autoPlay, defaultVolume } = settings;
  const savedStateLoaded = usePlayerStore((state) => state.savedStateLoaded);
  const appliedVolume = useRef<number | null>(null);

  useEffect(() => {
    usePlayerStore.setState({ autoPlay });
  }, [autoPlay]);

  useEffect(() => {
    if (!isLoaded || !savedStateLoaded || appliedVolume.current === defaultVolume) return;
    const first = appliedVolume.current === null;
    appliedVolume.current = defaultVolume;
    if (first && usePlayerStore.getState().volumeFromSave) return;
    usePlayerStore.getState().setVolume(defaultVolume / 100);
  }, [isLoaded, savedStateLoaded, defaultVolume]);
}
