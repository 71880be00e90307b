import type { SessionUser } from '@beatroom/shared/auth-contract';
import { DEFAULT_USER_SETTINGS } from '@beatroom/shared/settings-contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi, type Mock } from 'vitest';
import { useBuyCreditsDialog } from '../features/credits/store/buy-credits-dialog-store';
import { usePromoteDialog } from '../features/promotions/store/promote-dialog-store';
import { sessionKeys } from '../features/session/api';
import { useUpgradeDialog } from '../features/subscriptions/store/upgrade-dialog-store';
import { redirectBrowser } from '../lib/browser-location';
import { createBrowserPlatform, PlatformProvider, type Platform } from '../lib/platform';
import { makeCredits, makePromotionOptions, makeTiers } from '../test/account-money-fixtures';
import { producer } from '../test/fixtures';
import { jsonResponse, stubFetch, type FetchHandler } from '../test/mock-fetch';
import { createTestQueryClient, renderRoutes } from '../test/render';
import { MoneyDialogs } from './money-dialogs';

// The paying dialogs as the app mounts them (app/money-dialogs.tsx): real stores, the real
// payment choice of purchase, fetch stubbed at the network boundary with contract fixtures.

export function resetMoneyDialogs() {
  useBuyCreditsDialog.setState({ isOpen: false, onPurchased: null });
  useUpgradeDialog.setState({ isOpen: false, onSubscribed: null });
  usePromoteDialog.setState({ beat: null, onPromoted: null });
}

/**
 * Each test starts with the dialogs closed and no browser redirect recorded, and ends on real
 * timers. For a test file that mocks ../lib/browser-location (vi.mock is hoisted per file).
 */
export function freshMoneyDialogsEachTest() {
  beforeEach(() => {
    resetMoneyDialogs();
    vi.mocked(redirectBrowser).mockReset();
  });
  afterEach(() => vi.useRealTimers());
}

/**
 * On a success screen (steppable timers): the opener's callback waits out its 2 s, then runs
 * once and the dialog closes.
 */
export async function expectFinishedAfterSuccess(callback: Mock) {
  expect(callback).not.toHaveBeenCalled();
  await act(() => vi.advanceTimersByTimeAsync(2000));
  expect(callback).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

export function renderMoneyDialogs({
  user = producer,
  handlers = {},
  platform,
}: { user?: SessionUser; handlers?: Record<string, FetchHandler>; platform?: Platform } = {}) {
  const api = stubFetch({
    'GET /api/users/me': () => jsonResponse(user),
    'GET /api/user-settings': () => jsonResponse(DEFAULT_USER_SETTINGS),
    'GET /api/payment/methods': () => jsonResponse([]),
    'GET /api/user/credits': () => jsonResponse(makeCredits()),
    'GET /api/user/subscription': () => jsonResponse({ subscription: null }),
    'GET /api/producer-tiers': () => jsonResponse(makeTiers()),
    'GET /api/promotion-options': () => jsonResponse(makePromotionOptions()),
    ...handlers,
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.me, user);
  const dialogs = <MoneyDialogs />;
  const view = renderRoutes(
    [
      {
        path: '*',
        element: (
          <PlatformProvider platform={platform ?? createBrowserPlatform()}>{dialogs}</PlatformProvider>
        ),
      },
    ],
    { queryClient },
  );
  return { ...view, api };
}

/** Opens a dialog through its store, as the user menu or Manage Beat would. */
export function openWith(open: () => void) {
  act(open);
}

/**
 * Fake timers that still follow the wall clock (fetch stubs, React Query and user-event keep
 * working), so a test can jump the 2 s of a success screen instead of waiting them out.
 */
export function startSteppableTimers() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
}
