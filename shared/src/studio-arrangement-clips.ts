// Edits of the studio's timeline as pure functions: each takes an arrangement and returns a new
// one (the input is never changed), so undo is keeping the previous value and the same edit
// gives the same result on the web, the desktop app and in tests. An edit that cannot apply
// (unknown clip, a trim past the take's audio) returns the arrangement unchanged, clamped where
// a user would expect it (dragging past the edge stops at the edge). This file holds the clip
// edits; tracks and comping are in studio-arrangement-tracks.ts, snap and markers in
// studio-arrangement-grid.ts.
import { type Arrangement, type ArrangementClip, type ArrangementTake } from './studio-arrangement';
import {
  ARRANGEMENT_MAX_LANES,
  ARRANGEMENT_MAX_SECONDS,
  MIN_CLIP_SECONDS,
} from './studio-arrangement-limits';

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
