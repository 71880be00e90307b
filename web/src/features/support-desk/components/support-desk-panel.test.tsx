import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { makeTicket } from '../../../test/support-fixtures';
import { SupportDeskPanel } from './support-desk-panel';

const stats = (avg: number | null) => ({
  statusStats: [
    { status: 'open', count: 3 },
    { status: 'in_progress', count: 1 },
    { status: 'waiting_for_user', count: 0 },
    { status: 'resolved', count: 2 },
    { status: 'closed', count: 4 },
  ],
  categoryStats: [
    { category: 'technical', count: 5 },
    { category: 'billing', count: 2 },
    { category: 'account', count: 0 },
    { category: 'content', count: 0 },
    { category: 'feature_request', count: 3 },
    { category: 'general', count: 0 },
  ],
  avgResponseTimeHours: avg,
});

function setup(avg: number | null = 2.6) {
  const api = stubFetch({
    'GET /api/admin/support/stats': () => jsonResponse(stats(avg)),
    'GET /api/admin/support/tickets': () =>
      jsonResponse({ tickets: [makeTicket({ message_count: 4, assigned_admin_name: 'Bo Admin' })] }),
  });
  return { ...renderRoutes([{ path: '/', element: <SupportDeskPanel /> }]), api };
}

describe('SupportDeskPanel', () => {
  it('shows status and category counts and the average response in rounded hours', async () => {
    setup();
    await waitFor(() => expect(screen.getByTestId('status-count-open')).toHaveTextContent('3'));
    expect(screen.getByTestId('avg-response')).toHaveTextContent('3h');
    expect(screen.getByRole('list', { name: 'Tickets by category' })).toHaveTextContent(
      'Feature Requests: 3',
    );
    const row = within(await screen.findByRole('list', { name: 'Support tickets' })).getByRole('link');
    expect(row).toHaveAttribute('href', '/admin/support/ticket/T-000123');
    expect(row).toHaveTextContent('Fan Tastic · Technical Issues · 4 messages · Bo Admin');
  });

  it('says N/A before any response', async () => {
    setup(null);
    await waitFor(() => expect(screen.getByTestId('avg-response')).toHaveTextContent('N/A'));
  });

  it('asks the server with the chosen filters', async () => {
    const { user, api } = setup();
    await screen.findByRole('list', { name: 'Support tickets' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'open');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'urgent');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'billing');
    await user.type(screen.getByRole('searchbox', { name: 'Search tickets' }), 'refund');
    await waitFor(() =>
      expect(api.calls('GET /api/admin/support/tickets').at(-1)?.query.toString()).toBe(
        'status=open&priority=urgent&category=billing&search=refund',
      ),
    );
  });
});
