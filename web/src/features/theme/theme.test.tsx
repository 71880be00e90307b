import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeSync } from './components/theme-sync';
import { readStoredTheme, THEME_STORAGE_KEY, useThemeStore } from './store/theme-store';

/** A controllable stand-in for the system's prefers-color-scheme: dark query. */
function stubSystemTheme(prefersDark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: prefersDark,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => query),
  );
  return {
    set(dark: boolean) {
      query.matches = dark;
      listeners.forEach((listener) => listener());
    },
  };
}

const html = () => document.documentElement;

describe('theme store', () => {
  beforeEach(() => {
    useThemeStore.setState({ theme: readStoredTheme() });
  });

  it('defaults to dark when nothing (or nonsense) is stored', async () => {
    expect(useThemeStore.getState().theme).toBe('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(readStoredTheme()).toBe('dark');

    vi.resetModules();
    const fresh = await import('./store/theme-store');
    expect(fresh.useThemeStore.getState().theme).toBe('dark');
  });

  it('persists the choice under beatroom-theme and starts from it next time', async () => {
    useThemeStore.getState().setTheme('light');
    expect(localStorage.getItem('beatroom-theme')).toBe('light');

    vi.resetModules();
    const fresh = await import('./store/theme-store');
    expect(fresh.useThemeStore.getState().theme).toBe('light');
  });

  it('puts the effective theme on <html> as class and data-theme', () => {
    stubSystemTheme(true);
    render(<ThemeSync />);
    expect(html()).toHaveClass('dark');
    expect(html()).toHaveAttribute('data-theme', 'dark');

    act(() => useThemeStore.getState().setTheme('light'));
    expect(html()).toHaveClass('light');
    expect(html()).not.toHaveClass('dark');
    expect(html()).toHaveAttribute('data-theme', 'light');
  });

  it('auto follows prefers-color-scheme, live', () => {
    const system = stubSystemTheme(false);
    render(<ThemeSync />);

    act(() => useThemeStore.getState().setTheme('auto'));
    expect(html()).toHaveAttribute('data-theme', 'light');

    act(() => system.set(true));
    expect(html()).toHaveAttribute('data-theme', 'dark');
    expect(html()).toHaveClass('dark');

    act(() => system.set(false));
    expect(html()).toHaveAttribute('data-theme', 'light');
  });
});
