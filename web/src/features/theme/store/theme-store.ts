import { DEFAULT_THEME, THEMES, type Theme } from '@beatroom/shared/settings-constants';
import { create } from 'zustand';

export const THEME_STORAGE_KEY = 'beatroom-theme';

export type ResolvedTheme = Exclude<Theme, 'auto'>;

export function isTheme(value: unknown): value is Theme {
  return THEMES.some((theme) => theme === value);
}

// Storage access is guarded because this module is imported by the shared App, which must load
// where there is no window (unit tests, tooling), and because browsers may refuse storage.

/** The stored choice, or the default (dark) when none or an unknown value is stored. */
export function readStoredTheme(): Theme {
  try {
    const stored = globalThis.localStorage?.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

function writeStoredTheme(theme: Theme): void {
  try {
    globalThis.localStorage?.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage refused (private mode, quota): the choice still holds for this visit.
  }
}

/** auto follows the system's dark preference. */
export function resolveTheme(theme: Theme, systemPrefersDark: boolean): ResolvedTheme {
  if (theme === 'auto') return systemPrefersDark ? 'dark' : 'light';
  return theme;
}

interface ThemeState {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  /**
   * A header pick made while the signed-in user's settings were still loading: it is saved once
   * they arrive, and until then the saved theme must not overwrite it.
   */
  unsavedPick: Theme | null;
  setUnsavedPick: (theme: Theme | null) => void;
  /** Re-reads storage, e.g. after another tab changed the theme. */
  syncFromStorage: () => void;
}

export const useThemeStore = create<ThemeState>()((set) => ({
  theme: readStoredTheme(),
  setTheme: (theme) => {
    writeStoredTheme(theme);
    set({ theme });
  },
  syncFromStorage: () => set({ theme: readStoredTheme() }),
  unsavedPick: null,
  setUnsavedPick: (unsavedPick) => set({ unsavedPick }),
}));
