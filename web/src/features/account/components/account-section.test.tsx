import type { AccountSummary } from '@beatroom/shared/account-contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listener } from '../../../test/fixtures';
import { jsonResponse, stubFetch, type FetchHandler } from '../../../test/mock-fetch';
import { createTestQueryClient, renderRoutes } from '../../../test/render';
import { sessionKeys } from '../../session/api';
import { AccountSection, DELETE_ACCOUNT_FAILED } from './account-section';

const summary: AccountSummary = {
  id: listener.id,
  name: 'Lena Listener',
  email: 'lena@example.com',
  member_since: '2025-03-14T12:00:00.000Z',
  beats_count: 3,
  licences_count: 1200,
};

function setup(handlers: Record<string, FetchHandler> = {}) {
  const api = stubFetch({
    'GET /api/account': () => jsonResponse(summary),
    'POST /api/logout': () => jsonResponse({ ok: true }),
    ...handlers,
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.me, listener);
  const view = renderRoutes(
    [
      { path: '/settings', element: <AccountSection /> },
      { path: '/', element: <p>Home page</p> },
    ],
    { queryClient, initialEntry: '/settings' },
  );
  return { ...view, api };
}

const deleteButton = () => screen.getByRole('button', { name: 'Delete my account' });

describe('AccountSection', () => {
  it('shows the name, email, member-since date and counts', async () => {
    setup();
    expect(await screen.findByText('Lena Listener')).toBeInTheDocument();
    expect(screen.getByText('lena@example.com')).toBeInTheDocument();
    expect(screen.getByText('March 14, 2025')).toBeInTheDocument();
    expect(screen.getByText('1.2K')).toBeInTheDocument();
  });

  it('deletes only once DELETE is typed exactly, then signs out and goes to /', async () => {
    const { user, api, queryClient, router } = setup({
      'DELETE /api/account/delete': () => jsonResponse({ deleted: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const input = screen.getByLabelText('Type DELETE to confirm');
    expect(deleteButton()).toBeDisabled();
    await user.type(input, 'delete');
    expect(deleteButton()).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'DELETE');
    expect(deleteButton()).toBeEnabled();
    await user.click(deleteButton());

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(api.calls('DELETE /api/account/delete').map((r) => r.body)).toEqual([{ confirm: 'DELETE' }]);
    expect(queryClient.getQueryData(sessionKeys.me)).toBeNull();
  });

  it('keeps the person on the page with the server’s reason when deletion fails', async () => {
    const { user, api, router } = setup({
      'DELETE /api/account/delete': () => jsonResponse({ error: 'Database unavailable' }, 503),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(deleteButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(DELETE_ACCOUNT_FAILED);
    expect(alert).toHaveTextContent('Database unavailable');
    await waitFor(() => expect(deleteButton()).toBeEnabled());
    expect(router.state.location.pathname).toBe('/settings');
    expect(api.calls('POST /api/logout')).toHaveLength(0);
  });

  it('Cancel closes the confirmation and forgets what was typed', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Type DELETE to confirm')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(screen.getByLabelText('Type DELETE to confirm')).toHaveValue('');
    expect(api.calls('DELETE /api/account/delete')).toHaveLength(0);
  });
});
