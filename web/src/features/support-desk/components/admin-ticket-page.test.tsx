import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listener, makeSessionUser } from '../../../test/fixtures';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { sessionKeys } from '../../session/api';
import { makeMessage, makeTicket } from '../../../test/support-fixtures';
import { AdminTicketPage } from './admin-ticket-page';

const admin = makeSessionUser({
  id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  name: 'Ann Admin',
  isAdmin: true,
});
const other = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

function setup(user = admin, ticketAnswer = () => jsonResponse(makeTicket({ message_count: 2 }))) {
  const api = stubFetch({
    'GET /api/users/me': () => jsonResponse(user),
    'GET /api/admin/support/tickets/T-000123': ticketAnswer,
    'GET /api/admin/support/tickets/T-000123/messages': () =>
      jsonResponse({
        messages: [
          makeMessage({ message: 'Hello?', sender_name: 'Fan Tastic' }),
          makeMessage({
            message: 'Check the logs',
            message_type: 'admin',
            sender_name: 'Ann Admin',
            is_internal: true,
          }),
        ],
      }),
    'GET /api/admin/support/admins': () =>
      jsonResponse({
        admins: [
          { user_id: admin.id, display_name: 'Ann Admin', is_owner: true },
          { user_id: other, display_name: 'Bo Admin', is_owner: false },
        ],
      }),
    'POST /api/admin/support/tickets/T-000123/messages': () =>
      jsonResponse(makeMessage({ message_type: 'admin' }), 201),
    'PATCH /api/admin/support/tickets/T-000123': () => jsonResponse(makeTicket({ status: 'resolved' })),
  });
  const view = renderRoutes(
    [
      { path: '/admin/support/ticket/:ticketNumber', element: <AdminTicketPage /> },
      { path: '/admin', element: <p>Admin panel</p> },
      { path: '/', element: <p>Home</p> },
    ],
    { initialEntry: '/admin/support/ticket/T-000123' },
  );
  view.queryClient.setQueryData(sessionKeys.me, user);
  return { ...view, api };
}

describe('AdminTicketPage', () => {
  it('shows the ticket, the thread with the Internal badge, Ticket Management and User Information', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Studio freezes' })).toBeInTheDocument();
    expect(screen.getByTestId('ticket-status')).toHaveTextContent('Open');
    const list = await screen.findByRole('list', { name: 'Messages' });
    const [first, note] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Fan Tastic');
    expect(note).toHaveTextContent('Internal');
    expect(screen.getByRole('heading', { name: 'Ticket Management' })).toBeInTheDocument();
    const info = screen.getByRole('heading', { name: 'User Information' }).closest('aside')!;
    expect(info).toHaveTextContent('fan@example.com');
    expect(await screen.findByRole('option', { name: 'Ann Admin (Owner)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Bo Admin (Admin)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Unassigned' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to support tickets' })).toHaveAttribute(
      'href',
      '/admin?tab=support',
    );
  });

  it('sends an internal note when the box is ticked, and updates the ticket', async () => {
    const { user, api } = setup();
    await screen.findByRole('heading', { name: 'Studio freezes' });
    await user.type(screen.getByLabelText('Reply or internal note'), 'Only for us');
    await user.click(screen.getByLabelText('Internal note (not visible to user)'));
    await user.click(screen.getByRole('button', { name: /Add Note/ }));
    await waitFor(() =>
      expect(api.calls('POST /api/admin/support/tickets/T-000123/messages')[0]?.body).toEqual({
        message: 'Only for us',
        is_internal: true,
      }),
    );

    await screen.findByRole('option', { name: 'Bo Admin (Admin)' });
    await user.selectOptions(screen.getByLabelText('Status'), 'resolved');
    await user.selectOptions(screen.getByLabelText('Assign To'), other);
    await user.type(screen.getByLabelText('Admin Notes'), 'Refund sent');
    await user.click(screen.getByRole('button', { name: 'Update Ticket' }));
    await waitFor(() =>
      expect(api.calls('PATCH /api/admin/support/tickets/T-000123')[0]?.body).toEqual({
        status: 'resolved',
        priority: 'medium',
        assigned_to: other,
        admin_notes: 'Refund sent',
      }),
    );
  });

  it('sends a non-admin home', async () => {
    const { router } = setup(listener);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('goes to /admin when the ticket is missing', async () => {
    const { router } = setup(admin, () => jsonResponse({ error: 'Ticket not found' }, 404));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });
});
