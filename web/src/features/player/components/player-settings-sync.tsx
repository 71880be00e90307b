import { usePlayerSettings } from '../hooks/use-player-settings';

/**
 * Keeps the player in step with the signed-in user's autoPlay and defaultVolume settings.
 * Mounted once, beside the AudioEngine, in the root layout. Renders nothing.
 */
export function PlayerSettingsSync() {
  usePlayerSettings();
  return null;
}
