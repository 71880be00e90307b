import { COLLABORATION_TEXTS } from '@beatroom/shared/collaborations-contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listener, producer } from '../../../test/fixtures';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { sessionKeys } from '../../session/api';
import { useSignInDialog } from '../../session/store/sign-in-dialog-store';
import { CollaborationsPage } from './collaborations-page';
import { makeRequest } from './collaborations.test-setup';

const byProducer = makeRequest({ title: 'Need a hook singer' });
const answered = makeRequest({
  title: 'Drill producer wanted',
  request_type: 'producer_needed',
  requester_user_id: '99999999-9999-4999-8999-999999999999',
  requester_name: 'Rae',
  budget_min: 250,
  budget_max: null,
  deadline_date: null,
  response_count: 1,
  current_user_response_id: 'dddddddd-0000-4000-8000-000000000001',
});
const tbd = makeRequest({
  title: 'Anyone up for a jam',
  request_type: 'collaboration_offer',
  requester_user_id: '88888888-8888-4888-8888-888888888888',
  requester_name: 'Sam',
  budget_min: null,
  budget_max: null,
  response_count: 0,
});

function setup(me: typeof listener | null = listener) {
  const api = stubFetch({
    'GET /api/collaborations': () => jsonResponse({ collaborations: [byProducer, answered, tbd] }),
    'GET /api/users/me': () => (me ? jsonResponse(me) : jsonResponse({ error: 'Sign in required' }, 401)),
    [`GET /api/users/${me?.id}/beats`]: () => jsonResponse([]),
    'POST /api/collaborations': (request) =>
      jsonResponse(
        makeRequest({ ...(request.body as object), id: 'eeeeeeee-0000-4000-8000-000000000001' }),
        201,
      ),
  });
  const view = renderRoutes(
    [
      { path: '/collaborations', element: <CollaborationsPage /> },
      { path: '/collaborations/:id', element: <p>Request page</p> },
    ],
    { initialEntry: '/collaborations' },
  );
  view.queryClient.setQueryData(sessionKeys.me, me);
  return { ...view, api };
}

const boardCalls = (api: ReturnType<typeof stubFetch>) =>
  api.calls('GET /api/collaborations').map((r) => r.query.toString());

describe('CollaborationsPage', () => {
  it('shows the hub intro and cards with budget label, deadline and response count', async () => {
    setup();
    const steps = screen.getByRole('list', { name: 'How collaborations work' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    const cards = within(await screen.findByRole('list', { name: 'Collaboration requests' })).getAllByRole(
      'listitem',
    );
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('Budget: $100 - $500 USD')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Dec 31, 2026')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('2 responses')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Vocalist Needed')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Budget: $250+ USD')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('1 response')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('Budget: TBD')).toBeInTheDocument();
    expect(within(cards[2]!).getByRole('link', { name: /View Details/ })).toHaveAttribute(
      'href',
      `/collaborations/${tbd.id}`,
    );
  });

  it('searches only on Enter, and filters by type', async () => {
    const { user, api } = setup();
    await screen.findByRole('list', { name: 'Collaboration requests' });
    expect(boardCalls(api)).toEqual(['']);
    const search = screen.getByRole('searchbox', { name: 'Search collaborations' });
    await user.type(search, 'hook');
    expect(boardCalls(api)).toEqual(['']);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(boardCalls(api)).toEqual(['', 'search=hook']));

    const group = screen.getByRole('group', { name: 'Request type' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Vocalist Needed', 'Producer Needed', 'Open Collab']);
    await user.click(within(group).getByRole('button', { name: 'Producer Needed' }));
    expect(within(group).getByRole('button', { name: 'Producer Needed' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(boardCalls(api).at(-1)).toBe('type=producer_needed&search=hook'));
  });

  it("hides Respond on the member's own request and after responding", async () => {
    setup(producer);
    const cards = within(await screen.findByRole('list', { name: 'Collaboration requests' })).getAllByRole(
      'listitem',
    );
    expect(within(cards[0]!).queryByRole('button', { name: /Respond/ })).not.toBeInTheDocument();
    expect(within(cards[1]!).queryByRole('button', { name: /Respond/ })).not.toBeInTheDocument();
    expect(within(cards[1]!).getByText('Responded')).toBeInTheDocument();
    expect(within(cards[2]!).getByRole('button', { name: /Respond/ })).toBeInTheDocument();
  });

  it('visitors see no Post Request; their Respond opens the sign-in dialog', async () => {
    const { user } = setup(null);
    const cards = within(await screen.findByRole('list', { name: 'Collaboration requests' })).getAllByRole(
      'listitem',
    );
    expect(screen.queryByRole('button', { name: 'Post Request' })).not.toBeInTheDocument();
    await user.click(within(cards[0]!).getByRole('button', { name: /Respond/ }));
    expect(useSignInDialog.getState().isOpen).toBe(true);
    useSignInDialog.getState().close();
  });

  it('Post Request checks the form with the contract, then posts and opens the request', async () => {
    const { user, api, router } = setup();
    await user.click(await screen.findByRole('button', { name: 'Post Request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post Request' });
    await user.type(within(dialog).getByLabelText('Title'), 'Need a hook');
    await user.type(within(dialog).getByLabelText('Description'), 'Melodic hook over a dark beat');
    await user.selectOptions(within(dialog).getByLabelText('Genre'), 'Trap');
    await user.selectOptions(within(dialog).getByLabelText('Mood'), 'Dark');
    await user.type(within(dialog).getByLabelText('Budget from, $ (optional)'), '500');
    await user.type(within(dialog).getByLabelText('Budget up to, $ (optional)'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Post Request' }));
    expect(await within(dialog).findByText(COLLABORATION_TEXTS.BUDGET_ORDER)).toBeInTheDocument();
    expect(api.calls('POST /api/collaborations')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Budget up to, $ (optional)'));
    await user.type(within(dialog).getByLabelText('Budget up to, $ (optional)'), '900');
    await user.click(within(dialog).getByRole('button', { name: 'Post Request' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/collaborations/eeeeeeee-0000-4000-8000-000000000001'),
    );
    expect(api.calls('POST /api/collaborations')[0]!.body).toEqual({
      title: 'Need a hook',
      description: 'Melodic hook over a dark beat',
      request_type: 'vocalist_needed',
      skill_level: 'intermediate',
      genre: 'Trap',
      mood: 'Dark',
      beat_id: null,
      budget_min: 500,
      budget_max: 900,
      deadline_date: null,
    });
  });
});
