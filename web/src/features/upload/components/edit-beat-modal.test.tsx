import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeBeat, makeBeatAnalytics, producer } from '../../../test/fixtures';
import { deferred, jsonResponse, stubFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { DELETE_WARNING } from './delete-beat-confirmation';
import { EditBeatModal } from './edit-beat-modal';

const beat = makeBeat();
const path = `/api/beats/${beat.id}`;

function setup(handlers: Record<string, FetchHandler> = {}) {
  const api = stubFetch({
    'GET /api/users/me': () => jsonResponse(producer),
    [`GET ${path}/analytics`]: () =>
      jsonResponse(
        makeBeatAnalytics({
          favorites_count: 7,
          average_rating: 4.25,
          total_reviews: 4,
          play_count: 1200,
          download_count: 30,
        }),
      ),
    [`PUT ${path}/edit`]: () => jsonResponse(beat),
    [`DELETE ${path}`]: () => new Response(null, { status: 204 }),
    ...handlers,
  });
  const onOpenChange = vi.fn();
  const onDeleted = vi.fn();
  const onSaved = vi.fn();
  const view = renderRoutes(
    [
      {
        path: '/beat/:beatId',
        element: (
          <EditBeatModal
            beat={beat}
            open
            onOpenChange={onOpenChange}
            onDeleted={onDeleted}
            onSaved={onSaved}
          />
        ),
      },
      { path: '/', element: <p>Home</p> },
    ],
    { initialEntry: `/beat/${beat.id}` },
  );
  return { ...view, api, onOpenChange, onDeleted, onSaved };
}

describe('Manage Beat', () => {
  it('shows the analytics tiles and the fields of the beat', async () => {
    setup();
    expect(await screen.findByText('1.2K')).toBeInTheDocument();
    expect(screen.getByText('Total Plays')).toBeInTheDocument();
    expect(screen.getByText('Downloads')).toBeInTheDocument();
    expect(screen.getByText('Favorites')).toBeInTheDocument();
    expect(screen.getByText('4.3')).toBeInTheDocument();
    expect(screen.getByText('4 Reviews')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Midnight Run');
    expect(screen.getByLabelText('BPM')).toHaveValue(140);
    expect(screen.getByLabelText('Key')).toHaveValue('C#');
    expect(screen.getByLabelText('Price (USD)')).toHaveValue(29.99);
    expect(screen.getByRole('checkbox', { name: 'Free beat' })).not.toBeChecked();
  });

  it('shows Analytics Unavailable with Retry when the analytics fail', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    const { user } = setup({
      [`GET ${path}/analytics`]: () =>
        calls++ === 0
          ? jsonResponse({ error: 'down' }, 403)
          : jsonResponse(
              makeBeatAnalytics({ favorites_count: 1, average_rating: 5, total_reviews: 1, play_count: 3 }),
            ),
    });
    expect(await screen.findByText('Analytics Unavailable')).toBeInTheDocument();
    expect(screen.getByText('Failed to load analytics data')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 Reviews')).toBeInTheDocument();
  });

  it('asks before deleting; Cancel returns to the form', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Beat' }));

    expect(screen.getByRole('heading', { name: 'Delete Beat?' })).toBeInTheDocument();
    expect(screen.getByText(DELETE_WARNING)).toBeInTheDocument();
    expect(DELETE_WARNING).toBe(
      'This action cannot be undone. All plays, favorites, and reviews will be permanently lost.',
    );
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Midnight Run');
    expect(api.calls(`DELETE ${path}`)).toHaveLength(0);
  });

  it('leaves where to go after a delete to the caller', async () => {
    const { user, router, onDeleted, onOpenChange } = setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Beat' }));
    await user.click(screen.getByRole('button', { name: 'Delete Beat' }));

    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(beat));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    // The modal itself goes nowhere: the caller decides (a profile stays put).
    expect(router.state.location.pathname).toBe(`/beat/${beat.id}`);
  });

  it('deletes after confirmation: busy, then closed', async () => {
    const answer = deferred<Response>();
    const { user, onDeleted, onOpenChange } = setup({ [`DELETE ${path}`]: () => answer.promise });
    await user.click(await screen.findByRole('button', { name: 'Delete Beat' }));
    await user.click(screen.getByRole('button', { name: 'Delete Beat' }));

    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer.resolve(new Response(null, { status: 204 }));

    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it.each([
    [
      'the server’s text',
      jsonResponse({ error: 'Only the producer of this beat can change it' }, 403),
      'Only the producer of this beat can change it',
    ],
    ['Failed to delete beat without one', new Response('<html>', { status: 502 }), 'Failed to delete beat'],
  ])('shows %s in a red banner when the delete fails', async (_case, response, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, onDeleted } = setup({ [`DELETE ${path}`]: () => response });
    await user.click(await screen.findByRole('button', { name: 'Delete Beat' }));
    await user.click(screen.getByRole('button', { name: 'Delete Beat' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('heading', { name: 'Delete Beat?' })).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('saves the changed fields; an untouched price is not sent back', async () => {
    const { user, api, onOpenChange, onSaved } = setup();
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Midnight Run (Remix)');
    await user.selectOptions(screen.getByLabelText('Mood'), 'Chill');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const body = api.calls(`PUT ${path}/edit`)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      title: 'Midnight Run (Remix)',
      mood: 'Chill',
      bpm: 140,
      key_signature: 'C#',
    });
    expect(body).not.toHaveProperty('price_cents');
    expect(body).not.toHaveProperty('list_price_cents');
    expect(onSaved).toHaveBeenCalledWith(beat);
  });

  it('Free beat sets the price to 0 and saves it free', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Free beat' }));
    expect(screen.getByLabelText('Price (USD)')).toHaveValue(0);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(api.calls(`PUT ${path}/edit`)).toHaveLength(1));
    expect(api.calls(`PUT ${path}/edit`)[0]?.body).toMatchObject({ list_price_cents: 0, is_free: true });
  });

  it('requires a title', async () => {
    const { user, api } = setup();
    await user.clear(await screen.findByLabelText('Title'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(api.calls(`PUT ${path}/edit`)).toHaveLength(0);
  });

  it.each([
    [
      'the server’s text',
      jsonResponse({ error: 'bpm: must be a whole number between 60 and 200' }, 400),
      'bpm: must be a whole number between 60 and 200',
    ],
    ['Failed to update beat without one', new Response('', { status: 500 }), 'Failed to update beat'],
  ])('shows %s when saving fails', async (_case, response, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup({ [`PUT ${path}/edit`]: () => response });
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });
});
