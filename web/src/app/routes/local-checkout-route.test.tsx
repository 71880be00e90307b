import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSignInDialog } from '../../features/session/store/sign-in-dialog-store';
import { listener } from '../../test/fixtures';
import { jsonResponse, stubFetch } from '../../test/mock-fetch';
import { makeOrder, ORDER_ID } from '../../test/purchase-fixtures';
import { renderRoutes } from '../../test/render';
import { appRoutes } from '../routes';

// /checkout/local/:orderId as the route table composes it: the buyer's own order, members only.

const checkout = appRoutes[0]?.children?.find((route) => route.path === 'checkout/local/:orderId');

function setup(signedIn: boolean) {
  const api = stubFetch({
    'GET /api/users/me': () =>
      signedIn ? jsonResponse(listener) : jsonResponse({ error: 'Not signed in' }, 401),
    [`GET /api/checkout/local/${ORDER_ID}`]: () => jsonResponse(makeOrder()),
  });
  const view = renderRoutes([{ path: '/checkout/local/:orderId', element: checkout?.element }], {
    initialEntry: `/checkout/local/${ORDER_ID}`,
  });
  return { ...view, api };
}

beforeEach(() => useSignInDialog.setState({ isOpen: false, onClose: null }));

describe('the local checkout route', () => {
  it('asks a signed-out visitor to sign in and loads no order', async () => {
    const { user, api } = setup(false);
    expect(
      await screen.findByRole('heading', { name: 'Sign in to complete your purchase' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(useSignInDialog.getState().isOpen).toBe(true);
    expect(api.calls(`GET /api/checkout/local/${ORDER_ID}`)).toHaveLength(0);
  });

  it('shows the signed-in buyer their order', async () => {
    setup(true);
    expect(await screen.findByRole('button', { name: 'Pay $59.98' })).toBeInTheDocument();
    expect(screen.getByText('Test payment, no money moves')).toBeInTheDocument();
  });
});
