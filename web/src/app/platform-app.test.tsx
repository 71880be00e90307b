import type { DesktopAuthStatus } from '@beatroom/shared/ipc-auth-contract';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSignInDialog } from '../features/session/store/sign-in-dialog-store';
import { configureApiClient } from '../lib/api-client';
import {
  createBrowserPlatform,
  type LibraryScreenProps,
  type Platform,
  type PlatformLibrary,
} from '../lib/platform';
import { jsonResponse, stubFetch } from '../test/mock-fetch';
import { createTestQueryClient } from '../test/render';
import { App } from './app';
import { ada } from '../test/fixtures';

function LibraryScreen({ openBeat }: LibraryScreenProps) {
  return (
    <div>
      <h1>My local library</h1>
      <button type="button" onClick={() => openBeat('b-1')}>
        Open beat
      </button>
    </div>
  );
}

/** A desktop-like platform: the browser's parts plus fakes for the desktop-only ones. */
function desktopPlatform() {
  const authListeners: ((status: DesktopAuthStatus) => void)[] = [];
  const navigation: ((path: string) => void)[] = [];
  const status: DesktopAuthStatus = { user: null, pending: true, persisted: true, error: null };
  const auth = {
    signIn: vi.fn(async () => status),
    signOut: vi.fn(async () => {}),
    status: vi.fn(async () => status),
    subscribe: (listener: (s: DesktopAuthStatus) => void) => {
      authListeners.push(listener);
      return () => {};
    },
  };
  const platform: Platform = {
    ...createBrowserPlatform(),
    kind: 'desktop',
    api: { baseUrl: 'https://beatroom.example' },
    auth,
    library: { Screen: LibraryScreen } as unknown as PlatformLibrary,
    navigation: {
      subscribe: (listener) => {
        navigation.push(listener);
        return () => {};
      },
    },
  };
  return {
    platform,
    auth,
    emitAuth: (s: DesktopAuthStatus) => authListeners.forEach((l) => l(s)),
    navigate: (path: string) => navigation.forEach((l) => l(path)),
  };
}

function renderApp(platform: Platform | undefined, path = '/') {
  const user = userEvent.setup();
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  render(
    <App
      platform={platform}
      createRouter={(routes) => (router = createMemoryRouter(routes, { initialEntries: [path] }))}
      queryClient={createTestQueryClient()}
    />,
  );
  return { user, router: () => router! };
}

beforeAll(async () => {
  // The header loads the member controls lazily. When jsdom renders them while the layout's other
  // lazy parts are loading too, vitest's module runner can wait forever on their shared imports
  // (the browser build has no such step: the sign-in journeys cover it); loaded up front here.
  await import('./layout/member-controls');
});

beforeEach(() => {
  useSignInDialog.setState({ isOpen: false, onClose: null });
});
afterEach(() => {
  configureApiClient({ baseUrl: '' });
});

describe('App on the desktop platform', () => {
  it('calls the configured server, leaving the Bearer header to the app’s main process', async () => {
    const api = stubFetch({ 'GET /api/users/me': () => jsonResponse(ada) });
    renderApp(desktopPlatform().platform);
    expect(await screen.findByRole('button', { name: 'Ada, user menu' })).toBeInTheDocument();
    expect(api.fetchMock.mock.calls[0]![0]).toBe('https://beatroom.example/api/users/me');
    expect((api.requests[0]!.init!.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('adds /library with the platform’s screen and a Library link; a beat opens in the app', async () => {
    stubFetch({ 'GET /api/users/me': () => jsonResponse(ada) });
    const { user, router } = renderApp(desktopPlatform().platform, '/library');
    expect(await screen.findByRole('heading', { name: 'My local library' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Library' })).toHaveAttribute('href', '/library');
    await user.click(screen.getByRole('button', { name: 'Open beat' }));
    expect(router().state.location.pathname).toBe('/beats/b-1');
  });

  it('has no /library and no Library link on the web', async () => {
    stubFetch({ 'GET /api/users/me': () => jsonResponse({ error: 'Not signed in' }, 401) });
    renderApp(undefined, '/library');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'Library' }),
    ).toBeNull();
  });

  it('signs in through the system browser and shows the user once the app reports it', async () => {
    let signedIn = false;
    stubFetch({
      'GET /api/users/me': () =>
        signedIn ? jsonResponse(ada) : jsonResponse({ error: 'Not signed in' }, 401),
    });
    const desktop = desktopPlatform();
    const { user } = renderApp(desktop.platform);
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(desktop.auth.signIn).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Continue in your browser')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Welcome to Beatroom' })).toBeNull();

    signedIn = true;
    act(() => desktop.emitAuth({ user: ada, pending: false, persisted: true, error: null }));
    expect(await screen.findByRole('button', { name: 'Ada, user menu' })).toBeInTheDocument();
  });

  it('signs out through the platform, which forgets the token', async () => {
    stubFetch({ 'GET /api/users/me': () => jsonResponse(ada) });
    const desktop = desktopPlatform();
    const { user } = renderApp(desktop.platform);
    await user.click(await screen.findByRole('button', { name: 'Ada, user menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(desktop.auth.signOut).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('follows the native menu to a screen', async () => {
    stubFetch({ 'GET /api/users/me': () => jsonResponse(ada) });
    const desktop = desktopPlatform();
    const { router } = renderApp(desktop.platform);
    await screen.findByRole('button', { name: 'Ada, user menu' });
    await act(async () => desktop.navigate('/library'));
    expect(router().state.location.pathname).toBe('/library');
  });
});
