import type { Notification } from '@beatroom/shared/realtime-objects-contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listener, makeNotification } from '../../../test/fixtures';
import { jsonResponse, stubFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { NotificationBell } from './notification-bell';

const FOLLOWER = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const BEAT = '22222222-2222-4222-8222-222222222222';
const REVIEWED = '33333333-3333-4333-8333-333333333333';

function setup(
  count: number,
  notifications: Notification[] = [],
  handlers: Record<string, FetchHandler> = {},
) {
  const api = stubFetch({
    'GET /api/notifications/unread-count': () => jsonResponse({ count }),
    'GET /api/notifications': () => jsonResponse({ notifications, hasMore: false }),
    'PATCH /api/notifications/read-all': () => jsonResponse({ ok: true, count: 0 }),
    ...Object.fromEntries(
      notifications.map((n) => [
        `PATCH /api/notifications/${n.id}/read`,
        () => jsonResponse({ ok: true, count: 0 }),
      ]),
    ),
    ...handlers,
  });
  const page = (name: string) => <p>{name}</p>;
  const view = renderRoutes([
    { path: '/', element: <NotificationBell userId={listener.id} /> },
    { path: '/beats/:beatId', element: page('Beat page') },
    { path: '/profile/:userId', element: page('Profile page') },
    { path: '/notifications', element: page('Notifications page') },
  ]);
  return { ...view, api };
}

async function openBell(user: ReturnType<typeof setup>['user'], name: RegExp = /^Notifications/) {
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('menu');
}

describe('NotificationBell', () => {
  it('shows the unread count in the badge and in its name, 99+ above 99', async () => {
    setup(150);
    const bell = await screen.findByRole('button', { name: 'Notifications (99+ unread)' });
    expect(within(bell).getByText('99+')).toBeInTheDocument();
  });

  it('shows the exact count up to 99', async () => {
    setup(99);
    const bell = await screen.findByRole('button', { name: 'Notifications (99 unread)' });
    expect(within(bell).getByText('99')).toBeInTheDocument();
  });

  it('hides the badge at zero', async () => {
    const { api } = setup(0);
    await waitFor(() => expect(api.calls('GET /api/notifications/unread-count')).toHaveLength(1));
    const bell = screen.getByRole('button', { name: 'Notifications' });
    expect(bell).toHaveTextContent('');
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it('lists the latest 10 on opening, with an empty state when there are none', async () => {
    const { user, api } = setup(0);
    const menu = await openBell(user);
    expect(await within(menu).findByText('No notifications yet')).toBeInTheDocument();
    expect(
      api.fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/notifications?limit=10')),
    ).toBe(true);
    expect(within(menu).getByRole('menuitem', { name: 'View All Notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it.each([
    ['new_beat', { beatId: BEAT }, `/beats/${BEAT}`],
    ['beat_review', { beatId: REVIEWED }, `/beats/${REVIEWED}`],
    ['new_follower', { followerId: FOLLOWER }, `/profile/${FOLLOWER}`],
  ] as const)('opens a %s notification: marks it read and goes where it leads', async (type, data, path) => {
    const notification = makeNotification({ type, title: `A ${type} notification`, data });
    const { user, router, api } = setup(1, [notification]);
    const menu = await openBell(user, /Notifications \(1 unread\)/);

    await user.click(
      await within(menu).findByRole('menuitem', { name: new RegExp(`A ${type} notification`) }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    await waitFor(() =>
      expect(api.calls(`PATCH /api/notifications/${notification.id}/read`)).toHaveLength(1),
    );
  });

  it('does not mark an already read notification again', async () => {
    const notification = makeNotification({
      read_at: new Date().toISOString(),
      data: { followerId: FOLLOWER },
    });
    const { user, router, api } = setup(0, [notification]);
    const menu = await openBell(user);
    await user.click(await within(menu).findByRole('menuitem', { name: /New follower/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/profile/${FOLLOWER}`));
    expect(api.calls(`PATCH /api/notifications/${notification.id}/read`)).toHaveLength(0);
  });

  it('marks all read: the badge goes and the items read as read', async () => {
    const notifications = [makeNotification({ title: 'First' }), makeNotification({ title: 'Second' })];
    const { user, api } = setup(2, notifications);
    const menu = await openBell(user, /2 unread/);
    expect(await within(menu).findByRole('menuitem', { name: /^First\s*\(unread\)/ })).toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitem', { name: 'Mark all read' }));

    await waitFor(() => expect(api.calls('PATCH /api/notifications/read-all')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: /^First/ })).not.toHaveTextContent('(unread)');
    expect(within(menu).getByRole('menuitem', { name: 'Mark all read' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});
