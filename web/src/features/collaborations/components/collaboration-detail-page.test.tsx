import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listener, producer } from '../../../test/fixtures';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { sessionKeys } from '../../session/api';
import { CollaborationDetailPage } from './collaboration-detail-page';
import { makeRequest, makeResponse } from './collaborations.test-setup';

const request = makeRequest({ title: 'Need a hook singer' });
const path = `/api/collaborations/${request.id}`;
const fromFan = makeResponse({
  request_id: request.id,
  recording: {
    id: 'ffffffff-0000-4000-8000-000000000001',
    recording_name: 'Hook idea',
    audio_url: '/api/recordings/ffffffff-0000-4000-8000-000000000001/audio',
  },
});
const fromRae = makeResponse({
  request_id: request.id,
  user_id: '99999999-9999-4999-8999-999999999999',
  user_name: 'Rae',
  message: 'Or me',
});

function setup(me: typeof listener, handlers: Parameters<typeof stubFetch>[0] = {}, shown = request) {
  const api = stubFetch({
    'GET /api/users/me': () => jsonResponse(me),
    [`GET ${path}`]: () => jsonResponse(shown),
    [`GET ${path}/responses`]: () =>
      jsonResponse({
        responses:
          me.id === producer.id ? [fromFan, fromRae] : shown.current_user_response_id ? [fromFan] : [],
      }),
    'GET /api/recordings': () => jsonResponse({ recordings: [] }),
    [`GET /api/users/${me.id}/beats`]: () => jsonResponse([]),
    ...handlers,
  });
  const view = renderRoutes(
    [
      { path: '/collaborations/:id', element: <CollaborationDetailPage /> },
      { path: '/studio/collaborate/:code', element: <p>Session page</p> },
    ],
    { initialEntry: `/collaborations/${request.id}` },
  );
  view.queryClient.setQueryData(sessionKeys.me, me);
  return { ...view, api };
}

describe('CollaborationDetailPage', () => {
  it('the requester sees every response with Accept, no Respond; Accept opens the session', async () => {
    const { user, api, router } = setup(producer, {
      [`POST ${path}/responses/${fromFan.id}/accept`]: () =>
        jsonResponse({
          response: { ...fromFan, status: 'accepted', session_code: 'K7QF2M9X' },
          session_id: 'abababab-0000-4000-8000-000000000001',
          session_code: 'K7QF2M9X',
        }),
    });
    expect(await screen.findByRole('heading', { name: 'Need a hook singer', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Responses' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Respond/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Play Hook idea')).toHaveAttribute('src', fromFan.recording!.audio_url);

    await user.click(within(list).getByRole('button', { name: 'Accept Fan Tastic' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio/collaborate/K7QF2M9X'));
    expect(api.calls(`POST ${path}/responses/${fromFan.id}/accept`)).toHaveLength(1);
  });

  it('the requester closes the request: Close and Accept go away', async () => {
    // The server's state: closed once the close call arrived.
    let current = request;
    const { user, api } = setup(producer, {
      [`GET ${path}`]: () => jsonResponse(current),
      [`POST ${path}/close`]: () => {
        current = { ...request, status: 'closed', closed_at: '2026-11-27T00:00:00.000Z' };
        return jsonResponse(current);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Close Request' }));
    expect(await screen.findByText('Closed')).toBeInTheDocument();
    expect(api.calls(`POST ${path}/close`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Close Request' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
  });

  it('another member responds with a message', async () => {
    const { user, api } = setup(listener, {
      [`POST ${path}/responses`]: () => jsonResponse(fromFan, 201),
    });
    await user.click(await screen.findByRole('button', { name: /Respond/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Respond' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Response' }));
    expect(await within(dialog).findByText('Please enter a message')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Message'), 'I can sing');
    await user.click(within(dialog).getByRole('button', { name: 'Send Response' }));
    await waitFor(() => expect(api.calls(`POST ${path}/responses`)).toHaveLength(1));
    expect(api.calls(`POST ${path}/responses`)[0]!.body).toEqual({
      message: 'I can sing',
      recording_id: null,
      beat_id: null,
    });
  });

  it("a responder sees their own accepted response with the session's link", async () => {
    const accepted = { ...fromFan, status: 'accepted' as const, session_code: 'K7QF2M9X' };
    setup(
      listener,
      { [`GET ${path}/responses`]: () => jsonResponse({ responses: [accepted] }) },
      { ...request, status: 'closed', current_user_response_id: fromFan.id },
    );
    expect(await screen.findByRole('heading', { name: 'Your response' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Open Session' })).toHaveAttribute(
      'href',
      '/studio/collaborate/K7QF2M9X',
    );
    expect(screen.queryByRole('button', { name: /Respond/ })).not.toBeInTheDocument();
  });

  it('an unknown request shows Request not found with a way back to the board', async () => {
    setup(listener, {
      [`GET ${path}`]: () => jsonResponse({ error: 'Collaboration request not found' }, 404),
    });
    expect(await screen.findByRole('heading', { name: 'Request not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Collaborations' })).toHaveAttribute(
      'href',
      '/collaborations',
    );
  });
});
