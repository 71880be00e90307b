import { screen, waitFor } from '@testing-library/react';
import { USER_SETTINGS_DEFAULTS } from '@beatroom/shared/settings-constants';
import { describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { createTestQueryClient, renderRoutes } from '../../../test/render';
import { sessionKeys } from '../api';
import { userSettingsKeys } from '../user-settings-api';
import { useSession } from './use-session';
import { useUserSettings } from './use-user-settings';
import { useSignOut } from './use-sign-out';
import { ada } from '../../../test/fixtures';

function SessionView() {
  const { user, isPending } = useSession();
  const signOut = useSignOut();
  if (isPending) return <p>pending</p>;
  return user ? (
    <button type="button" onClick={() => void signOut()}>
      Sign out {user.email}
    </button>
  ) : (
    <p>signed out</p>
  );
}

function renderSession(initialEntry = '/', queryClient = createTestQueryClient()) {
  return renderRoutes(
    [
      { path: '/', element: <SessionView /> },
      { path: '/somewhere', element: <SessionView /> },
    ],
    { initialEntry, queryClient },
  );
}

function ManyReaders() {
  const { user } = useSession();
  const { settings } = useUserSettings();
  return <p>{`${user?.email ?? 'nobody'} ${settings.preferredCurrency}`}</p>;
}

describe('session', () => {
  it('observes the session and the settings once however many components read them', async () => {
    stubFetch({
      'GET /api/users/me': () => jsonResponse(ada),
      'GET /api/user-settings': () => jsonResponse({ ...USER_SETTINGS_DEFAULTS, preferredCurrency: 'EUR' }),
    });
    const { queryClient } = renderRoutes([
      { path: '/', element: Array.from({ length: 30 }, (_, i) => <ManyReaders key={i} />) },
    ]);
    await waitFor(() => expect(screen.getAllByText(`${ada.email} EUR`)).toHaveLength(30));
    const observers = (key: readonly unknown[]) =>
      queryClient.getQueryCache().find({ queryKey: key })?.getObserversCount();
    expect(observers(sessionKeys.me)).toBe(1);
    expect(observers(userSettingsKeys.settings(ada.id))).toBe(1);
  });

  it('is pending during the first fetch, then holds the user', async () => {
    const answer = deferred<Response>();
    stubFetch({ 'GET /api/users/me': () => answer.promise });
    renderSession();

    expect(screen.getByText('pending')).toBeInTheDocument();
    answer.resolve(jsonResponse(ada));
    expect(await screen.findByRole('button', { name: 'Sign out ada@example.com' })).toBeInTheDocument();
  });

  it('treats 401 as signed out, without logging', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({ 'GET /api/users/me': () => jsonResponse({ error: 'Not signed in' }, 401) });
    renderSession();

    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(error).not.toHaveBeenCalled();
  });

  it('logs other failures and ends pending as signed out', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({ 'GET /api/users/me': () => jsonResponse({ error: 'Database down' }, 500) });
    renderSession();

    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Failed to fetch user: API responded with HTTP status 500');
  });

  it('signs out by clearing the user first, then calling logout, then going to /', async () => {
    const logout = deferred<Response>();
    let userWhenLogoutCalled: unknown = 'not called';
    const queryClient = createTestQueryClient();
    const api = stubFetch({
      'GET /api/users/me': () => jsonResponse(ada),
      'POST /api/logout': () => {
        userWhenLogoutCalled = queryClient.getQueryData(sessionKeys.me);
        return logout.promise;
      },
    });
    const { router, user } = renderSession('/somewhere', queryClient);

    await user.click(await screen.findByRole('button', { name: 'Sign out ada@example.com' }));

    expect(screen.getByText('signed out')).toBeInTheDocument();
    expect(userWhenLogoutCalled).toBeNull();
    expect(router.state.location.pathname).toBe('/somewhere');

    logout.resolve(jsonResponse({ ok: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls('POST /api/logout')[0]?.init?.credentials).toBe('include');
  });

  it('still goes home when logout fails, and only logs it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      'GET /api/users/me': () => jsonResponse(ada),
      'POST /api/logout': () => jsonResponse({ error: 'Oops' }, 500),
    });
    const { router, user } = renderSession('/somewhere');

    await user.click(await screen.findByRole('button', { name: 'Sign out ada@example.com' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByText('signed out')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Failed to sign out: API responded with HTTP status 500');
  });
});
