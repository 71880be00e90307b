import {
  defaultCollabSessionData,
  type CollabSessionState,
  type CollabTake,
  type Participant,
} from '@beatroom/shared/collab-sessions-contract';
import { COLLAB_LIVE_STALE_MS } from '@beatroom/shared/collab-take-edits-contract';
import type { Recording } from '@beatroom/shared/recordings-contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { collabKeys, receiveCollabEvent } from '../features/collab-session/api';
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
    startRecording: vi.fn(async () => 4),
    inputLevel: vi.fn(() => 0.5),
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
    'POST /api/collaborative-sessions/s1/takes/live': () => new Response(null, { status: 204 }),
    // The server snaps the start to the beat grid (120 bpm: half seconds).
    'PATCH /api/collaborative-sessions/s1/takes/a': ({ body }) =>
      jsonResponse({
        ...take('a', 2, 2),
        start_seconds: Math.round((body as { start_seconds: number }).start_seconds * 2) / 2,
      }),
    'DELETE /api/collaborative-sessions/s1/takes/a': () => new Response(null, { status: 204 }),
    'DELETE /api/collaborative-sessions/s1/takes/b': () => new Response(null, { status: 204 }),
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

  it('someone else’s take is read-only for a member: a clip takes focus, but keys neither move nor delete it', async () => {
    const { user, api } = show(gus, [take('b', 1, 0, 6)]);
    const hosts = await screen.findByRole('group', { name: 'Track 1 · Hana Host' });
    const clip = within(hosts).getByRole('button', { name: 'Take 1' });
    await user.click(clip);
    await user.keyboard('{ArrowRight}{Shift>}{ArrowLeft}{/Shift}{Delete}');
    expect(within(hosts).getByRole('button', { name: 'Take 1' })).toHaveAccessibleDescription(
      'Lane 1, 0:00 to 0:06',
    );
    expect(screen.queryByRole('button', { name: 'Delete clip' })).not.toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'PATCH' || r.method === 'DELETE')).toEqual([]);
  });

  it('a member moves their own take by the snap step (a trim does nothing) and deletes it', async () => {
    const { user, api, queryClient } = show(gus, [take('a', 2, 2)]);
    const guests = await screen.findByRole('group', { name: 'Track 2 · Gus Guest' });
    await user.click(within(guests).getByRole('button', { name: 'Take 1' }));
    // 120 bpm, snap to the beat: one step is half a second.
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(api.calls('PATCH /api/collaborative-sessions/s1/takes/a')).toHaveLength(1));
    expect(api.calls('PATCH /api/collaborative-sessions/s1/takes/a')[0]!.body).toEqual({
      start_seconds: 2.5,
    });
    // Once the answer is in, the next step starts from 2.5 s.
    await waitFor(() =>
      expect(
        queryClient.getQueryData<CollabSessionState>(collabKeys.state('s1'))?.takes[0]!.start_seconds,
      ).toBe(2.5),
    );
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(api.calls('PATCH /api/collaborative-sessions/s1/takes/a')).toHaveLength(2));
    expect(api.calls('PATCH /api/collaborative-sessions/s1/takes/a')[1]!.body).toEqual({ start_seconds: 3 });
    await waitFor(() =>
      expect(within(guests).getByRole('button', { name: 'Take 1' })).toHaveAccessibleDescription(
        'Lane 1, 0:03 to 0:06',
      ),
    );
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(api.calls('PATCH /api/collaborative-sessions/s1/takes/a')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Delete clip' }));
    await waitFor(() => expect(api.calls('DELETE /api/collaborative-sessions/s1/takes/a')).toHaveLength(1));
    await waitFor(() =>
      expect(within(guests).queryByRole('button', { name: 'Take 1' })).not.toBeInTheDocument(),
    );
  });

  it('the host deletes any take with the Delete key, but moves only their own', async () => {
    const { user, api } = show(hana, [take('a', 2, 2), take('b', 1, 0, 6)]);
    const guests = await screen.findByRole('group', { name: 'Track 2 · Gus Guest' });
    const clip = within(guests).getByRole('button', { name: 'Take 1' });
    await user.click(clip);
    await user.keyboard('{ArrowRight}');
    expect(api.calls('PATCH /api/collaborative-sessions/s1/takes/a')).toHaveLength(0);
    await user.keyboard('{Delete}');
    await waitFor(() => expect(api.calls('DELETE /api/collaborative-sessions/s1/takes/a')).toHaveLength(1));
    await waitFor(() =>
      expect(within(guests).queryByRole('button', { name: 'Take 1' })).not.toBeInTheDocument(),
    );
  });

  it('a take being recorded grows on its member’s track for the others, and its posted take replaces it', async () => {
    const { queryClient } = show(hana, []);
    const guests = await screen.findByRole('group', { name: 'Track 2 · Gus Guest' });
    const frame = (at: number, levels: number[]) =>
      act(() =>
        receiveCollabEvent(queryClient, {
          type: 'take_live',
          session_id: 's1',
          user_id: 'u2',
          track: 2,
          start_seconds: 4,
          at,
          levels,
        }),
      );
    frame(0, []);
    const growing = await within(guests).findByRole('img', { name: 'Recording…' });
    expect(growing).toHaveAccessibleDescription('Lane 1, 0:04 to 0:04');
    // Two seconds of levels (100 a second) in two frames.
    frame(0, Array(100).fill(0.5));
    frame(100, Array(100).fill(0.25));
    await waitFor(() =>
      expect(within(guests).getByRole('img', { name: 'Recording…' })).toHaveAccessibleDescription(
        'Lane 1, 0:04 to 0:06',
      ),
    );
    act(() => receiveCollabEvent(queryClient, { type: 'take', session_id: 's1', take: take('t2', 2, 4, 2) }));
    expect(await within(guests).findByRole('button', { name: 'Take 1' })).toBeInTheDocument();
    expect(within(guests).queryByRole('img', { name: 'Recording…' })).not.toBeInTheDocument();

    // Over a take of its track: the next lane. A member whose frames stopped coming: gone once stale.
    frame(0, Array(100).fill(0.5));
    expect(await within(guests).findByRole('img', { name: 'Recording…' })).toHaveAccessibleDescription(
      'Lane 2, 0:04 to 0:05',
    );
    act(() =>
      useCollabLiveStore.setState((s) => ({
        recordings: {
          s1: { u2: { ...s.recordings.s1!.u2!, heardAt: Date.now() - COLLAB_LIVE_STALE_MS - 1 } },
        },
      })),
    );
    await waitFor(() =>
      expect(within(guests).queryByRole('img', { name: 'Recording…' })).not.toBeInTheDocument(),
    );

    // A take given up goes for the others.
    frame(0, [0.5]);
    expect(await within(guests).findByRole('img', { name: 'Recording…' })).toBeInTheDocument();
    act(() => receiveCollabEvent(queryClient, { type: 'take_live_ended', session_id: 's1', user_id: 'u2' }));
    await waitFor(() =>
      expect(within(guests).queryByRole('img', { name: 'Recording…' })).not.toBeInTheDocument(),
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
    // Where the guest's player stood as the recorder started travels with the start.
    expect(api.calls('POST /api/collaborative-sessions/s1/takes/start')[0]!.body).toEqual({
      track: 2,
      position: 4,
    });
    // Once stamped, the take grows on the guest's own timeline, and its levels go to the others.
    expect(await within(guests).findByRole('img', { name: 'Recording…' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls('POST /api/collaborative-sessions/s1/takes/live').length).toBeGreaterThan(1),
    );
    const frames = api
      .calls('POST /api/collaborative-sessions/s1/takes/live')
      .map((r) => r.body as { at: number; levels: number[] });
    expect(frames[0]).toEqual({ at: 0, levels: [] });
    expect(frames[1]!.levels.length).toBeGreaterThan(0);
    expect(frames[1]!.levels.every((level) => level === 0.5)).toBe(true);

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
    expect(within(guests).queryByRole('img', { name: 'Recording…' })).not.toBeInTheDocument();
    expect(api.calls('DELETE /api/collaborative-sessions/s1/takes/start')).toHaveLength(0);
  });
});
