import {
  defaultCollabSessionData,
  type CollabSessionState,
  type CollabTake,
  type Participant,
} from '@beatroom/shared/collab-sessions-contract';
import type { Recording } from '@beatroom/shared/recordings-contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { receiveCollabEvent } from '../features/collab-session/api';
import type { CollabAudio } from '../features/collab-session/collab-audio';
import {
  makeCollabSession,
  makeParticipant,
  makeTake,
} from '../features/collab-session/collab-fixtures.test-setup';
import { CollabSessionPage } from '../features/collab-session/components/collab-session-page';
import { useCollabLiveStore } from '../features/collab-session/store/collab-live-store';
import { sessionKeys } from '../features/session/api';
import { TOAST_EVENT, type ToastDetail } from '../lib/toast';
import { TimelineView } from '../features/studio/timeline/timeline-view';
import { makeSessionUser } from '../test/fixtures';
import { FakeXhr, stubXhr } from '../test/fake-xhr';
import { jsonResponse, stubFetch } from '../test/mock-fetch';
import { createTestQueryClient, renderRoutes } from '../test/render';

// The live session on the studio's timeline, as app/ composes it: the session page with the
// studio's TimelineView. The sound is a fake at the CollabAudio boundary (jsdom has no Web
// Audio); the HTTP calls and the upload go through the real api client to stubbed endpoints.

const hana = makeParticipant(1, 'Hana Host');
const gus = makeParticipant(2, 'Gus Guest');
const session = makeCollabSession({
  beat_bpm: 120,
  session_data: { ...defaultCollabSessionData(1000), current_position: 4 },
});
const take = makeTake;

const recording: Recording = {
  id: 'r-new',
  recording_name: 'Friday Jam - Track 2',
  file_key: 'recordings/u2/r-new.webm',
  file_size: 100,
  format: 'webm',
  is_public: false,
  created_at: '2026-11-27T00:00:09.000Z',
  beat_id: 'b1',
  beat_title: 'Groove',
  beat_cover: null,
  duration_seconds: 2,
  peaks: [],
  play_count: 0,
  audio_url: '/api/recordings/r-new/audio',
};

function fakeAudio() {
  const audio = {
    loadBeat: vi.fn(async () => ({ duration: 12, peaks: [] })),
    loadTake: vi.fn(async () => []),
    setArrangement: vi.fn(),
    play: vi.fn(),
    pause: vi.fn(),
    position: vi.fn(() => 4),
    playing: vi.fn(() => false),
    setMix: vi.fn(),
    startRecording: vi.fn(async () => undefined),
    stopRecording: vi.fn(async () => new Blob(['take'], { type: 'audio/webm' })),
    renderMix: vi.fn(async () => new Blob()),
    dispose: vi.fn(),
  } satisfies CollabAudio;
  return audio;
}

