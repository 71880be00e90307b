import type { Coupon } from '@beatroom/shared/coupons-contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listener } from '../../../test/fixtures';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { CouponsSection } from './coupons-section';

const COUPON_ID = '66666666-6666-4666-8666-666666666666';

function setup() {
  let coupons: Coupon[] = [];
  let deal: { buy_count: number; free_count: number } | null = null;
  const api = stubFetch({
    'GET /api/users/me': () => jsonResponse(listener),
    'GET /api/coupons': () => jsonResponse(coupons),
    'POST /api/coupons': ({ body }) => {
      const b = body as Omit<Coupon, 'id' | 'created_at'>;
      const coupon = {
        ...b,
        code: b.code.toUpperCase(),
        id: COUPON_ID,
        created_at: '2026-11-29T06:00:00.000Z',
      };
      coupons = [coupon];
      return jsonResponse(coupon, 201);
    },
    [`DELETE /api/coupons/${COUPON_ID}`]: () => {
      coupons = [];
      return new Response(null, { status: 204 });
    },
    [`GET /api/users/${listener.id}/deal`]: () => jsonResponse(deal),
    'PUT /api/deals': ({ body }) => jsonResponse((deal = body as typeof deal)),
  });
  renderRoutes([{ path: '/', element: <CouponsSection userId={listener.id} /> }]);
  return api;
}

describe('the dashboard’s coupons and deals', () => {
  it('creates a fixed-amount coupon in cents, lists it and deletes it', async () => {
    const user = userEvent.setup();
    const api = setup();
    expect(await screen.findByText('No coupons yet.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'New coupon' });
    await user.type(within(form).getByLabelText('Code'), 'spring');
    await user.selectOptions(within(form).getByLabelText('Discount'), 'fixed');
    await user.type(within(form).getByLabelText('Dollars off'), '5.50');
    await user.type(within(form).getByLabelText('Uses (optional)'), '3');
    await user.click(within(form).getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(api.calls('POST /api/coupons')).toHaveLength(1));
    expect(api.calls('POST /api/coupons')[0]!.body).toEqual({
      code: 'spring',
      kind: 'fixed',
      value: 550,
      beat_ids: [],
      expires_at: null,
      max_uses: 3,
    });
    const list = await screen.findByRole('list', { name: 'Your coupons' });
    expect(within(list).getByText('SPRING')).toBeInTheDocument();
    expect(within(list).getByText('$5.50 off all your beats, 3 uses')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete coupon SPRING' }));
    expect(await screen.findByText('No coupons yet.')).toBeInTheDocument();
  });

  it('sets a bulk deal', async () => {
    const user = userEvent.setup();
    const api = setup();
    const form = await screen.findByRole('form', { name: 'Bulk deal' });
    expect(await within(form).findByText(/No bulk deal/)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Buy'), '2');
    await user.type(within(form).getByLabelText('Get free'), '1');
    await user.click(within(form).getByRole('button', { name: 'Save deal' }));
    expect(
      await within(form).findByText('Your deal: buy 2 get 1 free (the cheapest in the cart).'),
    ).toBeInTheDocument();
    expect(api.calls('PUT /api/deals')[0]!.body).toEqual({ buy_count: 2, free_count: 1 });
  });
});
