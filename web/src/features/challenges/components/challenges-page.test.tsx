import { CHALLENGE_TEXTS } from '@beatroom/shared/challenges-contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listener } from '../../../test/fixtures';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { makeChallenge, serverTime, stats } from './challenges.test-fixtures';
import { ChallengesPage } from './challenges-page';

function setup(
  challenges = [makeChallenge()],
  user: typeof listener | null = listener,
  entry = '/challenges',
) {
  const api = stubFetch({
    'GET /api/challenges': (request) =>
      jsonResponse({
        challenges: request.query.get('filter') === 'active' ? challenges : [],
        stats,
        server_time: serverTime,
      }),
    'GET /api/beats': () => jsonResponse([]),
  });
  const view = renderRoutes(
    [
      { path: '/challenges', element: <ChallengesPage user={user} /> },
      { path: '/challenges/:id', element: <p>Challenge page</p> },
    ],
    { initialEntry: entry },
  );
  return { ...view, api };
}

describe('ChallengesPage', () => {
  it('shows the stats banner and the Active Now cards with badges, countdown, fee note and Join', async () => {
    const { api } = setup();
    const card = await screen.findByRole('listitem', { name: 'Night Drive Topline' });
    expect(api.calls('GET /api/challenges')[0]!.query.get('filter')).toBe('active');
    const banner = screen.getByLabelText('Challenge stats');
    expect(within(banner).getByText('Total Prize Credits')).toBeInTheDocument();
    expect(within(banner).getByText('500')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Active Now' })).toHaveAttribute('aria-selected', 'true');
    expect(within(card).getByText('Active Now')).toBeInTheDocument();
    expect(within(card).getByText('500 credits')).toBeInTheDocument();
    expect(within(card).getByText('2h 5m left')).toBeInTheDocument();
    expect(within(card).getByText('Entry fee: 10 credits')).toBeInTheDocument();
    expect(within(card).getByText('by Nova Beats')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View Details' })).toHaveAttribute(
      'href',
      '/challenges/11111111-1111-4111-8111-111111111111',
    );
    expect(within(card).getByRole('link', { name: 'Join' })).toHaveAttribute(
      'href',
      '/challenges/11111111-1111-4111-8111-111111111111?join=1',
    );
    expect(screen.getByRole('button', { name: 'Create Challenge' })).toBeInTheDocument();
  });

  it('shows Joined instead of Join once the member entered; visitors get neither nor Create', async () => {
    setup([makeChallenge({ current_user_entry_id: 'e-1', entry_count: 1 })]);
    const card = await screen.findByRole('listitem', { name: 'Night Drive Topline' });
    expect(within(card).getByText('Joined')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Join' })).not.toBeInTheDocument();
  });

  it('hides Join and Create Challenge from visitors', async () => {
    setup([makeChallenge()], null);
    const card = await screen.findByRole('listitem', { name: 'Night Drive Topline' });
    expect(within(card).queryByRole('link', { name: 'Join' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Challenge' })).not.toBeInTheDocument();
  });

  it('uses the documented empty texts: Active Now, then any other tab', async () => {
    const { user, api } = setup([]);
    expect(await screen.findByText(CHALLENGE_TEXTS.EMPTY_ACTIVE)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Recently Ended' }));
    expect(await screen.findByText(CHALLENGE_TEXTS.EMPTY_OTHER)).toBeInTheDocument();
    expect(api.calls('GET /api/challenges').at(-1)!.query.get('filter')).toBe('ended');
    await user.click(screen.getByRole('tab', { name: 'All Challenges' }));
    await waitFor(() => expect(api.calls('GET /api/challenges').at(-1)!.query.get('filter')).toBeNull());
  });

  it('opens the Create Challenge dialog for members and checks the form before sending', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Create Challenge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Challenge' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Challenge' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill in the title');
    expect(api.calls('POST /api/challenges')).toHaveLength(0);
  });
});
