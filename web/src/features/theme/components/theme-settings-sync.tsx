import { useEffect } from 'react';
import { useUserSettings } from '../../session/hooks/use-user-settings';
import { useThemeStore } from '../store/theme-store';

/**
 * For a signed-in user the saved theme setting is the theme: it is applied when
 * the settings arrive and whenever a save changes it, on this device and any other. Visitors
 * keep the choice stored in this browser. Renders nothing.
 */
export function ThemeSettingsSync() {
  const { settings, isLoaded } = useUserSettings();
  const setTheme = useThemeStore((state) => state.setTheme);
  const unsavedPick = useThemeStore((state) => state.unsavedPick);
  const saved = settings.theme;

  useEffect(() => {
    // A pick made while the settings loaded wins: it is being saved (useSaveThemeSetting).
    if (isLoaded && !unsavedPick) setTheme(saved);
  }, [isLoaded, saved, setTheme, unsavedPick]);

  return null;
}
