import type { MyBeat, MyBeatsResponse } from '@beatroom/shared/my-beats-contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { producer } from '../../../test/fixtures';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { MyBeatsPage, type MyBeatsSlots } from './my-beats-page';

function beat(overrides: Partial<MyBeat>): MyBeat {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    title: 'Night Drive',
    cover_image_key: null,
    price_cents: 2999,
    list_price_cents: 2999,
    list_currency: 'USD',
    is_free: false,
    created_at: '2026-11-20T10:00:00.000Z',
    status: 'live',
    plays: 12,
    downloads: 3,
    sales: 2,
    revenue_cents: 8997,
    promotion: null,
    ...overrides,
  };
}

const nightDrive = beat({ promotion: { type: 'featured_week', ends_at: '2026-12-01T10:00:00.000Z' } });
const demo = beat({
  id: '22222222-2222-4222-8222-222222222222',
  title: 'Demo',
  status: 'processing',
  plays: 0,
  downloads: 0,
  sales: 0,
  revenue_cents: 0,
});
const response = (beats: MyBeat[]): MyBeatsResponse => ({
  currency: 'USD',
  totals: {
    beats: beats.length,
    plays: beats.reduce((sum, b) => sum + b.plays, 0),
    downloads: beats.reduce((sum, b) => sum + b.downloads, 0),
    sales: beats.reduce((sum, b) => sum + b.sales, 0),
    revenue_cents: beats.reduce((sum, b) => sum + b.revenue_cents, 0),
    promoted: beats.filter((b) => b.promotion).length,
  },
  beats,
});

function setup() {
  let current = [nightDrive, demo];
  const api = stubFetch({
    'GET /api/me/beats': () => jsonResponse(response(current)),
    [`DELETE /api/beats/${demo.id}`]: () => {
      current = [nightDrive];
      return new Response(null, { status: 204 });
    },
  });
  const slots: MyBeatsSlots = {
    manageBeat: ({ beatId, onClose }) => (
      <div role="dialog" aria-label="Manage Beat">
        {beatId}
        <button onClick={onClose}>Close</button>
      </div>
    ),
    promoteButton: (row) => <button>Promote {row.title}</button>,
    onDeleted: vi.fn(),
  };
  const view = renderRoutes(
    [{ path: '/dashboard', element: <MyBeatsPage user={producer} slots={slots} /> }],
    {
      initialEntry: '/dashboard',
    },
  );
  return { ...view, api, slots };
}

describe('My beats', () => {
  it('shows the totals and a row per beat with status, numbers and promotion', async () => {
    setup();
    const table = await screen.findByRole('table');
    const totals = screen.getByLabelText('Totals');
    expect(within(totals).getByText('$89.97')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Night Drive');
    expect(rows[1]).toHaveTextContent('Live');
    expect(rows[1]).toHaveTextContent('Featured');
    expect(rows[2]).toHaveTextContent('Processing');
    expect(rows[2]).toHaveTextContent('Not promoted');
    // Promote only for a beat that is live.
    expect(within(rows[1]!).getByRole('button', { name: 'Promote Night Drive' })).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button', { name: /Promote/ })).not.toBeInTheDocument();
  });

  it('sorts by a column header, then the other way', async () => {
    const { user, api } = setup();
    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('button', { name: 'Plays' }));
    await waitFor(() =>
      expect(api.calls('GET /api/me/beats').at(-1)?.query.toString()).toBe('sort=plays&order=desc'),
    );
    expect(within(table).getByRole('columnheader', { name: 'Plays' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(within(table).getByRole('button', { name: 'Plays' }));
    await waitFor(() =>
      expect(api.calls('GET /api/me/beats').at(-1)?.query.toString()).toBe('sort=plays&order=asc'),
    );
  });

  it('opens Manage Beat for Edit, and deletes after the confirmation', async () => {
    const { user, api, slots } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Demo' }));
    expect(screen.getByRole('dialog', { name: 'Manage Beat' })).toHaveTextContent(demo.id);
    await user.click(screen.getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Delete Demo' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Beat?' });
    expect(confirm).toHaveTextContent('This action cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete Beat' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Demo' })).not.toBeInTheDocument());
    expect(api.calls(`DELETE /api/beats/${demo.id}`)).toHaveLength(1);
    expect(slots.onDeleted).toHaveBeenCalledWith(demo.id);
  });
});
