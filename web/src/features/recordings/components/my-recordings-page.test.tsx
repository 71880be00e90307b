import type { Recording } from '@beatroom/shared/recordings-contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claimAudioFocus, createAudioFocusOwner } from '../../../lib/audio-focus';
import { TOAST_EVENT, type ToastDetail } from '../../../lib/toast';
import { listener } from '../../../test/fixtures';
import { jsonResponse, stubFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { MyRecordingsPage } from './my-recordings-page';

let n = 0;
function makeRecording(overrides: Partial<Recording> = {}): Recording {
  n += 1;
  const id = `0000000${n}-aaaa-4aaa-8aaa-aaaaaaaaaaaa`;
  return {
    id,
    recording_name: `Take ${n}`,
    file_key: `recordings/${id}.webm`,
    file_size: 6658,
    format: 'webm',
    is_public: false,
    created_at: new Date(Date.now() - 3600_000).toISOString(),
    beat_id: '11111111-1111-4111-8111-111111111111',
    beat_title: 'Midnight Run',
    beat_cover: null,
    duration_seconds: 95,
    peaks: [],
    play_count: 0,
    audio_url: `/api/recordings/${id}/audio`,
    ...overrides,
  };
}

let toasts: ToastDetail[] = [];
const onToast = (event: Event) => toasts.push((event as CustomEvent<ToastDetail>).detail);
beforeEach(() => {
  toasts = [];
  window.addEventListener(TOAST_EVENT, onToast);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => {
  window.removeEventListener(TOAST_EVENT, onToast);
  vi.restoreAllMocks();
});

function setup(recordings: Recording[], handlers: Record<string, FetchHandler> = {}) {
  let current = recordings;
  const api = stubFetch({
    'GET /api/recordings': () => jsonResponse({ recordings: current }),
    ...handlers,
  });
  const view = renderRoutes(
    [
      { path: '/my-recordings', element: <MyRecordingsPage user={listener} /> },
      { path: '/', element: <p>Home</p> },
      { path: '/beat/:beatId', element: <p>Beat page</p> },
    ],
    { initialEntry: '/my-recordings' },
  );
  return { ...view, api, setList: (next: Recording[]) => (current = next) };
}

describe('My Recordings', () => {
  it('lists the takes with their beat, visibility and length', async () => {
    setup([
      makeRecording({ recording_name: 'Hook idea', is_public: true }),
      makeRecording({ recording_name: 'Verse' }),
    ]);
    const list = await screen.findByRole('list', { name: 'My Recordings' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/Hook idea|Verse/).textContent)).toEqual([
      'Hook idea',
      'Verse',
    ]);
    expect(within(rows[0]!).getByText('Public')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Private')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('1:35')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Midnight Run' })).toHaveAttribute(
      'href',
      '/beat/11111111-1111-4111-8111-111111111111',
    );
  });

  it('plays one take at a time, counts the play, and pauses when another player starts', async () => {
    const a = makeRecording({ recording_name: 'First' });
    const b = makeRecording({ recording_name: 'Second' });
    const { user, api } = setup([a, b], {
      [`POST /api/recordings/${a.id}/play`]: () => new Response(null, { status: 204 }),
      [`POST /api/recordings/${b.id}/play`]: () => new Response(null, { status: 204 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Play First' }));
    expect(screen.getByRole('button', { name: 'Pause First' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Play Second' }));
    expect(screen.getByRole('button', { name: 'Play First' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause Second' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pause Second' }));
    expect(screen.getByRole('button', { name: 'Play Second' })).toBeInTheDocument();
    expect(api.calls(`POST /api/recordings/${a.id}/play`)).toHaveLength(1);
    expect(api.calls(`POST /api/recordings/${b.id}/play`)).toHaveLength(1);

    // The main player (or any other owner of the audio focus) starting pauses the take.
    await user.click(screen.getByRole('button', { name: 'Play First' }));
    claimAudioFocus(createAudioFocusOwner('main player'));
    expect(await screen.findByRole('button', { name: 'Play First' })).toBeInTheDocument();
  });

  it("shows the empty state with 'Browse Beats' to /", async () => {
    const { user } = setup([]);
    expect(await screen.findByRole('heading', { name: 'No recordings yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Browse Beats' }));
    expect(await screen.findByText('Home')).toBeInTheDocument();
  });

  it('deletes a take after confirming, and the list follows', async () => {
    const take = makeRecording({ recording_name: 'Scratch' });
    const { user, api, setList } = setup([take], {
      [`DELETE /api/recordings/${take.id}`]: () => {
        setList([]);
        return new Response(null, { status: 204 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Scratch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete recording?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'No recordings yet' })).toBeInTheDocument();
    expect(api.calls(`DELETE /api/recordings/${take.id}`)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toasts).toEqual([]);
  });

  it('publishes a private take and makes it private again, telling app/ which beat changed', async () => {
    const take = makeRecording({ recording_name: 'Later', is_public: false });
    const onPublishedChanged = vi.fn();
    const api = stubFetch({
      'GET /api/recordings': () => jsonResponse({ recordings: [take] }),
      [`PATCH /api/recordings/${take.id}`]: (request) =>
        jsonResponse({ ...take, is_public: (request.body as { is_public: boolean }).is_public }),
    });
    const { user } = renderRoutes(
      [
        {
          path: '/my-recordings',
          element: <MyRecordingsPage user={listener} onPublishedChanged={onPublishedChanged} />,
        },
      ],
      { initialEntry: '/my-recordings' },
    );
    const row = (await screen.findByText('Later')).closest('li')!;
    expect(within(row).getByText('Private')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Publish Later' }));
    expect(await within(row).findByText('Public')).toBeInTheDocument();
    expect(api.calls(`PATCH /api/recordings/${take.id}`)[0]?.body).toEqual({ is_public: true });
    expect(onPublishedChanged).toHaveBeenCalledWith(take.beat_id);
    expect(toasts.map((t) => t.title)).toContain('Recording published');

    await user.click(within(row).getByRole('button', { name: 'Unpublish Later' }));
    expect(await within(row).findByText('Private')).toBeInTheDocument();
    expect(api.calls(`PATCH /api/recordings/${take.id}`)[1]?.body).toEqual({ is_public: false });
  });

  it("says 'Failed to delete recording' when the delete fails, and keeps the take", async () => {
    const take = makeRecording({ recording_name: 'Keeper' });
    const { user } = setup([take], {
      [`DELETE /api/recordings/${take.id}`]: () => jsonResponse({ error: 'Internal server error' }, 500),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Keeper' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts.map((t) => t.title)).toEqual(['Failed to delete recording']));
    expect(screen.getByRole('button', { name: 'Play Keeper' })).toBeInTheDocument();
  });

  it("downloads the take from its audio URL, or says 'Failed to download recording'", async () => {
    const ok = makeRecording({ recording_name: 'Good/Take', format: 'wav' });
    const broken = makeRecording({ recording_name: 'Gone' });
    const createObjectURL = vi.fn(() => 'blob:take');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user, api } = setup([ok, broken], {
      [`GET ${ok.audio_url}`]: () => new Response('RIFF', { status: 200 }),
      [`GET ${broken.audio_url}`]: () => jsonResponse({ error: 'Recording not found' }, 404),
    });
    await user.click(await screen.findByRole('button', { name: 'Download Good/Take' }));
    await waitFor(() => expect(clicked).toEqual(['Good Take.wav']));
    expect(api.calls(`GET ${ok.audio_url}`)).toHaveLength(1);
    expect(toasts).toEqual([]);

    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Download Gone' }));
    await waitFor(() => expect(toasts.map((t) => t.title)).toEqual(['Failed to download recording']));
    expect(logged).toHaveBeenCalled();
  });
});
