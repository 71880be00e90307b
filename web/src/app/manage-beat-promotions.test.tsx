import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '@beatroom/shared/settings-contract';
import { makeBeatPromotion, makeCredits, makePromotionOptions } from '../test/account-money-fixtures';
import { makeBeatAnalytics, makeBeatDetail, producer } from '../test/fixtures';
import { jsonResponse, stubFetch } from '../test/mock-fetch';
import { renderRoutes } from '../test/render';
import { MoneyDialogs } from './money-dialogs';
import { resetMoneyDialogs } from './money-dialogs.test-setup';
import { BeatRoute } from './routes/beat-route';

// The Manage Beat modal shows the beat's promotions (state, end date) and opens Promote Your
// Beat, as the app composes them: the beat page, Manage Beat and the money dialogs.

const beat = makeBeatDetail({ user_id: producer.id });
const path = `/api/beats/${beat.id}`;

function setup(promotions = [makeBeatPromotion()]) {
  const api = stubFetch({
    'GET /api/users/me': () => jsonResponse(producer),
    'GET /api/user-settings': () => jsonResponse(DEFAULT_USER_SETTINGS),
    [`GET ${path}`]: () => jsonResponse(beat),
    [`GET ${path}/analytics`]: () => jsonResponse(makeBeatAnalytics()),
    [`GET ${path}/promotions`]: () => jsonResponse(promotions),
    [`GET ${path}/rating-summary`]: () => jsonResponse({ averageRating: null, totalRatings: 0 }),
    [`GET ${path}/public-recordings`]: () => jsonResponse([]),
    'GET /api/user/credits': () => jsonResponse(makeCredits(950)),
    'GET /api/promotion-options': () => jsonResponse(makePromotionOptions()),
  });
  const view = renderRoutes(
    [
      {
        path: '/beat/:beatId',
        element: (
          <>
            <BeatRoute />
            <MoneyDialogs />
          </>
        ),
      },
    ],
    { initialEntry: `/beat/${beat.id}` },
  );
  return { ...view, api };
}

beforeEach(() => resetMoneyDialogs());

describe('Manage Beat’s promotions', () => {
  it('lists each promotion with its state and end date, and Promote opens Promote Your Beat', async () => {
    const { user } = setup([
      makeBeatPromotion({
        type: 'featured_month',
        status: 'scheduled',
        starts_at: '2026-11-27T15:00:00.000Z',
        ends_at: '2026-12-27T15:00:00.000Z',
      }),
      makeBeatPromotion(),
      makeBeatPromotion({ type: 'homepage_boost', status: 'ended', ends_at: '2026-11-10T15:00:00.000Z' }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Manage Beat' }));
    const manage = await screen.findByRole('dialog', { name: 'Manage Beat' });
    const list = await within(manage).findByRole('list', { name: 'Promotions of this beat' });
    const rows = within(list)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Featured 1 MonthScheduledStarts Nov 27, 2026, ends Dec 27, 2026',
      'Featured 1 WeekActiveEnds Nov 27, 2026',
      'Homepage BoostEndedEnded Nov 10, 2026',
    ]);

    await user.click(within(manage).getByRole('button', { name: `Promote ${beat.title}` }));
    const promote = await screen.findByRole('dialog', { name: 'Promote Your Beat' });
    expect(promote).toHaveTextContent(beat.title);
    expect(await within(promote).findByRole('radio', { name: /^Featured 1 Week/ })).toBeInTheDocument();
  });

  it('says when the beat has never been promoted', async () => {
    const { user, api } = setup([]);
    await user.click(await screen.findByRole('button', { name: 'Manage Beat' }));
    expect(await screen.findByText('This beat has not been promoted yet.')).toBeInTheDocument();
    await waitFor(() => expect(api.calls(`GET ${path}/promotions`)).toHaveLength(1));
  });
});
