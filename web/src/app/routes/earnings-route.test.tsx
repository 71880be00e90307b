import { ANALYTICS_LOCKED } from '@beatroom/shared/analytics-charts-contract';
import { DEFAULT_USER_SETTINGS } from '@beatroom/shared/settings-contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionKeys } from '../../features/session/api';
import { createBrowserPlatform, PlatformProvider } from '../../lib/platform';
import { makeEarnings } from '../../test/account-fixtures';
import { makeCredits, makeTiers } from '../../test/account-money-fixtures';
import { producer } from '../../test/fixtures';
import { jsonResponse, stubFetch } from '../../test/mock-fetch';
import { createTestQueryClient, renderRoutes } from '../../test/render';
import { MoneyDialogs } from '../money-dialogs';
import { resetMoneyDialogs } from '../money-dialogs.test-setup';
import { EarningsRoute } from './earnings-route';

// app/ composes the earnings page with subscriptions: the locked chart's Upgrade to Pro opens
// the one Upgrade dialog the root layout mounts.

beforeEach(() => resetMoneyDialogs());

describe('/earnings for a producer without analytics in the plan', () => {
  it('Upgrade to Pro on the locked earnings-by-day chart opens Upgrade to Producer Pro', async () => {
    stubFetch({
      'GET /api/users/me': () => jsonResponse(producer),
      'GET /api/user-settings': () => jsonResponse(DEFAULT_USER_SETTINGS),
      'GET /api/users/me/earnings': () => jsonResponse(makeEarnings()),
      'GET /api/users/me/earnings/by-day': () => jsonResponse({ error: ANALYTICS_LOCKED }, 403),
      'GET /api/payment/methods': () => jsonResponse([]),
      'GET /api/user/credits': () => jsonResponse(makeCredits()),
      'GET /api/user/subscription': () => jsonResponse({ subscription: null }),
      'GET /api/producer-tiers': () => jsonResponse(makeTiers()),
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionKeys.me, producer);
    const { user } = renderRoutes(
      [
        {
          path: '/',
          element: (
            <PlatformProvider platform={createBrowserPlatform()}>
              <EarningsRoute user={producer} />
              <MoneyDialogs />
            </PlatformProvider>
          ),
        },
      ],
      { queryClient },
    );
    const locked = await screen.findByRole('group', { name: 'Earnings by day is locked' });
    expect(locked).toHaveTextContent(ANALYTICS_LOCKED);
    await user.click(within(locked).getByRole('button', { name: 'Upgrade to Pro' }));
    expect(await screen.findByRole('dialog', { name: 'Upgrade to Producer Pro' })).toBeInTheDocument();
  });
});
