// Edits of the studio's timeline as pure functions: each takes an arrangement and returns a new
// one (the input is never changed), so undo is keeping the previous value and the same edit
// gives the same result on the web, the desktop app and in tests. An edit that cannot apply
// (unknown clip, a trim past the take's audio) returns the arrangement unchanged, clamped where
// a user would expect it (dragging past the edge stops at the edge).
import {
  ARRANGEMENT_MAX_LANES,
  ARRANGEMENT_MAX_SECONDS,
  ARRANGEMENT_MAX_TRACKS,
  MIN_CLIP_SECONDS,
  newTrack,
  type Arrangement,
  type ArrangementClip,
  type ArrangementTake,
  type ArrangementTrack,
  type CompRegion,
  type Snap,
} from './studio-arrangement';

const BEATS_PER_BAR = 4;

/** Length of one snap step in seconds at this tempo; 0 when snapping is off. */
export function snapStepSeconds(snap: Snap, bpm: number): number {
  const beat = 60 / (bpm > 0 ? bpm : 120);
  switch (snap) {
    case 'off':
      return 0;
    case 'bar':
      return beat * BEATS_PER_BAR;
    case 'beat':
      return beat;
    case '1/8':
      return beat / 2;
    case '1/16':
      return beat / 4;
  }
}

/** The time on the grid nearest to `seconds` (never before 0); itself when snapping is off. */
export function snapTime(seconds: number, snap: Snap, bpm: number): number {
  const step = snapStepSeconds(snap, bpm);
  const clamped = Math.max(0, seconds);
  if (step === 0) return clamped;
  return Math.round(clamped / step) * step;
}

/** The next free id with this prefix (`clip-7` after `clip-6`): deterministic, so pure. */
export function nextId(prefix: string, used: readonly { id: string }[]): string {
  let max = 0;
  for (const { id } of used) {
    const match = id.startsWith(`${prefix}-`) ? Number(id.slice(prefix.length + 1)) : NaN;
    if (Number.isInteger(match) && match > max) max = match;
  }
  return `${prefix}-${max + 1}`;
}

export function clipEnd(clip: ArrangementClip): number {
  return clip.start + clip.duration;
}

function takeOf(arrangement: Arrangement, clip: ArrangementClip): ArrangementTake | undefined {
  return arrangement.takes.find((take) => take.id === clip.takeId);
}

function replaceClip(
  arrangement: Arrangement,
  id: string,
  change: (clip: ArrangementClip) => ArrangementClip,
) {
  const index = arrangement.clips.findIndex((clip) => clip.id === id);
  if (index < 0) return arrangement;
  const clip = arrangement.clips[index]!;
  const next = change(clip);
  if (next === clip) return arrangement;
  const clips = arrangement.clips.slice();
  clips[index] = clampFades(next);
  return { ...arrangement, clips };
}

/** Fades never add up to more than the clip. */
function clampFades(clip: ArrangementClip): ArrangementClip {
  const fadeIn = Math.min(Math.max(0, clip.fadeIn), clip.duration);
  const fadeOut = Math.min(Math.max(0, clip.fadeOut), clip.duration - fadeIn);
  return fadeIn === clip.fadeIn && fadeOut === clip.fadeOut ? clip : { ...clip, fadeIn, fadeOut };
}

/** Lanes of a track in use by clips overlapping [start, end). */
function lanesInUse(arrangement: Arrangement, trackId: string, start: number, end: number, except?: string) {
  const lanes = new Set<number>();
  for (const clip of arrangement.clips)
    if (clip.trackId === trackId && clip.id !== except && clip.start < end && clipEnd(clip) > start)
      lanes.add(clip.lane);
  return lanes;
}

/** The lowest lane of the track free over [start, end): where a new pass stacks. */
export function freeLane(arrangement: Arrangement, trackId: string, start: number, end: number): number {
  const used = lanesInUse(arrangement, trackId, start, end);
  for (let lane = 0; lane < ARRANGEMENT_MAX_LANES; lane++) if (!used.has(lane)) return lane;
  return ARRANGEMENT_MAX_LANES - 1;
}

