import { SUPPORT_TEXTS } from '@beatroom/shared/support-contract';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { makeMessage, makeTicket } from '../../../test/support-fixtures';
import { receiveSupportUpdate } from '../api';
import { TicketThreadPage } from './ticket-thread-page';

function setup(ticket = makeTicket(), messages = [makeMessage({ message: 'Hello?' })]) {
  let thread = messages;
  const api = stubFetch({
    'GET /api/support/tickets/T-000123': () => jsonResponse(ticket),
    'GET /api/support/tickets/T-000123/messages': () => jsonResponse({ messages: thread }),
    'POST /api/support/tickets/T-000123/messages': () =>
      jsonResponse({ error: 'This ticket is closed' }, 409),
  });
  const view = renderRoutes(
    [
      { path: '/support/ticket/:ticketNumber', element: <TicketThreadPage /> },
      { path: '/support', element: <p>Support center</p> },
    ],
    { initialEntry: `/support/ticket/${ticket.ticket_number}` },
  );
  return { ...view, api, setThread: (next: typeof messages) => (thread = next) };
}

describe('TicketThreadPage', () => {
  it('shows the ticket, "You" and "Support Team" bubbles with attachment links', async () => {
    setup(makeTicket({ attachments: ['support/11111111-1111-4111-8111-111111111111.png'] }), [
      makeMessage({ message: 'Hello?' }),
      makeMessage({
        message: 'Please update',
        message_type: 'admin',
        sender_name: 'Admin Ann',
        attachments: ['support/22222222-2222-4222-8222-222222222222.pdf'],
      }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Studio freezes' })).toBeInTheDocument();
    expect(screen.getByText('T-000123')).toBeInTheDocument();
    expect(screen.getByText('Technical Issues')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Messages' });
    const [mine, theirs] = within(list).getAllByRole('listitem');
    expect(mine).toHaveTextContent('You');
    expect(mine).toHaveClass('justify-end');
    expect(theirs).toHaveTextContent('Support Team');
    expect(theirs).not.toHaveTextContent('Admin Ann');
    expect(within(theirs!).getByRole('link', { name: /Attachment 1/ })).toHaveAttribute(
      'href',
      '/api/support/attachments/support/22222222-2222-4222-8222-222222222222.pdf',
    );
    expect(within(theirs!).getByRole('link', { name: /Attachment 1/ })).toHaveAttribute('target', '_blank');
    expect(screen.getAllByText('Just now').length).toBeGreaterThan(0);
  });

  it('shows the empty text, keeps Send disabled until there is text, and shows the server error', async () => {
    const { user } = setup(makeTicket(), []);
    expect(await screen.findByText('No messages yet. Start the conversation below.')).toBeInTheDocument();
    const send = screen.getByRole('button', { name: /Send Reply/ });
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText('Your reply'), '   ');
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText('Your reply'), 'more');
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent(SUPPORT_TEXTS.TICKET_CLOSED);
    await user.type(screen.getByLabelText('Your reply'), '!');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('hides the reply form on a closed ticket and says to open a new one', async () => {
    setup(makeTicket({ status: 'closed' }));
    expect(await screen.findByText(/This ticket is closed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send Reply/ })).not.toBeInTheDocument();
  });

  it("says 'Ticket Not Found' for a missing or someone else's ticket, with a way back", async () => {
    stubFetch({});
    const { user, router } = renderRoutes(
      [
        { path: '/support/ticket/:ticketNumber', element: <TicketThreadPage /> },
        { path: '/support', element: <p>Support center</p> },
      ],
      { initialEntry: '/support/ticket/T-999999' },
    );
    expect(await screen.findByRole('heading', { name: 'Ticket Not Found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Support' }));
    expect(router.state.location.pathname).toBe('/support');
  });

  it("shows support's answer live when the realtime message arrives", async () => {
    const { queryClient, setThread } = setup();
    expect(await screen.findByText('Hello?')).toBeInTheDocument();
    setThread([
      makeMessage({ message: 'Hello?' }),
      makeMessage({ message: 'We are on it', message_type: 'admin' }),
    ]);
    // What the realtime dispatch calls for a `support` message about this ticket.
    act(() => receiveSupportUpdate(queryClient, 'T-000123'));
    expect(await screen.findByText('We are on it')).toBeInTheDocument();
  });
});
