import type { SessionUser } from '@beatroom/shared/auth-contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toaster';
import { LiveActivityFeed } from '../../features/activity/components/live-activity-feed';
import { useActivityFeedStore } from '../../features/activity/store/activity-feed-store';
import { analyticsKeys } from '../../features/analytics/api';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useRealtimeStore } from '../../features/realtime/store/realtime-store';
import { sessionKeys } from '../../features/session/api';
import { configureApiClient } from '../../lib/api-client';
import { createBrowserPlatform, PlatformProvider, type Platform } from '../../lib/platform';
import { TOAST_EVENT, type ToastDetail } from '../../lib/toast';
import { FakeWebSocket } from '../../test/fake-websocket';
import { listener, makeActivity, makeAnalytics, makeNotification } from '../../test/fixtures';
import { jsonResponse, stubFetch, type FetchHandler } from '../../test/mock-fetch';
import { createTestQueryClient, renderRoutes } from '../../test/render';
import { AppRealtime } from './app-realtime';
import { useLiveConnection } from './live-connection';

const me: SessionUser = listener;

/** The home page's feed, with the connection's status as app/ passes it. */
function Feed() {
  return <LiveActivityFeed status={useLiveConnection().status} />;
}

function setup(handlers: Record<string, FetchHandler> = {}, platform?: Platform) {
  const api = stubFetch({
    'GET /api/users/me': () => jsonResponse(me),
    'GET /api/notifications/unread-count': () => jsonResponse({ count: 0 }),
    ...handlers,
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.me, me);
  const toasts: ToastDetail[] = [];
  const onToast = (event: Event) => toasts.push((event as CustomEvent<ToastDetail>).detail);
  window.addEventListener(TOAST_EVENT, onToast);
  const view = renderRoutes(
    [
      {
        path: '/',
        element: (
          <PlatformProvider platform={platform ?? createBrowserPlatform()}>
            <AppRealtime />
            <NotificationBell userId={me.id} />
            <Feed />
            <Toaster />
          </PlatformProvider>
        ),
      },
      { path: '/profile/:userId', element: <p>Profile page</p> },
    ],
    { queryClient },
  );
  return { ...view, api, toasts, cleanup: () => window.removeEventListener(TOAST_EVENT, onToast) };
}

beforeEach(() => {
  FakeWebSocket.install();
  useActivityFeedStore.getState().reset();
});
afterEach(() => {
  configureApiClient({ baseUrl: '' });
});

/** The desktop app's adapter, as far as these tests need it: a recorded notify. */
function desktopPlatform() {
  const notify = vi.fn(async (_notification: { title: string; body?: string; path?: string }) => {});
  const platform: Platform = {
    ...createBrowserPlatform(),
    kind: 'desktop',
    api: { baseUrl: 'https://api.beatroom.example' },
    notify,
  };
  return { platform, notify };
}

describe('the app’s realtime connection', () => {
  it('opens /api/ws for the signed-in user and feeds the bell and the activity feed', async () => {
    const { cleanup } = setup();
    const socket = FakeWebSocket.latest;
    expect(socket.url).toMatch(/^ws:\/\/localhost(:\d+)?\/api\/ws$/);
    expect(await screen.findByText('Offline')).toBeInTheDocument();

    act(() => socket.open());
    expect(socket.sent).toEqual([{ type: 'auth', data: { userId: me.id } }]);
    expect(useRealtimeStore.getState().status).toBe('connected');
    expect(screen.getByText('Live')).toBeInTheDocument();

    act(() => {
      socket.receive({ type: 'notification', data: { type: 'connected', userId: me.id } });
      socket.receive({
        type: 'activity',
        data: {
          type: 'initial_feed',
          activities: [makeActivity({ userName: 'Nova Beats', targetName: 'Midnight Run' })],
        },
      });
      socket.receive({ type: 'notification', data: { type: 'unread_count_updated', count: 3 } });
    });
    expect(await screen.findByRole('button', { name: 'Notifications (3 unread)' })).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('Nova Beats uploaded Midnight Run');

    act(() =>
      socket.receive({
        type: 'activity',
        data: {
          type: 'new_activity',
          activity: makeActivity({
            type: 'beat_rated',
            userName: 'Fan',
            targetName: 'Night Drive',
            metadata: { rating: 4 },
          }),
        },
      }),
    );
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Fan rated Night Drive★with4 stars');
    cleanup();
  });

  it('toasts a new notification for 5 s, bumps the badge, and opens it from the toast', async () => {
    const follower = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
    const notification = makeNotification({
      title: 'New follower',
      message: 'Ada followed you',
      data: { followerId: follower },
    });
    const { toasts, user, router, api, cleanup } = setup({
      [`PATCH /api/notifications/${notification.id}/read`]: () => jsonResponse({ ok: true, count: 1 }),
    });
    const socket = FakeWebSocket.latest;
    act(() => socket.open());
    act(() => socket.receive({ type: 'notification', data: { type: 'unread_count_updated', count: 1 } }));
    act(() => socket.receive({ type: 'notification', data: { type: 'new_notification', notification } }));

    expect(toasts).toEqual([
      expect.objectContaining({
        type: 'info',
        title: 'New follower',
        message: 'Ada followed you',
        duration: 5000,
      }),
    ]);
    expect(await screen.findByRole('button', { name: 'Notifications (2 unread)' })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'View' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/profile/${follower}`));
    await waitFor(() =>
      expect(api.calls(`PATCH /api/notifications/${notification.id}/read`)).toHaveLength(1),
    );
    cleanup();
  });

  it('toasts a system announcement for 8 s with its severity and stores pushed analytics', () => {
    const { toasts, queryClient, cleanup } = setup();
    const socket = FakeWebSocket.latest;
    act(() => socket.open());
    act(() =>
      socket.receive({
        type: 'notification',
        data: { type: 'system_announcement', message: 'Maintenance at 22:00', severity: 'warning' },
      }),
    );
    expect(toasts).toEqual([
      expect.objectContaining({ type: 'warning', message: 'Maintenance at 22:00', duration: 8000 }),
    ]);

    const analytics = makeAnalytics({
      totalPlays: 10,
      totalDownloads: 2,
      totalBeats: 1,
      totalFollowers: 5,
      recentPlays: 1,
    });
    act(() => socket.receive({ type: 'analytics', data: { type: 'stats_updated', analytics } }));
    expect(queryClient.getQueryData(analyticsKeys.user(me.id))).toEqual(analytics);
    cleanup();
  });

  it('closes with 1000 when the user signs out, and empties the feed', async () => {
    const { queryClient, cleanup } = setup();
    const socket = FakeWebSocket.latest;
    act(() => socket.open());
    act(() =>
      socket.receive({ type: 'activity', data: { type: 'initial_feed', activities: [makeActivity()] } }),
    );

    act(() => queryClient.setQueryData(sessionKeys.me, null));
    await waitFor(() => expect(socket.closedWith).toBe(1000));
    expect(useRealtimeStore.getState().status).toBe('disconnected');
    expect(useActivityFeedStore.getState().items).toEqual([]);
    expect(FakeWebSocket.instances).toHaveLength(1);
    cleanup();
  });

  it("connects to the desktop app's configured server over wss", () => {
    // What App does with platform.api before the first render (app/app.tsx).
    configureApiClient({ baseUrl: 'https://api.beatroom.example' });
    const { cleanup } = setup({}, desktopPlatform().platform);
    expect(FakeWebSocket.latest.url).toBe('wss://api.beatroom.example/api/ws');
    cleanup();
  });

  it('hands a new notification to platform.notify with where it leads', () => {
    const { platform, notify } = desktopPlatform();
    const follower = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
    const notification = makeNotification({
      title: 'New follower',
      message: 'Lin followed you',
      data: { followerId: follower },
    });
    const { cleanup } = setup({}, platform);
    const socket = FakeWebSocket.latest;
    act(() => socket.open());
    act(() => socket.receive({ type: 'notification', data: { type: 'unread_count_updated', count: 0 } }));
    expect(notify).not.toHaveBeenCalled();
    act(() => socket.receive({ type: 'notification', data: { type: 'new_notification', notification } }));
    expect(notify).toHaveBeenCalledExactlyOnceWith({
      title: 'New follower',
      body: 'Lin followed you',
      path: `/profile/${follower}`,
    });
    cleanup();
  });

  it('stays closed when the server ends the socket with 1000 (the session ended)', () => {
    vi.useFakeTimers();
    try {
      const { cleanup } = setup();
      const socket = FakeWebSocket.latest;
      act(() => socket.open());
      act(() => socket.serverClose(1000));
      expect(useRealtimeStore.getState().status).toBe('disconnected');
      act(() => vi.advanceTimersByTime(60_000));
      expect(FakeWebSocket.instances).toHaveLength(1);
      cleanup();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not connect for a visitor', () => {
    stubFetch({ 'GET /api/users/me': () => jsonResponse({ error: 'Not signed in' }, 401) });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionKeys.me, null);
    renderRoutes([{ path: '/', element: <AppRealtime /> }], { queryClient });
    expect(FakeWebSocket.instances).toHaveLength(0);
    vi.clearAllMocks();
  });
});