export interface PlaceTake {
  take: ArrangementTake;
  trackId: string;
  /** Beat-timeline position of the take's first sample (latency compensated). */
  start: number;
  /** Only this part of the take is kept (punch-in/out); the whole take by default. */
  keep?: { start: number; end: number };
}

/**
 * A recorded take joins the arrangement: its clip goes on the lowest lane of the track that is
 * free where it plays, so passes over the same passage stack as lanes. The newest lane plays
 * there unless a comp chooses another.
 */
export function addTake(arrangement: Arrangement, { take, trackId, start, keep }: PlaceTake): Arrangement {
  if (!arrangement.tracks.some((track) => track.id === trackId)) return arrangement;
  const takeStart = start;
  let from = takeStart;
  let to = takeStart + take.duration;
  if (keep) {
    from = Math.max(from, keep.start);
    to = Math.min(to, keep.end);
  }
  from = Math.max(0, from);
  if (to - from < MIN_CLIP_SECONDS || from >= ARRANGEMENT_MAX_SECONDS) return arrangement;
  const clip: ArrangementClip = {
    id: nextId('clip', arrangement.clips),
    takeId: take.id,
    trackId,
    lane: freeLane(arrangement, trackId, from, to),
    start: from,
    offset: from - takeStart,
    duration: to - from,
    fadeIn: 0,
    fadeOut: 0,
  };
  // A take already in the arrangement (another pass of the same recording) is not listed twice.
  const takes = arrangement.takes.some((t) => t.id === take.id)
    ? arrangement.takes
    : [...arrangement.takes, take];
  return { ...arrangement, takes, clips: [...arrangement.clips, clip] };
}

/** A pass shorter than this at the end of a loop recording (the stop came just after a wrap) is dropped. */
export const MIN_LOOP_PASS_S = 0.5;

/**
 * A take recorded while the beat looped over `loop`: each pass round the loop becomes a clip on
 * its own lane, all at the loop's start. `firstSampleAt` is where the take's first sample sits
 * on the timeline as if the beat had not looped (the loop's start plus the take's alignment).
 */
export function addLoopPasses(
  arrangement: Arrangement,
  {
    take,
    trackId,
    firstSampleAt,
    loop,
  }: { take: ArrangementTake; trackId: string; firstSampleAt: number; loop: { start: number; end: number } },
): Arrangement {
  const length = loop.end - loop.start;
  if (!(length > 0)) return arrangement;
  let next = arrangement;
  for (let pass = 0; ; pass++) {
    const start = firstSampleAt - pass * length;
    const kept = Math.min(loop.end, start + take.duration) - Math.max(loop.start, start);
    if (start + take.duration <= loop.start || kept <= 0) break;
    if (pass > 0 && kept < MIN_LOOP_PASS_S) break;
    next = addTake(next, { take, trackId, start, keep: loop });
  }
  return next;
}

/** Moves a clip to `start` (snapped by the caller), and to another track or lane if given. */
export function moveClip(
  arrangement: Arrangement,
  id: string,
  to: { start: number; trackId?: string; lane?: number },
): Arrangement {
  const trackId = to.trackId;
  if (trackId !== undefined && !arrangement.tracks.some((track) => track.id === trackId)) return arrangement;
  return replaceClip(arrangement, id, (clip) => {
    const start = Math.min(Math.max(0, to.start), ARRANGEMENT_MAX_SECONDS - clip.duration);
    const lane = Math.min(Math.max(0, to.lane ?? clip.lane), ARRANGEMENT_MAX_LANES - 1);
    const next = { ...clip, start, lane, trackId: trackId ?? clip.trackId };
    return next.start === clip.start && next.lane === clip.lane && next.trackId === clip.trackId
      ? clip
      : next;
  });
}

/** Trims the clip's start to `at` (its end stays): stops at the take's first sample. */
export function trimClipStart(arrangement: Arrangement, id: string, at: number): Arrangement {
  return replaceClip(arrangement, id, (clip) => {
    const earliest = clip.start - clip.offset;
    const latest = clipEnd(clip) - MIN_CLIP_SECONDS;
    const start = Math.min(Math.max(at, earliest, 0), latest);
    if (start === clip.start) return clip;
    return { ...clip, start, offset: clip.offset + (start - clip.start), duration: clipEnd(clip) - start };
  });
}

