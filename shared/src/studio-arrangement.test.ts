import { describe, expect, it } from 'vitest';
import { Arrangement, emptyArrangement, type ArrangementTake } from './studio-arrangement';
import {
  addLoopPasses,
  addTake,
  deleteClip,
  duplicateClip,
  moveClip,
  nextId,
  setClipFades,
  splitClip,
  trimClipEnd,
  trimClipStart,
} from './studio-arrangement-clips';
import { addTrack, armTrack, compRegion, removeTrack, setTrack } from './studio-arrangement-tracks';
import { setRange, snapStepSeconds, snapTime } from './studio-arrangement-grid';
import {
  arrangementEnd,
  audibleTracks,
  canRedo,
  canUndo,
  commit,
  redo,
  startHistory,
  trackSlices,
  undo,
} from './studio-arrangement-playback';
import { DEFAULT_STUDIO_SETTINGS, StudioSessionData } from './studio-settings';

const { recordingName: _n, makeRecordingPublic: _p, ...effects } = DEFAULT_STUDIO_SETTINGS;
const fx = {
  reverbAmount: effects.reverbAmount,
  delayAmount: effects.delayAmount,
  eqLow: effects.eqLow,
  eqMid: effects.eqMid,
  eqHigh: effects.eqHigh,
  compression: effects.compression,
  vocalPan: effects.vocalPan,
  autoTune: effects.autoTune,
  chorus: effects.chorus,
  distortion: effects.distortion,
  gate: effects.gate,
};

const take = (n: number, duration = 8): ArrangementTake => ({
  id: `take-${n}`,
  name: `Take ${n}`,
  source: null,
  duration,
});

/** Two passes over a loop 2 s..10 s, each an 8 s take on track-1. */
function twoPasses() {
  let a = emptyArrangement(fx);
  a = addTake(a, { take: take(1), trackId: 'track-1', start: 2 });
  a = addTake(a, { take: take(2), trackId: 'track-1', start: 2 });
  return a;
}

describe('arrangement schema', () => {
  it('accepts a fresh and an edited arrangement, and a session with or without one', () => {
    const a = twoPasses();
    expect(Arrangement.parse(a)).toEqual(a);
    expect(StudioSessionData.parse(DEFAULT_STUDIO_SETTINGS)).toEqual(DEFAULT_STUDIO_SETTINGS);
    const withArrangement = { ...DEFAULT_STUDIO_SETTINGS, arrangement: a };
    expect(StudioSessionData.parse(withArrangement)).toEqual(withArrangement);
  });

  it('refuses a clip on a missing track or take, an unknown version, 9 tracks, unknown keys', () => {
    const a = twoPasses();
    expect(Arrangement.safeParse({ ...a, version: 2 }).success).toBe(false);
    expect(Arrangement.safeParse({ ...a, clips: [{ ...a.clips[0]!, trackId: 'nope' }] }).success).toBe(false);
    expect(Arrangement.safeParse({ ...a, clips: [{ ...a.clips[0]!, takeId: 'nope' }] }).success).toBe(false);
    expect(Arrangement.safeParse({ ...a, selectedTrackId: 'nope' }).success).toBe(false);
    const nine = Array.from({ length: 9 }, (_, i) => ({ ...a.tracks[0]!, id: `t${i}` }));
    expect(Arrangement.safeParse({ ...a, tracks: nine }).success).toBe(false);
    expect(Arrangement.safeParse({ ...a, extra: 1 }).success).toBe(false);
    expect(Arrangement.safeParse({ ...a, loop: { start: 4, end: 2 } }).success).toBe(false);
  });
});

describe('snap', () => {
  it('steps by bar, beat, 1/8, 1/16 at the tempo, and not at all when off', () => {
    expect(snapStepSeconds('bar', 120)).toBe(2);
    expect(snapStepSeconds('beat', 120)).toBe(0.5);
    expect(snapStepSeconds('1/8', 120)).toBe(0.25);
    expect(snapStepSeconds('1/16', 120)).toBe(0.125);
    expect(snapStepSeconds('off', 120)).toBe(0);
    expect(snapTime(1.3, 'beat', 120)).toBe(1.5);
    expect(snapTime(1.2, 'beat', 120)).toBe(1);
    expect(snapTime(2.9, 'bar', 120)).toBe(2);
    expect(snapTime(1.234, 'off', 120)).toBe(1.234);
    expect(snapTime(-3, 'beat', 120)).toBe(0);
    expect(snapTime(0.7, 'beat', 90)).toBeCloseTo(2 / 3, 9);
  });

  it('gives the next id after the highest', () => {
    expect(nextId('clip', [])).toBe('clip-1');
    expect(nextId('clip', [{ id: 'clip-2' }, { id: 'clip-9' }, { id: 'other-20' }])).toBe('clip-10');
  });
});

