import type { ResolvedTheme } from './store/theme-store';

/**
 * Puts the theme on <html>: the class drives Tailwind's dark variant and the CSS variables
 * (including the background gradient), data-theme is for plain CSS and tests, and color-scheme
 * makes native controls and scrollbars match.
 */
export function applyTheme(root: HTMLElement, theme: ResolvedTheme): void {
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('light', theme === 'light');
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
}