/** Trims the clip's end to `at` (its start stays): stops at the take's last sample. */
export function trimClipEnd(arrangement: Arrangement, id: string, at: number): Arrangement {
  const original = arrangement.clips.find((clip) => clip.id === id);
  const take = original && takeOf(arrangement, original);
  if (!original || !take) return arrangement;
  return replaceClip(arrangement, id, (clip) => {
    const latest = clip.start + (take.duration - clip.offset);
    const end = Math.max(Math.min(at, latest), clip.start + MIN_CLIP_SECONDS);
    return end === clipEnd(clip) ? clip : { ...clip, duration: end - clip.start };
  });
}

/** Splits the clip at `at` (the playhead): two clips, the fade-in on the first, fade-out on the second. */
export function splitClip(arrangement: Arrangement, id: string, at: number): Arrangement {
  const index = arrangement.clips.findIndex((clip) => clip.id === id);
  const clip = arrangement.clips[index];
  if (!clip || at - clip.start < MIN_CLIP_SECONDS || clipEnd(clip) - at < MIN_CLIP_SECONDS)
    return arrangement;
  const first = clampFades({ ...clip, duration: at - clip.start, fadeOut: 0 });
  const second = clampFades({
    ...clip,
    id: nextId('clip', arrangement.clips),
    start: at,
    offset: clip.offset + (at - clip.start),
    duration: clipEnd(clip) - at,
    fadeIn: 0,
  });
  const clips = arrangement.clips.slice();
  clips.splice(index, 1, first, second);
  return { ...arrangement, clips };
}

export function setClipFades(
  arrangement: Arrangement,
  id: string,
  fades: { fadeIn?: number; fadeOut?: number },
): Arrangement {
  return replaceClip(arrangement, id, (clip) => {
    const fadeIn = fades.fadeIn ?? clip.fadeIn;
    const fadeOut = fades.fadeOut ?? clip.fadeOut;
    return fadeIn === clip.fadeIn && fadeOut === clip.fadeOut ? clip : { ...clip, fadeIn, fadeOut };
  });
}

/** A copy of the clip right after it, on the same track, on a lane free there. */
export function duplicateClip(arrangement: Arrangement, id: string): Arrangement {
  const clip = arrangement.clips.find((c) => c.id === id);
  if (!clip || clipEnd(clip) + clip.duration > ARRANGEMENT_MAX_SECONDS) return arrangement;
  const start = clipEnd(clip);
  const used = lanesInUse(arrangement, clip.trackId, start, start + clip.duration);
  const lane = used.has(clip.lane)
    ? freeLane(arrangement, clip.trackId, start, start + clip.duration)
    : clip.lane;
  const copy = { ...clip, id: nextId('clip', arrangement.clips), start, lane };
  return { ...arrangement, clips: [...arrangement.clips, copy] };
}

/** Removes the clip; a take no clip plays any more leaves the arrangement too. */
export function deleteClip(arrangement: Arrangement, id: string): Arrangement {
  const clip = arrangement.clips.find((c) => c.id === id);
  if (!clip) return arrangement;
  const clips = arrangement.clips.filter((c) => c.id !== id);
  const takes = clips.some((c) => c.takeId === clip.takeId)
    ? arrangement.takes
    : arrangement.takes.filter((take) => take.id !== clip.takeId);
  return { ...arrangement, clips, takes };
}

/**
 * Comping: between start and end the track plays `lane`. Earlier regions under it are cut back
 * (or split) so regions never overlap; neighbours on the same lane merge.
 */
