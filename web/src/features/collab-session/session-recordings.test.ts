import { defaultCollabSessionData } from '@beatroom/shared/collab-sessions-contract';
import { COLLAB_LIVE_STALE_MS } from '@beatroom/shared/collab-take-edits-contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeParticipant, makeTake } from './collab-fixtures.test-setup';
import { sessionArrangement } from './session-arrangement';
import { isFresh, RECORDING_CLIP_NAME, recordingTakeId, withRecordings } from './session-recordings';
import { useCollabLiveStore } from './store/collab-live-store';

const settings = defaultCollabSessionData(0).track_settings;
const members = [makeParticipant(1, 'Hana Host'), makeParticipant(2, 'Gus Guest')];
const live = () => useCollabLiveStore.getState();
const frame = (userId: string, start: number, at: number, levels: number[]) =>
  live().recordingFrame('s1', userId, { track: 2, start_seconds: start, at, levels });

beforeEach(() => live().reset());

describe('a take being recorded, as the others keep it', () => {
  it('lays each frame’s levels from its `at`, a missed frame’s place silent', () => {
    frame('u2', 4, 0, [0.5, 0.5]);
    // The frame of levels 2 and 3 was lost: they stay silent.
    frame('u2', 4, 4, [0.25]);
    expect(live().recordings.s1!.u2).toMatchObject({ track: 2, start: 4, levels: [0.5, 0.5, 0, 0, 0.25] });
    // A frame sent again lands on the same place.
    frame('u2', 4, 4, [0.75]);
    expect(live().recordings.s1!.u2!.levels).toEqual([0.5, 0.5, 0, 0, 0.75]);
    // A new start is a new take.
    frame('u2', 9, 0, [1]);
    expect(live().recordings.s1!.u2).toMatchObject({ start: 9, levels: [1] });
  });

  it('goes when it ends, or when its member is no longer in the session', () => {
    frame('u2', 4, 0, [0.5]);
    frame('u3', 1, 0, [0.5]);
    live().recordersAmong('s1', ['u1', 'u2']);
    expect(Object.keys(live().recordings.s1!)).toEqual(['u2']);
    live().recordingEnded('s1', 'u2');
    expect(live().recordings.s1).toEqual({});
  });

  it('is fresh until COLLAB_LIVE_STALE_MS without a frame', () => {
    frame('u2', 4, 0, [0.5]);
    const heard = live().recordings.s1!.u2!;
    expect(isFresh(heard, heard.heardAt + COLLAB_LIVE_STALE_MS)).toBe(true);
    expect(isFresh(heard, heard.heardAt + COLLAB_LIVE_STALE_MS + 1)).toBe(false);
  });
});

describe('withRecordings', () => {
  it('adds a "Recording…" clip on the member’s track as long as its levels, over the takes it overlaps', () => {
    const arrangement = sessionArrangement(
      { participants: members, takes: [makeTake('a', 2, 3, 4)], settings },
      2,
    );
    frame('u2', 4, 0, Array(150).fill(0.5));
    const shown = withRecordings(arrangement, live().recordings.s1!);
    const id = recordingTakeId('u2');
    expect(shown.arrangement.takes.at(-1)).toEqual({
      id,
      name: RECORDING_CLIP_NAME,
      duration: 1.5,
      source: null,
    });
    expect(shown.arrangement.clips.at(-1)).toMatchObject({
      id,
      takeId: id,
      trackId: 'track-2',
      start: 4,
      lane: 1,
    });
    expect(shown.peaks[id]).toHaveLength(150);
    expect(shown.peaks[id]![0]).toEqual([-0.5, 0.5]);
    // The takes the player plays are untouched.
    expect(arrangement.clips).toHaveLength(1);
  });

  it('shows nothing for a track the timeline does not have, and hands back the same arrangement without recordings', () => {
    const arrangement = sessionArrangement({ participants: members, takes: [], settings }, 2);
    expect(withRecordings(arrangement, {}).arrangement).toBe(arrangement);
    live().recordingFrame('s1', 'u4', { track: 4, start_seconds: 0, at: 0, levels: [0.5] });
    expect(withRecordings(arrangement, live().recordings.s1!).arrangement.clips).toEqual([]);
  });
});
