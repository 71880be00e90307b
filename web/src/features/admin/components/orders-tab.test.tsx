import type { AdminOrderRow } from '@beatroom/shared/refunds-contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_EVENT, type ToastDetail } from '../../../lib/toast';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { createTestQueryClient, renderRoutes } from '../../../test/render';
import { OrdersTab } from './orders-tab';

const paid: AdminOrderRow = {
  id: '55555555-5555-4555-8555-555555555555',
  buyer_name: 'Milo Mint',
  buyer_email: 'milo@example.com',
  beat_id: '44444444-4444-4444-8444-444444444444',
  beat_title: 'Copper Skyline',
  license_type: 'exclusive',
  amount_cents: 10_000,
  currency: 'USD',
  status: 'paid',
  provider: 'local',
  invoice_number: 'BR-2026-000004',
  paid_at: '2026-11-20T15:00:00.000Z',
  refunded_cents: 0,
  dispute_status: null,
};

let toasts: ToastDetail[] = [];
const onToast = (e: Event) => toasts.push((e as CustomEvent<ToastDetail>).detail);
beforeEach(() => {
  toasts = [];
  window.addEventListener(TOAST_EVENT, onToast);
});
afterEach(() => window.removeEventListener(TOAST_EVENT, onToast));

describe('OrdersTab', () => {
  it('searches, asks for a reason before refunding, then shows the order refunded', async () => {
    let refunded = false;
    const net = stubFetch({
      'GET /api/admin/orders': () =>
        jsonResponse({
          orders: [refunded ? { ...paid, status: 'refunded', refunded_cents: 10_000 } : paid],
        }),
      [`POST /api/admin/orders/${paid.id}/refund`]: () => {
        refunded = true;
        return jsonResponse({
          order_id: paid.id,
          status: 'refunded',
          refunded_cents: 10_000,
          credit_note_number: 'CN-2026-000001',
        });
      },
    });
    const onBeatsChanged = vi.fn();
    const { user } = renderRoutes([{ path: '/', element: <OrdersTab onBeatsChanged={onBeatsChanged} /> }], {
      queryClient: createTestQueryClient(),
    });
    await user.type(
      screen.getByRole('searchbox', { name: 'Search by buyer, beat or invoice number' }),
      'milo',
    );
    await waitFor(() => expect(net.calls('GET /api/admin/orders').at(-1)?.query.get('q')).toBe('milo'));
    const row = await screen.findByTestId('admin-order-row');
    expect(row).toHaveTextContent('Copper Skyline');
    expect(row).toHaveTextContent('$100.00');
    expect(row).toHaveTextContent('BR-2026-000004');
    expect(row).toHaveTextContent('PAID');

    await user.click(within(row).getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund order' });
    expect(dialog).toHaveTextContent('Refund $100.00 to milo@example.com for "Copper Skyline"?');
    const confirm = within(dialog).getByRole('button', { name: 'Refund' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason'), '  Bought by mistake ');
    await user.click(confirm);

    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({ type: 'success', title: 'Order refunded (credit note CN-2026-000001)' }),
      ),
    );
    expect(net.calls(`POST /api/admin/orders/${paid.id}/refund`)[0]!.body).toEqual({
      reason: 'Bought by mistake',
    });
    expect(onBeatsChanged).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('admin-order-row')).toHaveTextContent('REFUNDED'));
    expect(
      within(screen.getByTestId('admin-order-row')).queryByRole('button', { name: 'Refund' }),
    ).toBeNull();
  });

  it('a refused refund shows the server’s error and keeps the dialog open', async () => {
    stubFetch({
      'GET /api/admin/orders': () => jsonResponse({ orders: [paid] }),
      [`POST /api/admin/orders/${paid.id}/refund`]: () =>
        jsonResponse({ error: 'This order was already refunded' }, 409),
    });
    const { user } = renderRoutes([{ path: '/', element: <OrdersTab /> }], {
      queryClient: createTestQueryClient(),
    });
    await user.click(
      within(await screen.findByTestId('admin-order-row')).getByRole('button', { name: 'Refund' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Refund order' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Again');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({ type: 'error', title: 'This order was already refunded' }),
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Refund order' })).toBeVisible();
  });
});