export function compRegion(
  arrangement: Arrangement,
  trackId: string,
  start: number,
  end: number,
  lane: number,
): Arrangement {
  if (!(end > start) || lane < 0 || lane >= ARRANGEMENT_MAX_LANES) return arrangement;
  const from = Math.max(0, start);
  return updateTrack(arrangement, trackId, (track) => {
    const kept: CompRegion[] = [];
    for (const region of track.comp) {
      if (region.end <= from || region.start >= end) kept.push(region);
      else {
        if (region.start < from) kept.push({ ...region, end: from });
        if (region.end > end) kept.push({ ...region, start: end });
      }
    }
    kept.push({ start: from, end, lane });
    kept.sort((a, b) => a.start - b.start);
    const merged: CompRegion[] = [];
    for (const region of kept) {
      const last = merged[merged.length - 1];
      if (last && last.lane === region.lane && last.end >= region.start)
        merged[merged.length - 1] = { ...last, end: Math.max(last.end, region.end) };
      else merged.push(region);
    }
    return { ...track, comp: merged };
  });
}

export function updateTrack(
  arrangement: Arrangement,
  id: string,
  change: (track: ArrangementTrack) => ArrangementTrack,
): Arrangement {
  const index = arrangement.tracks.findIndex((track) => track.id === id);
  if (index < 0) return arrangement;
  const tracks = arrangement.tracks.slice();
  tracks[index] = change(tracks[index]!);
  return { ...arrangement, tracks };
}

export type TrackPatch = Partial<
  Pick<ArrangementTrack, 'name' | 'volume' | 'pan' | 'mute' | 'solo' | 'effects'>
>;

/** Volume, pan, mute, solo, name or the chain of one track, clamped to their ranges. */
export function setTrack(arrangement: Arrangement, id: string, patch: TrackPatch): Arrangement {
  return updateTrack(arrangement, id, (track) => ({
    ...track,
    ...patch,
    name: patch.name?.trim() ? patch.name.trim().slice(0, 60) : track.name,
    volume: Math.min(2, Math.max(0, patch.volume ?? track.volume)),
    pan: Math.min(1, Math.max(-1, patch.pan ?? track.pan)),
  }));
}

/** Arms one track for recording (only one is armed at a time). */
export function armTrack(arrangement: Arrangement, id: string): Arrangement {
  if (!arrangement.tracks.some((track) => track.id === id)) return arrangement;
  return { ...arrangement, tracks: arrangement.tracks.map((track) => ({ ...track, arm: track.id === id })) };
}

/** A new track (at most 8) with the selected track's chain; it becomes the selected one. */
export function addTrack(arrangement: Arrangement): Arrangement {
  if (arrangement.tracks.length >= ARRANGEMENT_MAX_TRACKS) return arrangement;
  const selected =
    arrangement.tracks.find((t) => t.id === arrangement.selectedTrackId) ?? arrangement.tracks[0]!;
  const track = {
    ...newTrack(nextId('track', arrangement.tracks), arrangement.tracks.length, selected.effects),
    arm: false,
  };
  return { ...arrangement, tracks: [...arrangement.tracks, track], selectedTrackId: track.id };
}

/** Removes a track and its clips; the last track stays. */
export function removeTrack(arrangement: Arrangement, id: string): Arrangement {
  if (arrangement.tracks.length <= 1 || !arrangement.tracks.some((t) => t.id === id)) return arrangement;
  let next: Arrangement = { ...arrangement, tracks: arrangement.tracks.filter((t) => t.id !== id) };
  for (const clip of arrangement.clips) if (clip.trackId === id) next = deleteClip(next, clip.id);
  if (!next.tracks.some((t) => t.arm)) next = armTrack(next, next.tracks[0]!.id);
  if (next.selectedTrackId === id) next = { ...next, selectedTrackId: next.tracks[0]!.id };
  return next;
}

export function selectTrack(arrangement: Arrangement, id: string): Arrangement {
  return arrangement.tracks.some((t) => t.id === id) && arrangement.selectedTrackId !== id
    ? { ...arrangement, selectedTrackId: id }
    : arrangement;
}

/** Sets (or clears, with null) the loop or punch markers; a range must end after it starts. */
export function setRange(
  arrangement: Arrangement,
  which: 'loop' | 'punch',
  range: { start: number; end: number } | null,
): Arrangement {
  if (range && !(range.end > range.start && range.start >= 0)) return arrangement;
  return { ...arrangement, [which]: range };
}

export function setSnap(arrangement: Arrangement, snap: Snap): Arrangement {
  return arrangement.snap === snap ? arrangement : { ...arrangement, snap };
}
