import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listener, makeActivity } from '../../../test/fixtures';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { ActivityPage, type LiveConnection } from './activity-page';

const connected: LiveConnection = { status: 'connected', reconnect: () => {} };

describe('ActivityPage', () => {
  it('shows Global, Following and Your Activity, each from its own scope', async () => {
    const followed = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
    const api = stubFetch({
      'GET /api/activity': ({ query }) =>
        jsonResponse({
          activities:
            query.get('scope') === 'global'
              ? [
                  makeActivity({ userName: 'Nova Beats', targetName: 'Midnight Run' }),
                  makeActivity({
                    type: 'user_followed',
                    userName: 'Ada',
                    targetId: followed,
                    targetName: 'Kai',
                  }),
                ]
              : [],
        }),
    });
    const { user } = renderRoutes([
      { path: '/', element: <ActivityPage user={listener} connection={connected} /> },
    ]);

    expect(screen.getByText('Live: new activity appears as it happens')).toBeInTheDocument();
    const global = await screen.findByRole('tabpanel');
    expect(await within(global).findByText('Midnight Run')).toHaveAttribute(
      'href',
      '/beats/11111111-1111-4111-8111-111111111111',
    );
    expect(within(global).getByRole('link', { name: 'Kai' })).toHaveAttribute('href', `/profile/${followed}`);

    await user.click(screen.getByRole('tab', { name: 'Following' }));
    expect(await screen.findByText('No recent activity from people you follow')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Your Activity' }));
    expect(await screen.findByText('No recent activity of yours yet')).toBeInTheDocument();
    expect(api.calls('GET /api/activity').map((r) => r.query.get('scope'))).toEqual([
      'global',
      'following',
      'mine',
    ]);
  });

  it('offers the quick actions and a reconnect after the connection gave up', async () => {
    stubFetch({ 'GET /api/activity': () => jsonResponse({ activities: [] }) });
    let asked = 0;
    const failed: LiveConnection = { status: 'error', reconnect: () => (asked += 1) };
    const { user } = renderRoutes([
      { path: '/', element: <ActivityPage user={listener} connection={failed} /> },
    ]);

    expect(screen.getByRole('link', { name: /Upload New Beat/ })).toHaveAttribute('href', '/upload');
    expect(screen.getByRole('link', { name: /Open Studio/ })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: /View Challenges/ })).toHaveAttribute('href', '/challenges');
    await user.click(screen.getByRole('button', { name: 'Reconnect' }));
    expect(asked).toBe(1);
  });
});
