import { DEFAULT_USER_SETTINGS, type UserSettings } from '@beatroom/shared/settings-contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ThemeSettingsSync } from '../../features/theme/components/theme-settings-sync';
import { ThemeSync } from '../../features/theme/components/theme-sync';
import { readStoredTheme, useThemeStore } from '../../features/theme/store/theme-store';
import { ada } from '../../test/fixtures';
import { jsonResponse, stubFetch } from '../../test/mock-fetch';
import { renderRoutes } from '../../test/render';
import { SettingsRoute } from './settings-route';

const html = () => document.documentElement;

function renderSettings(path: string) {
  return renderRoutes(
    [
      {
        path: '/settings',
        element: (
          <>
            <ThemeSync />
            <ThemeSettingsSync />
            <SettingsRoute />
          </>
        ),
      },
    ],
    { initialEntry: path },
  );
}

function signedIn(stored: UserSettings) {
  let current = stored;
  return stubFetch({
    'GET /api/users/me': () => jsonResponse(ada),
    'GET /api/user-settings': () => jsonResponse(current),
    'PUT /api/user-settings': (request) => {
      current = request.body as UserSettings;
      return jsonResponse(current);
    },
  });
}

describe('/settings', () => {
  beforeEach(() => {
    useThemeStore.setState({ theme: readStoredTheme() });
  });

  it('asks a visitor to sign in', async () => {
    stubFetch({ 'GET /api/users/me': () => jsonResponse({ error: 'Not signed in' }, 401) });
    renderSettings('/settings?section=display');
    expect(
      await screen.findByRole('heading', { name: 'Sign in to change your settings' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Settings sections' })).not.toBeInTheDocument();
  });

  it("applies the signed-in user's saved theme, a picked one at once, and saves it", async () => {
    const api = signedIn({ ...DEFAULT_USER_SETTINGS, theme: 'light' });
    const { user } = renderSettings('/settings?section=display');

    await waitFor(() => expect(html()).toHaveAttribute('data-theme', 'light'));
    const theme = await screen.findByLabelText('Theme');
    expect(theme).toHaveValue('light');

    await user.selectOptions(theme, 'Dark');
    // At once, before any save.
    expect(html()).toHaveAttribute('data-theme', 'dark');
    expect(api.calls('PUT /api/user-settings')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument());
    expect(api.calls('PUT /api/user-settings')[0]?.body).toEqual({ ...DEFAULT_USER_SETTINGS, theme: 'dark' });
    expect(html()).toHaveAttribute('data-theme', 'dark');
  });

  it('Discard puts the saved theme back on screen', async () => {
    signedIn({ ...DEFAULT_USER_SETTINGS, theme: 'light' });
    const { user } = renderSettings('/settings?section=display');
    await user.selectOptions(await screen.findByLabelText('Theme'), 'Dark');
    expect(html()).toHaveAttribute('data-theme', 'dark');

    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(html()).toHaveAttribute('data-theme', 'light');
    expect(screen.getByLabelText('Theme')).toHaveValue('light');
  });

  it('opens the first section (Account) without ?section= or with an unknown one', async () => {
    signedIn(DEFAULT_USER_SETTINGS);
    renderSettings('/settings?section=nope');
    expect(await screen.findByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
  });
});
