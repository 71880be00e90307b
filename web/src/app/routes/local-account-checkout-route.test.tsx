import type { AccountPayment } from '@beatroom/shared/subscriptions-contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSignInDialog } from '../../features/session/store/sign-in-dialog-store';
import { listener } from '../../test/fixtures';
import { jsonResponse, stubFetch } from '../../test/mock-fetch';
import { renderRoutes } from '../../test/render';
import { appRoutes } from '../routes';

// /checkout/local/account/:paymentId as the route table composes it: the payer's own payment of a
// credits pack, promotion or subscription, members only.

const PAYMENT_ID = '7d1c3a52-9b0e-4f7e-8a51-1f2d3c4b5a69';
const route = appRoutes[0]?.children?.find((r) => r.path === 'checkout/local/account/:paymentId');

const payment = (over: Partial<AccountPayment> = {}): AccountPayment => ({
  id: PAYMENT_ID,
  kind: 'credits',
  description: '1,000 credits (+150 bonus)',
  amount_cents: 850,
  currency: 'USD',
  status: 'pending',
  provider: 'local',
  payment_method_type: 'card',
  created_at: '2026-11-23T18:00:00.000Z',
  expires_at: '2026-11-23T18:30:00.000Z',
  paid_at: null,
  return_path: '/settings?section=credits',
  ...over,
});

function setup(signedIn: boolean, found = true) {
  const api = stubFetch({
    'GET /api/users/me': () =>
      signedIn ? jsonResponse(listener) : jsonResponse({ error: 'Not signed in' }, 401),
    [`GET /api/checkout/local/account/${PAYMENT_ID}`]: () =>
      found ? jsonResponse(payment()) : jsonResponse({ error: 'Payment not found' }, 404),
    [`POST /api/checkout/local/account/${PAYMENT_ID}/pay`]: () =>
      jsonResponse(payment({ status: 'paid', paid_at: '2026-11-23T18:05:00.000Z' })),
    [`POST /api/checkout/local/account/${PAYMENT_ID}/cancel`]: () =>
      jsonResponse(payment({ status: 'cancelled' })),
  });
  const view = renderRoutes([{ path: '/checkout/local/account/:paymentId', element: route?.element }], {
    initialEntry: `/checkout/local/account/${PAYMENT_ID}`,
  });
  return { ...view, api };
}

beforeEach(() => useSignInDialog.setState({ isOpen: false, onClose: null }));

describe('the local account checkout route', () => {
  it('asks a signed-out visitor to sign in and loads no payment', async () => {
    const { api } = setup(false);
    expect(
      await screen.findByRole('heading', { name: 'Sign in to complete your payment' }),
    ).toBeInTheDocument();
    expect(api.calls(`GET /api/checkout/local/account/${PAYMENT_ID}`)).toHaveLength(0);
  });

  it('shows the pack with the test banner; Pay completes it and offers the way back', async () => {
    const { user, api } = setup(true);
    expect(await screen.findByText('1,000 credits (+150 bonus)')).toBeInTheDocument();
    expect(screen.getByText('Test payment, no money moves')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $8.50' }));
    expect(await screen.findByRole('heading', { name: 'Payment complete' })).toBeInTheDocument();
    expect(screen.getByText('Your credits are in your balance.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      '/settings?section=credits',
    );
    expect(api.calls(`POST /api/checkout/local/account/${PAYMENT_ID}/pay`)).toHaveLength(1);
  });

  it('Cancel closes it', async () => {
    const { user } = setup(true);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Payment cancelled' })).toBeInTheDocument();
  });

  it('someone else’s or an unknown payment is not found', async () => {
    setup(true, false);
    expect(await screen.findByRole('heading', { name: 'Payment not found' })).toBeInTheDocument();
  });
});
