import type { Theme } from '@beatroom/shared/settings-constants';
import { useCallback } from 'react';
import { describeFailure } from '../../session/api';
import { useSaveUserSettings, useUserSettings } from '../../session/hooks/use-user-settings';

/**
 * Saves a theme picked outside the settings screen (the header switch) as the signed-in user's
 * setting, so it holds on their other devices and ThemeSettingsSync does not undo it. Visitors'
 * picks stay in this browser only. A failed save is only logged (money.md §8).
 */
export function useSaveThemeSetting(): (theme: Theme) => void {
  const { settings, isLoaded } = useUserSettings();
  const { mutate } = useSaveUserSettings();
  return useCallback(
    (theme: Theme) => {
      if (!isLoaded || settings.theme === theme) return;
      mutate(
        { ...settings, theme },
        { onError: (error) => console.error(`Failed to save settings: ${describeFailure(error)}`) },
      );
    },
    [isLoaded, settings, mutate],
  );
}
