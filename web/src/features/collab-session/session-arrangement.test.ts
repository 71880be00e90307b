import {
  defaultCollabSessionData,
  type CollabTake,
  type Participant,
} from '@beatroom/shared/collab-sessions-contract';
import { Arrangement } from '@beatroom/shared/studio-arrangement';
import { trackSlices } from '@beatroom/shared/studio-arrangement-playback';
import { describe, expect, it } from 'vitest';
import { makeParticipant, makeTake } from './collab-fixtures.test-setup';
import { sessionArrangement, sessionTrackOf, type SessionParts } from './session-arrangement';

const member = makeParticipant;
const take = makeTake;

function state(participants: Participant[], takes: CollabTake[]): SessionParts {
  const settings = defaultCollabSessionData(0).track_settings;
  settings[2] = { volume: 0.4, muted: true, solo: false };
  return { participants, takes, settings };
}

describe('sessionArrangement', () => {
  it('is a valid studio arrangement: a track per member, named after them, with the session’s mix', () => {
    const arrangement = sessionArrangement(state([member(1, 'Hana'), member(2, 'Gus')], []), 2);
    expect(Arrangement.safeParse(arrangement).success).toBe(true);
    expect(arrangement.tracks.map((t) => [t.name, t.volume, t.mute, t.arm])).toEqual([
      ['Track 1 · Hana', 0.8, false, false],
      ['Track 2 · Gus', 0.4, true, true],
    ]);
    expect(arrangement.selectedTrackId).toBe('track-2');
    expect(arrangement.tracks.map((t) => sessionTrackOf(t.id))).toEqual([1, 2]);
  });

  it('places every take where the server stamped it, numbered per track; overlaps stack so the newest plays', () => {
    const arrangement = sessionArrangement(
      state(
        [member(1, 'Hana'), member(2, 'Gus')],
        [take('a', 2, 2, 4), take('b', 1, 0, 3), take('c', 2, 4, 4), take('d', 2, 10, 1)],
      ),
      1,
    );
    expect(Arrangement.safeParse(arrangement).success).toBe(true);
    const named = new Map(arrangement.takes.map((t) => [t.id, t.name]));
    expect(arrangement.clips.map((c) => [named.get(c.takeId), c.trackId, c.start, c.lane])).toEqual([
      ['Take 1', 'track-2', 2, 0],
      ['Take 1', 'track-1', 0, 0],
      ['Take 2', 'track-2', 4, 1],
      ['Take 3', 'track-2', 10, 0],
    ]);
    // From 4 s the second take plays over the first.
    expect(trackSlices(arrangement, 'track-2').map((s) => [s.takeId, s.start, s.end])).toEqual([
      ['a', 2, 4],
      ['c', 4, 8],
      ['d', 10, 11],
    ]);
  });

  it('keeps the track of a member who left while their takes stay, under its number', () => {
    const arrangement = sessionArrangement(state([member(1, 'Hana')], [take('a', 3, 1, 2)]), 1);
    expect(arrangement.tracks.map((t) => t.name)).toEqual(['Track 1 · Hana', 'Track 3']);
  });
});
