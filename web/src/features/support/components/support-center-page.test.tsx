import { SUPPORT_TEXTS } from '@beatroom/shared/support-contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listener } from '../../../test/fixtures';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { sessionKeys } from '../../session/api';
import { makeTicket } from '../../../test/support-fixtures';
import { SupportCenterPage } from './support-center-page';

function setup(
  tickets = [makeTicket(), makeTicket({ ticket_number: 'T-000124', subject: 'Refund', category: 'billing' })],
) {
  const created = makeTicket({ ticket_number: 'T-000200', subject: 'Cannot upload' });
  const api = stubFetch({
    'GET /api/users/me': () => jsonResponse(listener),
    'GET /api/support/tickets': () => jsonResponse({ tickets }),
    'POST /api/support/upload': () =>
      jsonResponse({ key: 'support/11111111-1111-4111-8111-111111111111.png' }),
    'POST /api/support/tickets': () => jsonResponse(created, 201),
    'GET /api/support/tickets/T-000200': () => jsonResponse(created),
  });
  const view = renderRoutes(
    [
      { path: '/support', element: <SupportCenterPage /> },
      { path: '/support/ticket/:ticketNumber', element: <p>Ticket page</p> },
    ],
    { initialEntry: '/support' },
  );
  view.queryClient.setQueryData(sessionKeys.me, listener);
  return { ...view, api };
}

describe('SupportCenterPage', () => {
  it('shows the six category cards, the own tickets (filterable by category) and the e-mail link', async () => {
    const { user } = setup();
    for (const name of [
      'Technical Issues',
      'Billing & Payments',
      'Account & Profile',
      'Beats & Content',
      'Feature Requests',
      'General Support',
    ]) {
      expect(screen.getByRole('button', { name: new RegExp(name) })).toBeInTheDocument();
    }
    const list = await screen.findByRole('list', { name: 'My tickets' });
    expect(within(list).getAllByRole('link')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: /Studio freezes/ })).toHaveAttribute(
      'href',
      '/support/ticket/T-000123',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by category' }), 'billing');
    expect(within(screen.getByRole('list', { name: 'My tickets' })).getAllByRole('link')).toHaveLength(1);
    expect(screen.getByRole('link', { name: SUPPORT_TEXTS.SUPPORT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_TEXTS.SUPPORT_EMAIL}`,
    );
  });

  it('shows an empty state without tickets', async () => {
    setup([]);
    expect(await screen.findByText('No tickets yet')).toBeInTheDocument();
  });

  it('refuses blank required fields, then creates a ticket with its attachment and moves on to it', async () => {
    const { user, api, router } = setup();
    await user.click(screen.getByRole('button', { name: /New Ticket/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(SUPPORT_TEXTS.REQUIRED_FIELDS);
    expect(api.calls('POST /api/support/tickets')).toHaveLength(0);

    // Pasted, not typed key by key: the form's rules are what is under test.
    await user.click(within(dialog).getByLabelText('Subject'));
    await user.paste('Cannot upload');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'technical');
    await user.click(within(dialog).getByLabelText('Description'));
    await user.paste('The upload stops at 90%.');
    expect(within(dialog).getByLabelText('Priority')).toHaveValue('medium');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'shot.png', { type: 'image/png' });
    const exe = new File(['MZ'], 'virus.exe', { type: 'application/x-msdownload' });
    // As a drop would: the picker's accept list does not stop it, our own check does.
    fireEvent.change(within(dialog).getByLabelText('Attach files', { selector: 'input' }), {
      target: { files: [png, exe] },
    });
    expect(within(dialog).getByText(SUPPORT_TEXTS.FILES_REFUSED)).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Files to attach' })).toHaveTextContent('shot.png');
    await user.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));

    expect(await within(dialog).findByText('T-000200')).toBeInTheDocument();
    expect(api.calls('POST /api/support/upload')).toHaveLength(1);
    expect(api.calls('POST /api/support/tickets')[0]?.body).toEqual({
      subject: 'Cannot upload',
      category: 'technical',
      priority: 'medium',
      description: 'The upload stops at 90%.',
      attachments: ['support/11111111-1111-4111-8111-111111111111.png'],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/support/ticket/T-000200'));
  }, 60_000);
});
