import { useEffect } from 'react';
import { applyTheme } from '../apply-theme';
import { useResolvedTheme } from '../hooks/use-resolved-theme';
import { THEME_STORAGE_KEY, useThemeStore } from '../store/theme-store';

/** Keeps <html> in step with the theme store, the system preference and other tabs. */
export function ThemeSync() {
  const resolved = useResolvedTheme();
  const syncFromStorage = useThemeStore((state) => state.syncFromStorage);

  useEffect(() => {
    applyTheme(document.documentElement, resolved);
  }, [resolved]);

  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key === THEME_STORAGE_KEY) syncFromStorage();
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [syncFromStorage]);

  return null;
}
