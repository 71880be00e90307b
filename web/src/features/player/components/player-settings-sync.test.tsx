import { DEFAULT_USER_SETTINGS } from '@beatroom/shared/settings-contract';
import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { userSettingsKeys } from '../../session/user-settings-api';
import { ada } from '../../../test/fixtures';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { resetPlayerStore, usePlayerStore } from '../store/player-store';
import { PlayerSettingsSync } from './player-settings-sync';

function renderSync() {
  return renderRoutes([{ path: '/', element: <PlayerSettingsSync /> }]);
}

function signedIn(settings = DEFAULT_USER_SETTINGS) {
  return stubFetch({
    'GET /api/users/me': () => jsonResponse(ada),
    'GET /api/user-settings': () => jsonResponse(settings),
  });
}

describe('player settings', () => {
  beforeEach(() => resetPlayerStore());

  it('starts at the default volume and follows autoPlay when nothing was saved on this device', async () => {
    signedIn({ ...DEFAULT_USER_SETTINGS, defaultVolume: 40, autoPlay: false });
    renderSync();
    await waitFor(() => expect(usePlayerStore.getState().volume).toBe(0.4));
    expect(usePlayerStore.getState().autoPlay).toBe(false);
  });

  it('keeps a saved volume over the default, but applies a newly saved default at once', async () => {
    resetPlayerStore({ volume: 0.2, volumeFromSave: true });
    signedIn({ ...DEFAULT_USER_SETTINGS, defaultVolume: 40 });
    const { queryClient } = renderSync();
    await waitFor(() => expect(queryClient.getQueryData(userSettingsKeys.settings(ada.id))).toBeDefined());
    // Let the component render with the loaded settings before they change again.
    await act(async () => {});
    expect(usePlayerStore.getState().volume).toBe(0.2);

    act(() => {
      queryClient.setQueryData(userSettingsKeys.settings(ada.id), {
        ...DEFAULT_USER_SETTINGS,
        defaultVolume: 90,
      });
    });
    await waitFor(() => expect(usePlayerStore.getState().volume).toBe(0.9));
  });

  it('leaves a visitor’s player at its own default', async () => {
    const api = stubFetch({ 'GET /api/users/me': () => jsonResponse({ error: 'Not signed in' }, 401) });
    renderSync();
    await waitFor(() => expect(api.calls('GET /api/users/me')).toHaveLength(1));
    expect(api.calls('GET /api/user-settings')).toHaveLength(0);
    expect(usePlayerStore.getState().volume).toBe(0.75);
    expect(usePlayerStore.getState().autoPlay).toBe(true);
  });
});
