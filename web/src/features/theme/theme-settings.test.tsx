import { DEFAULT_USER_SETTINGS } from '@beatroom/shared/settings-contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ada } from '../../test/fixtures';
import { jsonResponse, stubFetch } from '../../test/mock-fetch';
import { renderRoutes } from '../../test/render';
import { ThemeSettingsSync } from './components/theme-settings-sync';
import { ThemeSwitch } from './components/theme-switch';
import { ThemeSync } from './components/theme-sync';
import { useSaveThemeSetting } from './hooks/use-save-theme-setting';
import { readStoredTheme, useThemeStore } from './store/theme-store';

// The theme of a signed-in user is their saved setting (the theme setting); the header switch
// saves a pick as that setting, a visitor's pick stays in this browser.

function HeaderLike() {
  const saveTheme = useSaveThemeSetting();
  return (
    <>
      <ThemeSync />
      <ThemeSettingsSync />
      <ThemeSwitch onPick={saveTheme} />
    </>
  );
}

const html = () => document.documentElement;

describe('theme and the user settings', () => {
  beforeEach(() => useThemeStore.setState({ theme: readStoredTheme(), unsavedPick: null }));

  it("applies a signed-in user's saved theme and saves a header pick as their setting", async () => {
    const api = stubFetch({
      'GET /api/users/me': () => jsonResponse(ada),
      'GET /api/user-settings': () => jsonResponse({ ...DEFAULT_USER_SETTINGS, theme: 'auto' }),
      'PUT /api/user-settings': (request) => jsonResponse(request.body),
    });
    const { user } = renderRoutes([{ path: '/', element: <HeaderLike /> }]);

    expect(await screen.findByRole('button', { name: 'Theme: Auto' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Theme: Auto' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Light' }));

    expect(html()).toHaveAttribute('data-theme', 'light');
    await waitFor(() => expect(api.calls('PUT /api/user-settings')).toHaveLength(1));
    expect(api.calls('PUT /api/user-settings')[0]?.body).toEqual({
      ...DEFAULT_USER_SETTINGS,
      theme: 'light',
    });
    expect(html()).toHaveAttribute('data-theme', 'light');
  });

  it('saves a pick made while the settings were still loading, and the saved theme does not undo it', async () => {
    let sendSettings: (() => void) | undefined;
    const settingsArrive = new Promise<void>((resolve) => (sendSettings = resolve));
    const api = stubFetch({
      'GET /api/users/me': () => jsonResponse(ada),
      'GET /api/user-settings': async () => {
        await settingsArrive;
        return jsonResponse({ ...DEFAULT_USER_SETTINGS, theme: 'dark' });
      },
      'PUT /api/user-settings': (request) => jsonResponse(request.body),
    });
    const { user } = renderRoutes([{ path: '/', element: <HeaderLike /> }]);
    await waitFor(() => expect(api.calls('GET /api/user-settings')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Theme: Dark' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Light' }));
    expect(html()).toHaveAttribute('data-theme', 'light');
    expect(api.calls('PUT /api/user-settings')).toHaveLength(0);

    sendSettings!();
    await waitFor(() => expect(api.calls('PUT /api/user-settings')).toHaveLength(1));
    expect(api.calls('PUT /api/user-settings')[0]?.body).toEqual({
      ...DEFAULT_USER_SETTINGS,
      theme: 'light',
    });
    await waitFor(() => expect(useThemeStore.getState().unsavedPick).toBeNull());
    expect(html()).toHaveAttribute('data-theme', 'light');
  });

  it("keeps a visitor's pick in this browser without asking the server", async () => {
    const api = stubFetch({ 'GET /api/users/me': () => jsonResponse({ error: 'Not signed in' }, 401) });
    const { user } = renderRoutes([{ path: '/', element: <HeaderLike /> }]);
    await waitFor(() => expect(api.calls('GET /api/users/me')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Theme: Dark' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Light' }));

    expect(html()).toHaveAttribute('data-theme', 'light');
    expect(localStorage.getItem('beatroom-theme')).toBe('light');
    expect(api.calls('GET /api/user-settings')).toHaveLength(0);
    expect(api.calls('PUT /api/user-settings')).toHaveLength(0);
  });
});
