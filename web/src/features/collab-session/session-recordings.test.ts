import { COLLAB_LIVE_STALE_MS } from '@beatroom/shared/collab-take-edits-contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { isFresh } from './session-recordings';
import { useCollabLiveStore } from './store/collab-live-store';

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
