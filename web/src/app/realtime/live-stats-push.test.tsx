import type { SessionUser } from '@beatroom/shared/auth-contract';
import type { LiveStats } from '@beatroom/shared/realtime-objects-contract';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { LiveStatsTiles } from '../../features/live-stats/components/live-stats-tiles';
import { useLiveStatsVisibility } from '../../features/live-stats/store/live-stats-visibility';
import { sessionKeys } from '../../features/session/api';
import { listener } from '../../test/fixtures';
import { FakeWebSocket } from '../../test/fake-websocket';
import { deferred, jsonResponse, stubFetch, type FetchHandler } from '../../test/mock-fetch';
import { createTestQueryClient, renderRoutes } from '../../test/render';
import { AppRealtime } from './app-realtime';

const me: SessionUser = listener;

const stats = (connectedUsers: number, activeSessions: number): LiveStats => ({
  connectedUsers,
  activeSessions,
  totalPlaying: 2,
  totalListening: 1,
  recentActivities: 5,
});

/** Home's tiles next to the app's realtime connection, with the poll answered by `poll`. */
function setup(poll: FetchHandler) {
  const api = stubFetch({
    'GET /api/users/me': () => jsonResponse(me),
    'GET /api/notifications/unread-count': () => jsonResponse({ count: 0 }),
    'GET /api/live/stats': poll,
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.me, me);
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <AppRealtime />
            <LiveStatsTiles />
          </>
        ),
      },
    ],
    { queryClient },
  );
  return { api, socket: FakeWebSocket.latest };
}

/** The figure a tile shows, found by its label. */
const figure = (label: string) => screen.getByText(label).closest('div')?.querySelector('dd')?.textContent;

beforeEach(() => {
  FakeWebSocket.install();
  useLiveStatsVisibility.setState({ expanded: false });
});

describe('live stats pushed over the socket without waiting for the refresh', () => {
  it("shows the viewer's own arrival at once, without waiting for the 30 s poll", async () => {
    const { api, socket } = setup(() => jsonResponse(stats(0, 0)));
    await waitFor(() => expect(figure('Online Users')).toBe('0'));

    act(() => {
      socket.open();
      socket.receive({ type: 'live_stats', data: stats(1, 1) });
    });
    await waitFor(() => expect(figure('Online Users')).toBe('1'));
    expect(figure('Active Sessions')).toBe('1');
    expect(api.calls('GET /api/live/stats')).toHaveLength(1);

    act(() => socket.receive({ type: 'live_stats', data: stats(3, 4) }));
    await waitFor(() => expect(figure('Online Users')).toBe('3'));
    expect(figure('Active Sessions')).toBe('4');
  });

  it('a poll counted before the socket opened does not bring the old numbers back', async () => {
    const pending = deferred<Response>();
    const { api, socket } = setup(() => pending.promise);
    await waitFor(() => expect(api.calls('GET /api/live/stats')).toHaveLength(1));

    act(() => {
      socket.open();
      socket.receive({ type: 'live_stats', data: stats(1, 1) });
    });
    await waitFor(() => expect(figure('Online Users')).toBe('1'));
    await act(async () => pending.resolve(jsonResponse(stats(0, 0))));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(figure('Online Users')).toBe('1');
    expect(figure('Now Playing')).toBe('2');
  });
});