function show(me: Participant, takes: CollabTake[]) {
  const state: CollabSessionState = { session, participants: [hana, gus], chat: [], takes };
  const api = stubFetch({
    'GET /api/collaborative-sessions/code/ABCDEFGHJK': () => jsonResponse(session),
    'POST /api/collaborative-sessions/join/ABCDEFGHJK': () =>
      jsonResponse({ session, participants: [hana, gus] }),
    'GET /api/collaborative-sessions/s1/state': () => jsonResponse(state),
    'GET /api/studio/beats/b1': () =>
      jsonResponse({
        id: 'b1',
        title: 'Groove',
        bpm: 120,
        key_signature: null,
        cover_image_key: null,
        audio_source: 'preview',
        audio_url: '/api/studio/beats/b1/audio',
      }),
    'POST /api/collaborative-sessions/s1/takes/start': () =>
      jsonResponse({ track: 2, start_seconds: 4, stamped_at: 1000 }),
    'POST /api/collaborative-sessions/s1/takes': () => jsonResponse(take('t-new', 2, 4, 2), 201),
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.me, makeSessionUser({ id: me.user_id, name: me.user_name }));
  const audio = fakeAudio();
  const createAudio = () => audio;
  const rendered = renderRoutes(
    [
      {
        path: '/studio/collaborate/:sessionCode',
        element: <CollabSessionPage createAudio={createAudio} Timeline={TimelineView} />,
      },
    ],
    { initialEntry: '/studio/collaborate/ABCDEFGHJK', queryClient },
  );
  return { ...rendered, api, audio, queryClient };
}

beforeEach(() => useCollabLiveStore.getState().reset());
afterEach(() => vi.unstubAllGlobals());

describe('the live session on the studio timeline', () => {
  it('shows the beat and a track per member named after them, each take a clip where the server placed it', async () => {
    const { audio } = show(hana, [take('a', 2, 2), take('b', 1, 0, 6), take('c', 2, 4)]);
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    expect(within(timeline).getByRole('group', { name: 'Beat' })).toBeInTheDocument();
    const hosts = within(timeline).getByRole('group', { name: 'Track 1 · Hana Host' });
    const guests = within(timeline).getByRole('group', { name: 'Track 2 · Gus Guest' });
    expect(within(hosts).getByRole('button', { name: 'Take 1' })).toHaveAccessibleDescription(
      'Lane 1, 0:00 to 0:06',
    );
    expect(within(guests).getByRole('button', { name: 'Take 1' })).toHaveAccessibleDescription(
      'Lane 1, 0:02 to 0:05',
    );
    // Over the first take: the next lane, so the newest is the one that plays there.
    expect(within(guests).getByRole('button', { name: 'Take 2' })).toHaveAccessibleDescription(
      'Lane 2, 0:04 to 0:07',
    );
    // Only one's own track records.
    expect(within(hosts).getByRole('button', { name: 'Record' })).toBeInTheDocument();
    expect(within(guests).queryByRole('button', { name: 'Record' })).not.toBeInTheDocument();
    // The player gets the same arrangement, and every take's audio.
    await waitFor(() => expect(audio.loadTake).toHaveBeenCalledTimes(3));
    const played = audio.setArrangement.mock.lastCall![0];
    expect(played.clips.map((c: { id: string; start: number }) => [c.id, c.start])).toEqual([
      ['a', 2],
      ['b', 0],
      ['c', 4],
    ]);
  });

  it('shows the takes read-only: a clip takes focus, but keys neither move nor delete it', async () => {
    const { user } = show(gus, [take('a', 2, 2)]);
    const guests = await screen.findByRole('group', { name: 'Track 2 · Gus Guest' });
    const clip = within(guests).getByRole('button', { name: 'Take 1' });
    await user.click(clip);
    await user.keyboard('{ArrowRight}{Shift>}{ArrowLeft}{/Shift}{Delete}');
    expect(within(guests).getByRole('button', { name: 'Take 1' })).toHaveAccessibleDescription(
      'Lane 1, 0:02 to 0:05',
    );
  });

  it('a take announced live appears on its member’s track at once, without a reload', async () => {
    const { queryClient, audio } = show(hana, []);
    const guests = await screen.findByRole('group', { name: 'Track 2 · Gus Guest' });
    expect(within(guests).queryByRole('button', { name: /Take/ })).not.toBeInTheDocument();
    act(() =>
      receiveCollabEvent(queryClient, { type: 'take', session_id: 's1', take: take('live', 2, 7.5) }),
    );
    expect(await within(guests).findByRole('button', { name: 'Take 1' })).toHaveAccessibleDescription(
      'Lane 1, 0:07 to 0:10',
    );
    await waitFor(() => expect(audio.loadTake).toHaveBeenCalledWith('live', take('live', 2, 7.5).audio_url));
  });

  it('the guest records on their own track from where the transport stands; the server stamps it and the take is added', async () => {
    stubXhr();
    const toasts: ToastDetail[] = [];
    const onToast = (event: Event) => toasts.push((event as CustomEvent<ToastDetail>).detail);
    window.addEventListener(TOAST_EVENT, onToast);
    onTestFinished(() => window.removeEventListener(TOAST_EVENT, onToast));
    const { api, audio, user } = show(gus, []);
    const guests = await screen.findByRole('group', { name: 'Track 2 · Gus Guest' });
    const record = within(guests).getByRole('button', { name: 'Record' });
    await waitFor(() => expect(record).toBeEnabled());
    await user.click(record);
    // The session's transport is paused at 4 s: the player starts there with the recorder.
    expect(audio.startRecording).toHaveBeenCalledWith(4);
    await waitFor(() => expect(api.calls('POST /api/collaborative-sessions/s1/takes/start')).toHaveLength(1));
    expect(api.calls('POST /api/collaborative-sessions/s1/takes/start')[0]!.body).toEqual({ track: 2 });

    await user.click(within(guests).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    expect(within(guests).getByRole('status')).toHaveTextContent('Saving take…');
    act(() => FakeXhr.requests[0]!.respond(201, recording));
    await waitFor(() => expect(api.calls('POST /api/collaborative-sessions/s1/takes')).toHaveLength(1));
    expect(api.calls('POST /api/collaborative-sessions/s1/takes')[0]!.body).toEqual({
      recording_id: 'r-new',
      track: 2,
    });
    await waitFor(() => expect(toasts).toContainEqual({ type: 'success', title: 'Take saved on track 2' }));
    // The new take is on the guest's own timeline at once, where the server placed it.
    expect(within(guests).getByRole('button', { name: 'Take 1' })).toHaveAccessibleDescription(
      'Lane 1, 0:04 to 0:06',
    );
  });
});
