import type { Theme } from '@beatroom/shared/settings-constants';
import { useCallback, useEffect } from 'react';
import { describeFailure } from '../../session/api';
import { useSaveUserSettings, useUserSettings } from '../../session/hooks/use-user-settings';
import { useThemeStore } from '../store/theme-store';

/**
 * Saves a theme picked outside the settings screen (the header switch) as the signed-in user's
 * setting, so it holds on their other devices and ThemeSettingsSync does not undo it. Visitors'
 * picks stay in this browser only. A failed save is only logged.
 */
export function useSaveThemeSetting(): (theme: Theme) => void {
  const { settings, isLoaded, isPending } = useUserSettings();
  const { mutate } = useSaveUserSettings();
  const unsavedPick = useThemeStore((state) => state.unsavedPick);
  const setUnsavedPick = useThemeStore((state) => state.setUnsavedPick);

  const save = useCallback(
    (theme: Theme) => {
      if (settings.theme === theme) return;
      mutate(
        { ...settings, theme },
        { onError: (error) => console.error(`Failed to save settings: ${describeFailure(error)}`) },
      );
    },
    [settings, mutate],
  );

  // A pick made before the settings arrived is saved as soon as they do (a save needs the whole
  // object), instead of being lost and then undone by the saved theme.
  useEffect(() => {
    if (!isLoaded || !unsavedPick) return;
    setUnsavedPick(null);
    save(unsavedPick);
  }, [isLoaded, unsavedPick, setUnsavedPick, save]);

  return useCallback(
    (theme: Theme) => {
      if (isLoaded) save(theme);
      else if (isPending) setUnsavedPick(theme);
    },
    [isLoaded, isPending, save, setUnsavedPick],
  );
}