describe('placing takes', () => {
  it('stacks passes over the same passage on new lanes, and reuses a free lane elsewhere', () => {
    let a = twoPasses();
    expect(a.clips.map((c) => [c.lane, c.start, c.offset, c.duration])).toEqual([
      [0, 2, 0, 8],
      [1, 2, 0, 8],
    ]);
    a = addTake(a, { take: take(3, 2), trackId: 'track-1', start: 20 });
    expect(a.clips[2]!.lane).toBe(0);
    expect(a.takes.map((t) => t.name)).toEqual(['Take 1', 'Take 2', 'Take 3']);
  });

  it('keeps only the punched part of a take, and nothing before the beat starts', () => {
    let a = emptyArrangement(fx);
    a = addTake(a, { take: take(1, 10), trackId: 'track-1', start: 1, keep: { start: 4, end: 6 } });
    expect(a.clips[0]).toMatchObject({ start: 4, offset: 3, duration: 2 });
    // Latency compensation can put the first sample before 0: that part is cut.
    a = addTake(emptyArrangement(fx), { take: take(1, 10), trackId: 'track-1', start: -0.05 });
    expect(a.clips[0]!.start).toBe(0);
    expect(a.clips[0]!.offset).toBeCloseTo(0.05, 9);
    expect(addTake(emptyArrangement(fx), { take: take(1), trackId: 'nope', start: 0 }).clips).toEqual([]);
  });
});

describe('loop recording', () => {
  it('makes each pass round the loop a clip on its own lane, dropping a sliver at the end', () => {
    // Loop 2..6 s; the take's first sample lands 0.01 s late; 10.3 s recorded: 2 passes and 2.31 s.
    const a = addLoopPasses(emptyArrangement(fx), {
      take: take(1, 10.3),
      trackId: 'track-1',
      firstSampleAt: 2.01,
      loop: { start: 2, end: 6 },
    });
    expect(a.takes).toHaveLength(1);
    const rows = a.clips.map((c) => [c.lane, c.start, c.offset, c.duration]);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual([0, 2.01, 0, expect.closeTo(3.99, 9)]);
    expect(rows[1]![0]).toBe(1);
    expect(rows[1]![1]).toBe(2);
    expect(rows[1]![2]).toBeCloseTo(3.99, 9);
    expect(rows[1]![3]).toBe(4);
    expect(rows[2]![2]).toBeCloseTo(7.99, 9);
    expect(rows[2]![3]).toBeCloseTo(2.31, 9);
    const sliver = addLoopPasses(emptyArrangement(fx), {
      take: take(1, 8.2),
      trackId: 'track-1',
      firstSampleAt: 2,
      loop: { start: 2, end: 6 },
    });
    expect(sliver.clips).toHaveLength(2);
  });
});

describe('clip edits', () => {
  it('move never before 0 and onto another track or lane, without changing the input', () => {
    const a = twoPasses();
    const frozen = JSON.stringify(a);
    const b = addTrack(a);
    const moved = moveClip(b, 'clip-1', { start: -4, trackId: 'track-2', lane: 3 });
    expect(moved.clips[0]).toMatchObject({ start: 0, trackId: 'track-2', lane: 3 });
    expect(moveClip(a, 'clip-1', { start: 2 })).toBe(a);
    expect(moveClip(a, 'clip-1', { start: 2, trackId: 'nope' })).toBe(a);
    expect(moveClip(a, 'nope', { start: 5 })).toBe(a);
    expect(JSON.stringify(a)).toBe(frozen);
  });

  it('trim both ends within the take, keeping the audio where it was', () => {
    let a = twoPasses();
    a = trimClipStart(a, 'clip-1', 3);
    expect(a.clips[0]).toMatchObject({ start: 3, offset: 1, duration: 7 });
    a = trimClipStart(a, 'clip-1', 0); // past the take's first sample: stops there
    expect(a.clips[0]).toMatchObject({ start: 2, offset: 0, duration: 8 });
    a = trimClipEnd(a, 'clip-1', 6);
    expect(a.clips[0]).toMatchObject({ start: 2, duration: 4 });
    a = trimClipEnd(a, 'clip-1', 50); // past the take's last sample
    expect(a.clips[0]).toMatchObject({ duration: 8 });
    a = trimClipStart(a, 'clip-1', 40); // never shorter than the minimum
    expect(a.clips[0]!.duration).toBeCloseTo(0.01, 9);
  });

  it('split at the playhead makes two clips that play the same audio', () => {
    let a = setClipFades(twoPasses(), 'clip-1', { fadeIn: 1, fadeOut: 1 });
    a = splitClip(a, 'clip-1', 5);
    const [left, right] = [a.clips[0]!, a.clips.find((c) => c.id === 'clip-3')!];
    expect(left).toMatchObject({ start: 2, offset: 0, duration: 3, fadeIn: 1, fadeOut: 0 });
    expect(right).toMatchObject({ start: 5, offset: 3, duration: 5, fadeIn: 0, fadeOut: 1 });
    expect(splitClip(a, 'clip-1', 2)).toBe(a); // at its edge: nothing to split
  });

  it('fades never exceed the clip; duplicate lands right after; delete drops an unused take', () => {
    let a = setClipFades(twoPasses(), 'clip-1', { fadeIn: 6, fadeOut: 6 });
    expect(a.clips[0]).toMatchObject({ fadeIn: 6, fadeOut: 2 });
    a = duplicateClip(a, 'clip-2');
    expect(a.clips[2]).toMatchObject({ id: 'clip-3', start: 10, lane: 1, takeId: 'take-2' });
    a = deleteClip(a, 'clip-2');
    expect(a.takes.map((t) => t.id)).toEqual(['take-1', 'take-2']);
    a = deleteClip(a, 'clip-3');
    expect(a.takes.map((t) => t.id)).toEqual(['take-1']);
  });
});

