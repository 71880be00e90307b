import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ThemeSwitch } from './components/theme-switch';
import { THEME_STORAGE_KEY, useThemeStore } from './store/theme-store';

// The header's theme switch. Its own file: theme.test.tsx resets the module registry, and the
// menu loads by import() when first opened (DeferredMenu), which would then get fresh modules.

beforeEach(() => useThemeStore.setState({ theme: 'dark' }));

describe('the header theme switch', () => {
  it('offers dark, light and auto (loading its menu on the first click) and applies the pick', async () => {
    const user = userEvent.setup();
    render(<ThemeSwitch />);

    await user.click(screen.getByRole('button', { name: 'Theme: Dark' }));
    const options = await screen.findAllByRole('menuitemradio');
    expect(options.map((option) => option.textContent)).toEqual(['Dark', 'Light', 'Auto']);
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');

    await user.click(screen.getByRole('menuitemradio', { name: 'Light' }));
    expect(useThemeStore.getState().theme).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(screen.getByRole('button', { name: 'Theme: Light' })).toBeInTheDocument();
  });
});
