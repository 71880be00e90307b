import { DEFAULT_USER_SETTINGS } from '@beatroom/shared/settings-contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CreditsSettingsSection } from '../features/credits/components/credits-settings-section';
import { SubscriptionSettingsSection } from '../features/subscriptions/components/subscription-settings-section';
import { makeCredits, makeSubscription } from '../test/account-money-fixtures';
import { producer } from '../test/fixtures';
import { jsonResponse, stubFetch } from '../test/mock-fetch';
import { renderRoutes } from '../test/render';
import { MoneyDialogs } from './money-dialogs';

// Back from a card checkout (the provider's success URL), the balance and the plan the page
// shows are fetched again: the webhook that credited them may have landed after this page's
// first load.

function setup(at: string) {
  let paid = false;
  const api = stubFetch({
    'GET /api/users/me': () => jsonResponse(producer),
    'GET /api/user-settings': () => jsonResponse(DEFAULT_USER_SETTINGS),
    'GET /api/user/credits': () => {
      const answer = jsonResponse(makeCredits(paid ? 2100 : 950));
      paid = true;
      return answer;
    },
    'GET /api/user/subscription': () => jsonResponse({ subscription: makeSubscription() }),
  });
  const page = (
    <>
      <CreditsSettingsSection />
      <SubscriptionSettingsSection />
      <MoneyDialogs />
    </>
  );
  renderRoutes([{ path: '*', element: page }], { initialEntry: at });
  return api;
}

describe('coming back from a checkout', () => {
  it.each(['/settings?section=credits&checkout=success', `/beat/b1?promotion=success`])(
    'fetches the balance and the plan again at %s',
    async (at) => {
      const api = setup(at);
      await waitFor(() => expect(api.calls('GET /api/user/credits').length).toBeGreaterThanOrEqual(2));
      expect(await screen.findByText('2,100')).toBeInTheDocument();
      await waitFor(() => expect(api.calls('GET /api/user/subscription').length).toBeGreaterThanOrEqual(2));
    },
  );

  it('asks once on any other page', async () => {
    const api = setup('/settings?section=credits');
    expect(await screen.findByText('950')).toBeInTheDocument();
    expect(api.calls('GET /api/user/credits')).toHaveLength(1);
  });
});