describe('comping and playback', () => {
  it('plays the newest lane unless a comp region chooses another', () => {
    const a = twoPasses();
    expect(trackSlices(a, 'track-1')).toEqual([
      expect.objectContaining({ clipId: 'clip-2', lane: 1, start: 2, end: 10, offset: 0 }),
    ]);
    // Comp: the first half from pass 1, the second from pass 2.
    const comped = compRegion(a, 'track-1', 2, 6, 0);
    const slices = trackSlices(comped, 'track-1');
    expect(slices.map((s) => [s.clipId, s.start, s.end, s.offset])).toEqual([
      ['clip-1', 2, 6, 0],
      ['clip-2', 6, 10, 4],
    ]);
    // A cut between lanes crossfades; the clips' own edges have their (zero) fades.
    expect(slices[0]!.fadeOut).toBe(0.005);
    expect(slices[1]!.fadeIn).toBe(0.005);
    expect(slices[0]!.fadeIn).toBe(0);
  });

  it('regions overwrite the part they cover and merge with neighbours on the same lane', () => {
    let a = compRegion(twoPasses(), 'track-1', 2, 10, 0);
    a = compRegion(a, 'track-1', 4, 6, 1);
    expect(a.tracks[0]!.comp).toEqual([
      { start: 2, end: 4, lane: 0 },
      { start: 4, end: 6, lane: 1 },
      { start: 6, end: 10, lane: 0 },
    ]);
    a = compRegion(a, 'track-1', 3, 7, 0);
    expect(a.tracks[0]!.comp).toEqual([{ start: 2, end: 10, lane: 0 }]);
    expect(compRegion(a, 'track-1', 5, 5, 0)).toBe(a);
  });

  it('a comp lane with nothing there is silence; solo wins over mute', () => {
    const a = compRegion(twoPasses(), 'track-1', 0, 4, 5);
    expect(trackSlices(a, 'track-1').map((s) => [s.start, s.end])).toEqual([[4, 10]]);
    let b = addTrack(twoPasses());
    b = setTrack(b, 'track-1', { mute: true });
    expect(audibleTracks(b).map((t) => t.id)).toEqual(['track-2']);
    b = setTrack(b, 'track-1', { solo: true });
    expect(audibleTracks(b).map((t) => t.id)).toEqual(['track-1']);
    expect(arrangementEnd(b)).toBe(10);
  });
});

describe('tracks', () => {
  it('holds at most 8, clamps volume and pan, arms one, removes with its clips', () => {
    let a = twoPasses();
    for (let i = 0; i < 10; i++) a = addTrack(a);
    expect(a.tracks).toHaveLength(8);
    expect(a.tracks[7]!.name).toBe('Track 8');
    a = setTrack(a, 'track-2', { volume: 5, pan: -3, name: '  Adlibs ' });
    expect(a.tracks[1]).toMatchObject({ volume: 2, pan: -1, name: 'Adlibs' });
    a = armTrack(a, 'track-3');
    expect(a.tracks.filter((t) => t.arm).map((t) => t.id)).toEqual(['track-3']);
    a = removeTrack(a, 'track-1');
    expect(a.clips).toEqual([]);
    expect(a.takes).toEqual([]);
    expect(a.tracks).toHaveLength(7);
    expect(Arrangement.parse(a)).toEqual(a);
    expect(setRange(a, 'loop', { start: 3, end: 1 })).toBe(a);
    expect(setRange(a, 'loop', { start: 1, end: 3 }).loop).toEqual({ start: 1, end: 3 });
  });
});

describe('history', () => {
  it('undoes and redoes every edit; an edit that changed nothing is no step; a new edit drops redo', () => {
    const a = twoPasses();
    let h = startHistory(a);
    h = commit(h, moveClip(h.present, 'clip-1', { start: 4 }));
    h = commit(h, trimClipEnd(h.present, 'clip-1', 8));
    h = commit(h, moveClip(h.present, 'nope', { start: 4 }));
    expect(h.past).toHaveLength(2);
    h = undo(h);
    expect(h.present.clips[0]).toMatchObject({ start: 4, duration: 8 });
    h = undo(h);
    expect(h.present).toBe(a);
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present.clips[0]!.start).toBe(4);
    expect(canRedo(h)).toBe(true);
    h = commit(h, deleteClip(h.present, 'clip-2'));
    expect(canRedo(h)).toBe(false);
    expect(redo(h)).toBe(h);
  });
});
