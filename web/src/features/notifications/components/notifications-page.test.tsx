import type { Notification } from '@beatroom/shared/realtime-objects-contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listener, makeNotification } from '../../../test/fixtures';
import { deferred, jsonResponse, stubFetch, type RecordedRequest } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { sessionKeys } from '../../session/api';
import { NotificationsPage } from './notifications-page';

const BEAT = '22222222-2222-4222-8222-222222222222';

const firstPage = Array.from({ length: 20 }, (_, i) =>
  makeNotification({
    type: 'new_beat',
    title: `Beat ${i + 1}`,
    message: `New beat number ${i + 1}`,
    data: { beatId: BEAT },
    read_at: i % 2 ? new Date().toISOString() : null,
  }),
);
const secondPage = [makeNotification({ title: 'Older follower', read_at: new Date().toISOString() })];

type Lister = (request: RecordedRequest) => { notifications: Notification[]; hasMore: boolean };

function setup(list: Lister, at = '/notifications') {
  const api = stubFetch({
    'GET /api/users/me': () => jsonResponse(listener),
    'GET /api/notifications': (request) => jsonResponse(list(request)),
    'GET /api/notifications/unread-count': () => jsonResponse({ count: 10 }),
    'PATCH /api/notifications/read-all': () => jsonResponse({ ok: true, count: 0 }),
    [`PATCH /api/notifications/${firstPage[0]!.id}/read`]: () => jsonResponse({ ok: true, count: 9 }),
  });
  const view = renderRoutes(
    [
      {
        path: '/notifications',
        element: <NotificationsPage user={listener} />,
      },
      { path: '/beats/:beatId', element: <p>Beat page</p> },
      { path: '/', element: <p>Home</p> },
    ],
    { initialEntry: at },
  );
  view.queryClient.setQueryData(sessionKeys.me, listener);
  return { ...view, api };
}

const pages: Lister = ({ query }) =>
  query.get('page') === '2'
    ? { notifications: secondPage, hasMore: false }
    : { notifications: firstPage, hasMore: true };

const listedTitles = () =>
  within(screen.getByRole('list', { name: 'Notifications' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.truncate')?.textContent);

describe('NotificationsPage', () => {
  it('shows skeleton rows while loading, then the list with unread ones highlighted', async () => {
    const pending = deferred<Response>();
    const api = stubFetch({
      'GET /api/notifications': () => pending.promise,
      'GET /api/notifications/unread-count': () => jsonResponse({ count: 10 }),
    });
    const view = renderRoutes([{ path: '/', element: <NotificationsPage user={listener} /> }]);
    const loading = await screen.findByRole('status', { name: 'Loading notifications' });
    expect(loading.querySelectorAll('li')).toHaveLength(6);

    pending.resolve(jsonResponse({ notifications: firstPage, hasMore: false }));
    expect(await screen.findByText('Beat 1')).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('button');
    expect(rows[0]).toHaveAttribute('data-unread');
    expect(rows[0]).toHaveTextContent('New');
    expect(rows[0]).toHaveTextContent('5 minutes ago');
    expect(rows[1]).not.toHaveAttribute('data-unread');
    expect(screen.getByText('10 unread')).toBeInTheDocument();
    expect(api.calls('GET /api/notifications')[0]?.query.toString()).toBe('page=1&limit=20&read=all');
    view.unmount();
  });

  it('loads the next page with Load More while hasMore, then hides it', async () => {
    const { user, api } = setup(pages);
    expect(await screen.findByText('Beat 20')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load More' }));

    expect(await screen.findByText('Older follower')).toBeInTheDocument();
    expect(listedTitles()).toHaveLength(21);
    expect(api.calls('GET /api/notifications').map((r) => r.query.get('page'))).toEqual(['1', '2']);
    expect(api.calls('GET /api/notifications')[1]?.query.get('limit')).toBe('20');
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('filters by read status and type, asking the server for each', async () => {
    const { user, api, router } = setup(({ query }) => ({
      notifications: query.get('read') === 'unread' ? [firstPage[0]!] : firstPage,
      hasMore: false,
    }));
    await screen.findByText('Beat 20');

    await user.click(screen.getByRole('button', { name: 'Unread' }));
    await waitFor(() => expect(listedTitles()).toEqual(['Beat 1']));
    expect(screen.getByRole('button', { name: 'Unread' })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?read=unread');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'new_follower');
    await waitFor(() => expect(api.calls('GET /api/notifications')).toHaveLength(3));
    const last = api.calls('GET /api/notifications').at(-1)!.query;
    expect(last.get('read')).toBe('unread');
    expect(last.get('type')).toBe('new_follower');

    await user.click(screen.getByRole('button', { name: 'Read' }));
    await waitFor(() => expect(api.calls('GET /api/notifications').at(-1)!.query.get('read')).toBe('read'));
  });

  it('shows the empty state, with a way back from a filter', async () => {
    const { user } = setup(() => ({ notifications: [], hasMore: false }), '/notifications?read=unread');
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all notifications' }));
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('marks one read and opens its beat on click; Mark all read marks the rest', async () => {
    const { user, api, router } = setup(({ query }) => ({
      notifications: query.get('page') === '1' ? firstPage.slice(0, 3) : [],
      hasMore: false,
    }));
    await user.click(await screen.findByRole('button', { name: /Mark all read/ }));
    await waitFor(() => expect(api.calls('PATCH /api/notifications/read-all')).toHaveLength(1));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('button')[0],
      ).not.toHaveAttribute('data-unread'),
    );

    await user.click(screen.getByText('Beat 1'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/beats/${BEAT}`));
    // Already read by Mark all read: no second call.
    expect(api.calls(`PATCH /api/notifications/${firstPage[0]!.id}/read`)).toHaveLength(0);
  });

  it('marks an unread one read when it is opened', async () => {
    const { user, api, router } = setup(() => ({ notifications: firstPage.slice(0, 1), hasMore: false }));
    await user.click(await screen.findByText('Beat 1'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/beats/${BEAT}`));
    await waitFor(() =>
      expect(api.calls(`PATCH /api/notifications/${firstPage[0]!.id}/read`)).toHaveLength(1),
    );
  });
});
