import { defaultCollabSessionData, type CollabSessionState } from '@beatroom/shared/collab-sessions-contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestQueryClient } from '../../test/render';
import { collabKeys, receiveCollabEvent } from './api';
import { trackGain } from './collab-audio';
import { makeCollabSession, makeParticipant, makeTake } from './collab-fixtures.test-setup';
import { useCollabLiveStore } from './store/collab-live-store';

const host = makeParticipant(1, 'Hana');

function seeded() {
  const queryClient = createTestQueryClient();
  const state: CollabSessionState = {
    session: makeCollabSession({ session_name: 'Jam' }),
    participants: [host],
    chat: [],
    takes: [],
  };
  queryClient.setQueryData(collabKeys.state('s1'), state);
  const read = () => queryClient.getQueryData<CollabSessionState>(collabKeys.state('s1'))!;
  return { queryClient, read };
}

beforeEach(() => useCollabLiveStore.getState().reset());

describe('receiveCollabEvent: the member’s cached session follows the live events', () => {
  it('takes the host’s transport with its server stamp, and counts it for the player', () => {
    const { queryClient, read } = seeded();
    receiveCollabEvent(queryClient, {
      type: 'transport',
      session_id: 's1',
      is_playing: true,
      current_position: 4,
      position_at: 5000,
    });
    expect(read().session.session_data).toMatchObject({
      is_playing: true,
      current_position: 4,
      position_at: 5000,
    });
    expect(useCollabLiveStore.getState().transportSeq).toBe(1);
  });

  it('moves and deletes a take as announced; a deletion seen twice changes nothing', () => {
    const { queryClient, read } = seeded();
    const first = makeTake('a', 2, 2);
    const second = makeTake('b', 2, 5);
    receiveCollabEvent(queryClient, { type: 'take', session_id: 's1', take: first });
    receiveCollabEvent(queryClient, { type: 'take', session_id: 's1', take: second });
    receiveCollabEvent(queryClient, {
      type: 'take_moved',
      session_id: 's1',
      take: { ...first, start_seconds: 3.5 },
    });
    expect(read().takes.map((t) => [t.id, t.start_seconds])).toEqual([
      ['a', 3.5],
      ['b', 5],
    ]);
    receiveCollabEvent(queryClient, { type: 'take_deleted', session_id: 's1', take_id: 'a' });
    const after = read();
    receiveCollabEvent(queryClient, { type: 'take_deleted', session_id: 's1', take_id: 'a' });
    expect(read()).toBe(after);
    expect(after.takes.map((t) => t.id)).toEqual(['b']);
  });

  it('keeps takes in progress in the live store: a posted take or a member leaving ends theirs', () => {
    const { queryClient } = seeded();
    const live = () => useCollabLiveStore.getState().recordings.s1 ?? {};
    for (const userId of ['u2', 'u3'])
      receiveCollabEvent(queryClient, {
        type: 'take_live',
        session_id: 's1',
        user_id: userId,
        track: userId === 'u2' ? 2 : 3,
        start_seconds: 1,
        at: 0,
        levels: [0.5],
      });
    expect(Object.keys(live())).toEqual(['u2', 'u3']);
    receiveCollabEvent(queryClient, { type: 'take', session_id: 's1', take: makeTake('c', 2, 1) });
    expect(Object.keys(live())).toEqual(['u3']);
    receiveCollabEvent(queryClient, { type: 'participants', session_id: 's1', participants: [host] });
    expect(live()).toEqual({});
  });

  it('adds a chat message once, even when the same message arrives twice', () => {
    const { queryClient, read } = seeded();
    const message = {
      id: 'm1',
      user_id: 'u2',
      user_name: 'Gus',
      message: 'hi',
      timestamp: '2026-11-27T00:00:01.000Z',
    };
    receiveCollabEvent(queryClient, { type: 'chat', session_id: 's1', message });
    receiveCollabEvent(queryClient, { type: 'chat', session_id: 's1', message });
    expect(read().chat).toEqual([message]);
  });

  it('replaces a track’s settings and the participants; adds each new take once, keeping the earlier ones', () => {
    const { queryClient, read } = seeded();
    receiveCollabEvent(queryClient, {
      type: 'track_settings',
      session_id: 's1',
      track: 2,
      settings: { volume: 0.3, muted: true, solo: false },
    });
    const guest = {
      ...host,
      id: 'p2',
      user_id: 'u2',
      role: 'participant' as const,
      track_assignment: 2 as const,
    };
    receiveCollabEvent(queryClient, { type: 'participants', session_id: 's1', participants: [host, guest] });
    const take = makeTake('t1', 2, 1.5);
    receiveCollabEvent(queryClient, { type: 'take', session_id: 's1', take });
    receiveCollabEvent(queryClient, { type: 'take', session_id: 's1', take: { ...take, id: 't2' } });
    // The same take twice (the event and a refetch racing) is one take.
    receiveCollabEvent(queryClient, { type: 'take', session_id: 's1', take });
    expect(read().session.session_data.track_settings[2]).toEqual({ volume: 0.3, muted: true, solo: false });
    expect(read().participants).toHaveLength(2);
    expect(read().takes.map((t) => t.id)).toEqual(['t1', 't2']);
  });

  it('marks an ended session and a removal, so the page leaves', () => {
    const { queryClient } = seeded();
    receiveCollabEvent(queryClient, { type: 'ended', session_id: 's1' });
    receiveCollabEvent(queryClient, { type: 'removed', session_id: 's2', user_id: 'u2' });
    expect(useCollabLiveStore.getState().gone).toEqual({ s1: 'ended', s2: 'removed' });
  });
});

describe('trackGain', () => {
  const settings = defaultCollabSessionData(0).track_settings;
  it('is the volume, 0 when muted, and 0 for tracks without solo while another has solo', () => {
    expect(trackGain(1, settings)).toBe(0.8);
    expect(trackGain(1, { ...settings, 1: { volume: 0.8, muted: true, solo: false } })).toBe(0);
    const solo = { ...settings, 3: { volume: 0.5, muted: false, solo: true } };
    expect(trackGain(3, solo)).toBe(0.5);
    expect(trackGain(1, solo)).toBe(0);
  });
});

describe('the clock offset', () => {
  it('keeps the sample with the shortest round trip', () => {
    const live = useCollabLiveStore.getState();
    live.clockSample(500, 40);
    live.clockSample(900, 200);
    live.clockSample(450, 10);
    expect(useCollabLiveStore.getState().clockOffsetMs).toBe(450);
  });
});
