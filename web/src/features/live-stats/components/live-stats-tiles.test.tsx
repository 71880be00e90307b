import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { useLiveStatsVisibility } from '../store/live-stats-visibility';
import { LiveStatsTiles } from './live-stats-tiles';

beforeEach(() => {
  useLiveStatsVisibility.setState({ hidden: false });
});

describe('LiveStatsTiles', () => {
  it('shows the four tiles and hides them on request, remembering the choice', async () => {
    stubFetch({
      'GET /api/live/stats': () =>
        jsonResponse({
          connectedUsers: 12,
          activeSessions: 15,
          totalPlaying: 4,
          totalListening: 3,
          recentActivities: 1200,
        }),
    });
    const { user } = renderRoutes([{ path: '/', element: <LiveStatsTiles /> }]);
    expect(await screen.findByText('12')).toBeInTheDocument();
    for (const label of ['Online Users', 'Active Sessions', 'Now Playing', 'Recent Activity']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    expect(screen.getByText('1.2K')).toBeInTheDocument();
    expect(screen.getByText('3 listening')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Hide live stats' }));
    expect(screen.queryByText('Online Users')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('beatroom:live-stats') ?? '{}')).toMatchObject({
      state: { hidden: true },
    });

    await user.click(screen.getByRole('button', { name: 'Show live stats' }));
    expect(await screen.findByText('Online Users')).toBeInTheDocument();
  });
});
