import { useSyncExternalStore } from 'react';
import { resolveTheme, useThemeStore, type ResolvedTheme } from '../store/theme-store';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_QUERY)
    : null;
}

function subscribeToSystemTheme(onChange: () => void): () => void {
  const query = systemQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Without a media query API we cannot know, so assume the product default: dark. */
export function systemPrefersDark(): boolean {
  return systemQuery()?.matches ?? true;
}

/** The theme actually shown: the stored choice, with auto resolved live from the system. */
export function useResolvedTheme(): ResolvedTheme {
  const theme = useThemeStore((state) => state.theme);
  const prefersDark = useSyncExternalStore(subscribeToSystemTheme, systemPrefersDark, () => true);
  return resolveTheme(theme, prefersDark);
}
