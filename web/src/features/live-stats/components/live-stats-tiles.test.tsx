import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { useLiveStatsVisibility } from '../store/live-stats-visibility';
import { LiveStatsTiles } from './live-stats-tiles';

beforeEach(() => {
  useLiveStatsVisibility.setState({ expanded: false });
  localStorage.clear();
});

function show() {
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
  return renderRoutes([{ path: '/', element: <LiveStatsTiles /> }]);
}

/** The figure shown for a label: its term's definition. */
const figure = (label: string) => screen.getByText(label).closest('div')?.querySelector('dd')?.textContent;

describe('LiveStatsTiles', () => {
  it('shows the four figures on one line by default, so the beats start in the first screen', async () => {
    show();
    expect(await screen.findByText('12')).toBeInTheDocument();
    expect(figure('Online Users')).toBe('12');
    expect(figure('Active Sessions')).toBe('15');
    expect(figure('Now Playing')).toBe('4');
    expect(figure('Recent Activity')).toBe('1.2K');
    // The tiles' extra lines are not on the one line.
    expect(screen.queryByText('3 listening')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show tiles' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the tiles on request and remembers the choice', async () => {
    const { user } = show();
    await screen.findByText('12');
    await user.click(screen.getByRole('button', { name: 'Show tiles' }));
    expect(screen.getByText('3 listening')).toBeInTheDocument();
    expect(figure('Online Users')).toBe('12');
    expect(JSON.parse(localStorage.getItem('beatroom:live-stats-expanded') ?? '{}')).toMatchObject({
      state: { expanded: true },
    });
    await user.click(screen.getByRole('button', { name: 'Hide tiles' }));
    expect(screen.queryByText('3 listening')).not.toBeInTheDocument();
  });
});
