import { screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_USER_SETTINGS } from '@beatroom/shared/settings-contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { useBuyCreditsDialog } from '../../features/credits/store/buy-credits-dialog-store';
import { usePromoteDialog } from '../../features/promotions/store/promote-dialog-store';
import { makeCredits, makeCreditTransaction, makeTransactions } from '../../test/account-money-fixtures';
import { listener, makeBeat, makeProfile, producer } from '../../test/fixtures';
import { jsonResponse } from '../../test/mock-fetch';
import { OWNER_ID, renderProfile } from './profile-route.test-setup';

// The profile's money parts: /profile/{id}?tab=credits, one's own
// credits and never anyone else's; Promote beside each of the owner's uploads.

beforeEach(() => {
  useBuyCreditsDialog.setState({ isOpen: false, onPurchased: null });
  usePromoteDialog.setState({ beat: null, onPromoted: null });
});

describe('the profile’s credits tab', () => {
  it('shows the owner’s balance, ten transactions and Buy More', async () => {
    const transactions = [
      makeCreditTransaction({ description: '1,000 credits pack', amount: 1150, balance_after: 1150 }),
      ...makeTransactions(9),
    ];
    const { user, api } = renderProfile({
      viewer: producer,
      at: `/profile/${OWNER_ID}?tab=credits`,
      handlers: {
        'GET /api/user-settings': () => jsonResponse(DEFAULT_USER_SETTINGS),
        'GET /api/user/credits': () => jsonResponse(makeCredits(950, transactions)),
      },
    });
    const tab = await screen.findByRole('tab', { name: 'Credits' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const balance = await screen.findByRole('list', { name: 'Credit transactions' });
    expect(within(balance).getAllByRole('listitem')).toHaveLength(10);
    expect(within(balance).getAllByRole('listitem')[0]).toHaveTextContent('1,000 credits pack');
    expect(within(balance).getAllByRole('listitem')[0]).toHaveTextContent('+1,150');
    const figures = screen.getByLabelText('Credit balance');
    expect(within(figures).getByText('Available').closest('div')?.parentElement).toHaveTextContent('950');
    expect(api.calls('GET /api/user/credits')[0]?.query.get('limit')).toBe('10');

    await user.click(screen.getByRole('button', { name: 'Buy More' }));
    expect(useBuyCreditsDialog.getState().isOpen).toBe(true);
  });

  it('is not there on someone else’s profile: ?tab=credits falls back to Beats and nothing is asked', async () => {
    const { api } = renderProfile({
      viewer: listener,
      at: `/profile/${OWNER_ID}?tab=credits`,
      handlers: { 'GET /api/user-settings': () => jsonResponse(DEFAULT_USER_SETTINGS) },
    });
    expect(await screen.findByRole('tab', { name: 'Beats' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Credits' })).not.toBeInTheDocument();
    await waitFor(() => expect(api.calls(`GET /api/users/${OWNER_ID}/profile`)).toHaveLength(1));
    expect(api.calls('GET /api/user/credits')).toHaveLength(0);
  });
});

describe('My Uploads', () => {
  it('offers the owner Promote beside each beat, opening Promote Your Beat for it; others get none', async () => {
    const beat = makeBeat({ title: 'Paid Heat' });
    const profile = makeProfile(OWNER_ID, { beats_count: 1, recent_beats: [beat] });
    const settings = { 'GET /api/user-settings': () => jsonResponse(DEFAULT_USER_SETTINGS) };
    const owner = renderProfile({
      viewer: producer,
      profile,
      handlers: settings,
      at: `/profile/${OWNER_ID}?tab=uploads`,
    });
    await owner.user.click(await screen.findByRole('button', { name: 'Promote Paid Heat' }));
    expect(usePromoteDialog.getState().beat).toEqual({ id: beat.id, title: 'Paid Heat' });
    owner.unmount();

    renderProfile({ viewer: listener, profile, handlers: settings, at: `/profile/${OWNER_ID}?tab=uploads` });
    expect(await screen.findByRole('list', { name: 'Uploads' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Promote/ })).not.toBeInTheDocument();
  });
});
